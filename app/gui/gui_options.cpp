#include "app/gui/gui_options.hpp"

#include "core/util/time_zone.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>

#include <cstdio>
#include <stdexcept>

namespace clens::app {

namespace {

std::optional<TabChoice> tabFromString(const QString& s)
{
    using Page = ui::MainWindow::Page;
    if (s == QLatin1String("timelines")) return TabChoice{Page::Cluster, 0};
    if (s == QLatin1String("gantt")) return TabChoice{Page::Cluster, 1};
    if (s == QLatin1String("jobs")) return TabChoice{Page::Cluster, 2};
    if (const auto page = ui::MainWindow::pageFromName(s))
        return TabChoice{*page};
    return std::nullopt;
}

int usageError(const QString& message)
{
    std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
    return 2;
}

std::optional<QString> valueIfSet(const QCommandLineParser& parser, const QCommandLineOption& option)
{
    return parser.isSet(option) ? std::optional<QString>(parser.value(option)) : std::nullopt;
}

// The options, as --help lists them.
struct CommandLine {
    QCommandLineParser parser;
    QCommandLineOption cluster = QCommandLineOption({QStringLiteral("c"), QStringLiteral("cluster")},
                                                    QStringLiteral("Cluster file for the trace (found next to it when omitted)"),
                                                    QStringLiteral("file"));
    QCommandLineOption scenario = QCommandLineOption({QStringLiteral("s"), QStringLiteral("scenario")},
                                                     QStringLiteral("Scenario JSON to start with"), QStringLiteral("file"));
    QCommandLineOption at = QCommandLineOption(QStringLiteral("at"), QStringLiteral("Start at this many seconds after the first submission"),
                                               QStringLiteral("seconds"));
    QCommandLineOption timeWindow = QCommandLineOption(QStringLiteral("window"),
                                                       QStringLiteral("Zoom the timelines and the scrubber to FROM,TO seconds after the first submission"),
                                                       QStringLiteral("FROM,TO"));
    QCommandLineOption colorBy = QCommandLineOption(QStringLiteral("color-by"), QStringLiteral("state, tenant, job, utilization, cpu (reserved), memory (reserved), cpu-used or memory-used (used / reserved)"),
                                                    QStringLiteral("mode"));
    QCommandLineOption select = QCommandLineOption(QStringLiteral("select"), QStringLiteral("Select (inspect) the job with this id"),
                                                   QStringLiteral("job"));
    QCommandLineOption jobsAt = QCommandLineOption(QStringLiteral("jobs-at"),
                                                   QStringLiteral("The job table lists only the jobs waiting (or running) at the cursor: waiting or running"),
                                                   QStringLiteral("standing"));
    QCommandLineOption zoom = QCommandLineOption(QStringLiteral("zoom"), QStringLiteral("Zoom the cluster map into the rack with this name"),
                                                 QStringLiteral("rack"));
    QCommandLineOption tab = QCommandLineOption(QStringLiteral("tab"),
                                                QStringLiteral("Page to show: cluster, analysis, compare, phases, packing, sweep, or the cluster "
                                                               "page with its timelines, gantt or jobs tab"),
                                                QStringLiteral("name"));
    QCommandLineOption metrics = QCommandLineOption(QStringLiteral("metrics"),
                                                    QStringLiteral("AI4DL container metrics CSV for the Phases page"), QStringLiteral("file"));
    QCommandLineOption play = QCommandLineOption(QStringLiteral("play"), QStringLiteral("Start playing at once"));
    QCommandLineOption packAt = QCommandLineOption(QStringLiteral("pack-at"),
                                                   QStringLiteral("Packing page: show the map when this % of the GPU capacity has arrived"), QStringLiteral("PCT"));
    QCommandLineOption screenshot = QCommandLineOption(QStringLiteral("screenshot"),
                                                       QStringLiteral("Render the window to this image once the first result is shown, then exit"),
                                                       QStringLiteral("png"));
    QCommandLineOption size = QCommandLineOption(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1600x1000"), QStringLiteral("WxH"));
    QCommandLineOption baseline = QCommandLineOption(QStringLiteral("baseline"),
                                                     QStringLiteral("Simulate this scenario JSON first and pin it as the baseline; "
                                                                    "--scenario (or the default knobs) is then the current result"),
                                                     QStringLiteral("file"));
    QCommandLineOption report = QCommandLineOption(QStringLiteral("report"),
                                                   QStringLiteral("Write the PDF report once the results are shown, then exit"),
                                                   QStringLiteral("pdf"));
    // Slurm and Kubernetes import options, as the CLI's (docs/cli.md "Import options for Slurm and Kubernetes").
    QCommandLineOption timeZone = QCommandLineOption(QStringLiteral("timezone"), QStringLiteral("Zone of sacct's local times (UTC, +02:00 or an IANA name)"),
                                                     QStringLiteral("ZONE"));
    QCommandLineOption slurmTenant = QCommandLineOption(QStringLiteral("slurm-tenant"), QStringLiteral("sacct column naming the tenant: account, partition or qos"),
                                                        QStringLiteral("COLUMN"));
    QCommandLineOption topology = QCommandLineOption(QStringLiteral("topology"), QStringLiteral("Slurm topology.conf: leaf switches become racks"),
                                                     QStringLiteral("FILE"));
    QCommandLineOption rackLabel = QCommandLineOption(QStringLiteral("rack-label"), QStringLiteral("Kubernetes node label naming the rack"),
                                                      QStringLiteral("LABEL"));
    QCommandLineOption quotas = QCommandLineOption(QStringLiteral("quotas"),
                                                   QStringLiteral("Tenants' GPU quotas (sacctmgr GrpTRES or kubectl ResourceQuota list) as strict VC quotas"),
                                                   QStringLiteral("FILE"));

    CommandLine()
    {
        parser.setApplicationDescription(QStringLiteral("ClusterLens: what-if simulation of multi-tenant GPU clusters"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("file"),
                                     QStringLiteral("Job trace or .clens project to open (default: the teaching demo)"));
        parser.addOptions({cluster, scenario, baseline, at, timeWindow, colorBy, select, jobsAt, zoom, tab, metrics, play, packAt, screenshot, report, size, timeZone,
                           slurmTenant, topology, rackLabel, quotas});
    }
};

} // namespace

std::variant<GuiOptions, int> parseGuiOptions(const QApplication& app)
{
    CommandLine cl;
    auto& parser = cl.parser;
    parser.process(app);

    GuiOptions o;
    o.files = parser.positionalArguments();
    o.cluster = parser.value(cl.cluster);
    o.scenario = parser.value(cl.scenario);
    o.baseline = parser.value(cl.baseline);
    o.metrics = parser.value(cl.metrics);
    if (parser.isSet(cl.timeZone)) {
        o.import.timeZone = parser.value(cl.timeZone).toStdString();
        try {
            (void)TimeZone::load(o.import.timeZone);
        } catch (const ValueError& e) {
            return usageError(QStringLiteral("--timezone: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    if (parser.isSet(cl.slurmTenant)) {
        o.import.slurmTenant = parser.value(cl.slurmTenant).toStdString();
        if (o.import.slurmTenant != "account" && o.import.slurmTenant != "partition" && o.import.slurmTenant != "qos")
            return usageError(QStringLiteral("--slurm-tenant must be account, partition or qos"));
    }
    if (parser.isSet(cl.topology))
        o.import.topologyPath = QFileInfo(parser.value(cl.topology)).absoluteFilePath().toStdString();
    if (parser.isSet(cl.rackLabel))
        o.import.k8sRackLabel = parser.value(cl.rackLabel).toStdString();
    if (parser.isSet(cl.quotas))
        o.quotas = QFileInfo(parser.value(cl.quotas)).absoluteFilePath();
    if (parser.isSet(cl.size)) {
        const QStringList wh = parser.value(cl.size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            o.size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(cl.colorBy)) {
        o.colorBy = ui::colorModeFromName(parser.value(cl.colorBy));
        if (!o.colorBy)
            return usageError(QStringLiteral("unknown --color-by '%1'").arg(parser.value(cl.colorBy)));
    }
    if (parser.isSet(cl.tab)) {
        o.tab = tabFromString(parser.value(cl.tab));
        if (!o.tab)
            return usageError(QStringLiteral("unknown --tab '%1'").arg(parser.value(cl.tab)));
    }
    if (parser.isSet(cl.at))
        o.at = parser.value(cl.at).toLongLong();
    o.timeWindow = valueIfSet(parser, cl.timeWindow);
    o.select = valueIfSet(parser, cl.select);
    o.jobsAt = valueIfSet(parser, cl.jobsAt);
    o.zoom = valueIfSet(parser, cl.zoom);
    if (parser.isSet(cl.packAt))
        o.packAt = parser.value(cl.packAt).toInt();
    o.play = parser.isSet(cl.play);
    o.screenshot = parser.value(cl.screenshot);
    o.report = parser.value(cl.report);
    return o;
}

} // namespace clens::app
