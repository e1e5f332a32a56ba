// clusterlens: the desktop application. `clusterlens` opens the teaching demo,
// `clusterlens TRACE [--cluster FILE]` opens a trace (format auto-detected), `clusterlens
// FILE.clens` a project. The other options
// set up the first view; --screenshot renders it to an image and --report writes the PDF
// report, then the app exits (for docs and CI) once everything asked for is shown.
#include "clens_version.hpp"
#include "core/util/time_zone.hpp"
#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/pack/packing_page.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/views/job_table_panel.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>

namespace {

// The bundled samples: $CLENS_SAMPLE_DIR, next to the installed binary, or the source tree.
QString sampleDir()
{
    const QString env = qEnvironmentVariable("CLENS_SAMPLE_DIR");
    if (!env.isEmpty())
        return env;
    const QDir installed(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/clusterlens/sample_traces"));
    if (installed.exists())
        return installed.absolutePath();
    return QStringLiteral(CLENS_SAMPLE_DIR);
}

// --tab: a page, or one of the Cluster page's bottom tabs.
struct TabChoice {
    clens::ui::MainWindow::Page page;
    int bottomTab = -1;
};

std::optional<TabChoice> tabFromString(const QString& s)
{
    using Page = clens::ui::MainWindow::Page;
    if (s == QLatin1String("timelines")) return TabChoice{Page::Cluster, 0};
    if (s == QLatin1String("gantt")) return TabChoice{Page::Cluster, 1};
    if (s == QLatin1String("jobs")) return TabChoice{Page::Cluster, 2};
    if (const auto page = clens::ui::MainWindow::pageFromName(s))
        return TabChoice{*page};
    return std::nullopt;
}

// Counts what must be on screen before the screenshot is taken.
class ReadyGate : public QObject {
public:
    explicit ReadyGate(std::function<void()> onReady) : onReady_(std::move(onReady)) {}
    void expect() { ++pending_; }
    void done()
    {
        if (--pending_ == 0 && onReady_)
            std::exchange(onReady_, nullptr)();
    }

private:
    int pending_ = 0;
    std::function<void()> onReady_;
};

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterLens"));
    QApplication::setApplicationName(QStringLiteral("ClusterLens"));
    QApplication::setApplicationVersion(QString::fromLatin1(clens::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("clusterlens"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ClusterLens: what-if simulation of multi-tenant GPU clusters"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("Job trace or .clens project to open (default: the teaching demo)"));
    const QCommandLineOption cluster({QStringLiteral("c"), QStringLiteral("cluster")},
                                     QStringLiteral("Cluster file for the trace (found next to it when omitted)"),
                                     QStringLiteral("file"));
    const QCommandLineOption scenario({QStringLiteral("s"), QStringLiteral("scenario")},
                                      QStringLiteral("Scenario JSON to start with"), QStringLiteral("file"));
    const QCommandLineOption at(QStringLiteral("at"), QStringLiteral("Start at this many seconds after the first submission"),
                                QStringLiteral("seconds"));
    const QCommandLineOption timeWindow(QStringLiteral("window"),
                                        QStringLiteral("Zoom the timelines and the scrubber to FROM,TO seconds after the first submission"),
                                        QStringLiteral("FROM,TO"));
    const QCommandLineOption colorBy(QStringLiteral("color-by"), QStringLiteral("state, tenant, job, utilization, cpu (reserved), memory (reserved), cpu-used or memory-used (used / reserved)"),
                                     QStringLiteral("mode"));
    const QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select (inspect) the job with this id"),
                                    QStringLiteral("job"));
    const QCommandLineOption jobsAt(QStringLiteral("jobs-at"),
                                    QStringLiteral("The job table lists only the jobs waiting (or running) at the cursor: waiting or running"),
                                    QStringLiteral("standing"));
    const QCommandLineOption zoom(QStringLiteral("zoom"), QStringLiteral("Zoom the cluster map into the rack with this name"),
                                  QStringLiteral("rack"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("Page to show: cluster, analysis, compare, phases, packing, sweep, or the cluster "
                                                "page with its timelines, gantt or jobs tab"),
                                 QStringLiteral("name"));
    const QCommandLineOption metrics(QStringLiteral("metrics"),
                                     QStringLiteral("AI4DL container metrics CSV for the Phases page"), QStringLiteral("file"));
    const QCommandLineOption play(QStringLiteral("play"), QStringLiteral("Start playing at once"));
    const QCommandLineOption packAt(QStringLiteral("pack-at"),
                                    QStringLiteral("Packing page: show the map when this % of the GPU capacity has arrived"), QStringLiteral("PCT"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to this image once the first result is shown, then exit"),
                                        QStringLiteral("png"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1600x1000"), QStringLiteral("WxH"));
    const QCommandLineOption baseline(QStringLiteral("baseline"),
                                      QStringLiteral("Simulate this scenario JSON first and pin it as the baseline; "
                                                     "--scenario (or the default knobs) is then the current result"),
                                      QStringLiteral("file"));
    const QCommandLineOption report(QStringLiteral("report"),
                                    QStringLiteral("Write the PDF report once the results are shown, then exit"),
                                    QStringLiteral("pdf"));
    // Slurm and Kubernetes import options, as the CLI's (docs/cli.md "Import options for Slurm and Kubernetes").
    const QCommandLineOption timeZone(QStringLiteral("timezone"), QStringLiteral("Zone of sacct's local times (UTC, +02:00 or an IANA name)"),
                                      QStringLiteral("ZONE"));
    const QCommandLineOption slurmTenant(QStringLiteral("slurm-tenant"), QStringLiteral("sacct column naming the tenant: account, partition or qos"),
                                         QStringLiteral("COLUMN"));
    const QCommandLineOption topology(QStringLiteral("topology"), QStringLiteral("Slurm topology.conf: leaf switches become racks"),
                                      QStringLiteral("FILE"));
    const QCommandLineOption rackLabel(QStringLiteral("rack-label"), QStringLiteral("Kubernetes node label naming the rack"),
                                       QStringLiteral("LABEL"));
    const QCommandLineOption quotas(QStringLiteral("quotas"),
                                    QStringLiteral("Tenants' GPU quotas (sacctmgr GrpTRES or kubectl ResourceQuota list) as strict VC quotas"),
                                    QStringLiteral("FILE"));
    parser.addOptions({cluster, scenario, baseline, at, timeWindow, colorBy, select, jobsAt, zoom, tab, metrics, play, packAt, screenshot, report, size, timeZone,
                       slurmTenant, topology, rackLabel, quotas});
    parser.process(app);
    clens::ImportOptions importOptions;
    if (parser.isSet(timeZone)) {
        importOptions.timeZone = parser.value(timeZone).toStdString();
        try {
            (void)clens::TimeZone::load(importOptions.timeZone);
        } catch (const std::invalid_argument& e) {
            std::fprintf(stderr, "clusterlens: error: --timezone: %s\n", e.what());
            return 2;
        }
    }
    if (parser.isSet(slurmTenant)) {
        importOptions.slurmTenant = parser.value(slurmTenant).toStdString();
        if (importOptions.slurmTenant != "account" && importOptions.slurmTenant != "partition" && importOptions.slurmTenant != "qos") {
            std::fprintf(stderr, "clusterlens: error: --slurm-tenant must be account, partition or qos\n");
            return 2;
        }
    }
    if (parser.isSet(topology))
        importOptions.topologyPath = QFileInfo(parser.value(topology)).absoluteFilePath().toStdString();
    if (parser.isSet(rackLabel))
        importOptions.k8sRackLabel = parser.value(rackLabel).toStdString();

    clens::ui::MainWindow window(clens::ui::coreEngine());
    window.setImportOptions(importOptions);
    if (parser.isSet(quotas))
        window.setImportQuotas(QFileInfo(parser.value(quotas)).absoluteFilePath());
    window.setDemoDir(sampleDir() + QStringLiteral("/demo"));
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(colorBy)) {
        const auto mode = clens::ui::colorModeFromName(parser.value(colorBy));
        if (!mode) {
            std::fprintf(stderr, "clusterlens: error: unknown --color-by '%s'\n", qPrintable(parser.value(colorBy)));
            return 2;
        }
        window.setColorMode(*mode);
    }
    std::optional<TabChoice> tabChoice;
    if (parser.isSet(tab)) {
        tabChoice = tabFromString(parser.value(tab));
        if (!tabChoice) {
            std::fprintf(stderr, "clusterlens: error: unknown --tab '%s'\n", qPrintable(parser.value(tab)));
            return 2;
        }
    }
    const bool batch = parser.isSet(screenshot) || parser.isSet(report); // render, then exit
    if (batch)
        window.setInteractive(false);
    window.show();
    using clens::ui::MainWindow;
    const auto failAndExit = [](const QString& message) {
        std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
        QApplication::exit(2);
    };

    // In batch mode the app exits once everything asked for is on screen (the first result,
    // the shown page's figures, the Phases page's scores, the report).
    ReadyGate ready([&] {
        QTimer::singleShot(300, &window, [&] {
            bool ok = true;
            if (parser.isSet(screenshot) && !window.grab().save(parser.value(screenshot))) {
                std::fprintf(stderr, "clusterlens: error: cannot write %s\n", qPrintable(parser.value(screenshot)));
                ok = false;
            }
            QApplication::exit(ok ? 0 : 1);
        });
    });
    ready.expect(); // the first view
    if (batch)
        QObject::connect(&window, &MainWindow::loadFailed, &app, failAndExit);
    if (parser.isSet(metrics)) {
        if (batch) {
            ready.expect();
            QObject::connect(window.phasesPage(), &clens::ui::PhasesPage::scoresReady, &ready, [&] { ready.done(); },
                             Qt::SingleShotConnection);
            QObject::connect(window.phasesPage(), &clens::ui::PhasesPage::failed, &app, failAndExit);
        }
        window.openMetrics(QFileInfo(parser.value(metrics)).absoluteFilePath());
        if (!tabChoice)
            window.showPage(MainWindow::Page::Phases);
    }

    // The requested view, once the results asked for are on screen: with --baseline, that
    // scenario's result is pinned first, then --scenario (or the default knobs) is simulated.
    const QStringList args = parser.positionalArguments();
    bool pinned = false;
    const auto setUpView = [&] {
        auto* clock = window.session()->clock();
        if (parser.isSet(timeWindow)) {
            const auto parts = parser.value(timeWindow).split(QLatin1Char(','));
            bool okFrom = false, okTo = false;
            const auto from = parts.size() == 2 ? parts[0].toLongLong(&okFrom) : 0;
            const auto to = parts.size() == 2 ? parts[1].toLongLong(&okTo) : 0;
            if (okFrom && okTo)
                window.session()->window()->show(clock->begin() + from, clock->begin() + to);
            else
                std::fprintf(stderr, "clusterlens: warning: --window takes FROM,TO in seconds, not '%s'\n", qPrintable(parser.value(timeWindow)));
        }
        if (parser.isSet(at))
            clock->seek(clock->begin() + parser.value(at).toLongLong());
        if (parser.isSet(select) && !window.selectJobById(parser.value(select)))
            std::fprintf(stderr, "clusterlens: warning: no job '%s'\n", qPrintable(parser.value(select)));
        if (parser.isSet(jobsAt)) {
            const auto standing = parser.value(jobsAt) == QLatin1String("waiting")   ? clens::JobStanding::Waiting
                                  : parser.value(jobsAt) == QLatin1String("running") ? clens::JobStanding::Running
                                                                                     : clens::JobStanding::Absent;
            if (standing == clens::JobStanding::Absent)
                std::fprintf(stderr, "clusterlens: warning: --jobs-at takes waiting or running, not '%s'\n", qPrintable(parser.value(jobsAt)));
            window.jobTable()->showOnlyAtCursor(standing);
        }
        if (parser.isSet(packAt))
            window.packingPage()->setArrivedPct(parser.value(packAt).toInt());
        if (parser.isSet(zoom) && !window.zoomToRack(parser.value(zoom)))
            std::fprintf(stderr, "clusterlens: warning: no rack '%s'\n", qPrintable(parser.value(zoom)));
        if (tabChoice) {
            if (batch && tabChoice->page == MainWindow::Page::Analysis) {
                ready.expect();
                QObject::connect(window.analysisPage(), &clens::ui::analysis::AnalysisPage::figuresReady, &ready,
                                 [&] { ready.done(); }, Qt::SingleShotConnection);
            } else if (batch && tabChoice->page == MainWindow::Page::Compare) {
                ready.expect();
                QObject::connect(window.comparePage(), &clens::ui::analysis::ComparePage::comparisonReady, &ready,
                                 [&] { ready.done(); }, Qt::SingleShotConnection);
            } else if (batch && tabChoice->page == MainWindow::Page::Packing) {
                ready.expect();
                QObject::connect(window.packingPage(), &clens::ui::PackingPage::resultsReady, &ready, [&] { ready.done(); },
                                 Qt::SingleShotConnection);
                QObject::connect(window.packingPage(), &clens::ui::PackingPage::failed, &app, failAndExit);
            }
            window.showPage(tabChoice->page);
            if (batch && tabChoice->page == MainWindow::Page::Sweep) { // the page's default sweep, run to the end
                ready.expect();
                QObject::connect(window.sweepPage(), &clens::ui::SweepPage::finished, &ready, [&] { ready.done(); },
                                 Qt::SingleShotConnection);
                QObject::connect(window.sweepPage(), &clens::ui::SweepPage::failed, &app, failAndExit);
                if (!window.sweepPage()->run())
                    QApplication::exit(2);
            }
            if (tabChoice->bottomTab >= 0)
                window.bottomTabs()->setCurrentIndex(tabChoice->bottomTab);
        }
        // The teaching demo starts moving by itself; a trace of your own waits for Play.
        if (parser.isSet(play) || (args.isEmpty() && !parser.isSet(at) && !batch))
            clock->play();
        if (parser.isSet(report)) {
            ready.expect();
            QObject::connect(&window, &MainWindow::reportWritten, &ready, [&] { ready.done(); });
            QObject::connect(&window, &MainWindow::reportFailed, &app, [](const QString& message) {
                std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
                QApplication::exit(1);
            });
            window.exportReport(parser.value(report));
        }
        if (batch)
            ready.done();
    };
    auto* results = new QMetaObject::Connection;
    *results = QObject::connect(&window, &MainWindow::viewsUpdated, &window, [&, results] {
        if (window.session()->runs()->isBusy()) // a newer run (the knobs asked for) is coming
            return;
        if (parser.isSet(baseline) && !pinned) {
            pinned = true;
            window.session()->pinBaseline();
            if (parser.isSet(scenario)) {
                if (!window.applyScenarioFile(parser.value(scenario)))
                    QApplication::exit(2);
            } else {
                window.applyScenario(clens::Scenario{});
            }
            return;
        }
        QObject::disconnect(*results);
        delete results;
        setUpView();
    });

    QTimer::singleShot(0, &window, [&] {
        // The first knobs: the baseline's when there is one.
        const QString first = parser.value(parser.isSet(baseline) ? baseline : scenario);
        const auto applyFirst = [&, first] {
            if (!first.isEmpty() && !window.applyScenarioFile(first))
                QApplication::exit(2);
        };
        if (args.isEmpty()) {
            window.openDemo();
        } else if (clens::ui::looksLikeProject(args.first())) {
            // The project's own knobs and results arrive with it; given knobs replace them.
            QObject::connect(&window, &MainWindow::projectOpened, &window, applyFirst, Qt::SingleShotConnection);
            window.openProject(args.first());
            return;
        } else {
            window.openTrace(QFileInfo(args.first()).absoluteFilePath(), parser.value(cluster));
        }
        applyFirst(); // before the data has loaded: the first run already uses these knobs
    });
    return QApplication::exec();
}
