// clusterlens: the desktop application. `clusterlens` opens the teaching demo,
// `clusterlens TRACE [--cluster FILE]` opens a trace (format auto-detected), `clusterlens
// FILE.clens` a project. The other options
// set up the first view, and --screenshot renders it to an image and exits (for docs and CI)
// once everything asked for is shown.
#include "ui/app/main_window.hpp"
#include "ui/app/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/views/heatmap_palette.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <optional>
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

std::optional<clens::ui::ColorMode> colorModeFromString(const QString& s)
{
    using clens::ui::ColorMode;
    if (s == QLatin1String("state")) return ColorMode::State;
    if (s == QLatin1String("tenant") || s == QLatin1String("vc")) return ColorMode::Tenant;
    if (s == QLatin1String("job")) return ColorMode::Job;
    if (s == QLatin1String("utilization") || s == QLatin1String("util")) return ColorMode::Utilization;
    return std::nullopt;
}

// --tab: a page, or one of the Cluster page's bottom tabs.
struct TabChoice {
    clens::ui::MainWindow::Page page;
    int bottomTab = -1;
};

std::optional<TabChoice> tabFromString(const QString& s)
{
    using Page = clens::ui::MainWindow::Page;
    if (s == QLatin1String("cluster")) return TabChoice{Page::Cluster};
    if (s == QLatin1String("timelines")) return TabChoice{Page::Cluster, 0};
    if (s == QLatin1String("jobs")) return TabChoice{Page::Cluster, 1};
    if (s == QLatin1String("phases")) return TabChoice{Page::Phases};
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
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
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
    const QCommandLineOption colorBy(QStringLiteral("color-by"), QStringLiteral("state, tenant, job or utilization"),
                                     QStringLiteral("mode"));
    const QCommandLineOption select(QStringLiteral("select"), QStringLiteral("Select (inspect) the job with this id"),
                                    QStringLiteral("job"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("Page to show: cluster, phases, or the cluster page with its "
                                                "timelines or jobs tab"),
                                 QStringLiteral("name"));
    const QCommandLineOption metrics(QStringLiteral("metrics"),
                                     QStringLiteral("AI4DL container metrics CSV for the Phases page"), QStringLiteral("file"));
    const QCommandLineOption play(QStringLiteral("play"), QStringLiteral("Start playing at once"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to this image once the first result is shown, then exit"),
                                        QStringLiteral("png"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size, e.g. 1600x1000"), QStringLiteral("WxH"));
    parser.addOptions({cluster, scenario, at, colorBy, select, tab, metrics, play, screenshot, size});
    parser.process(app);

    clens::ui::MainWindow window(clens::ui::coreEngine());
    window.setDemoDir(sampleDir() + QStringLiteral("/demo"));
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(colorBy)) {
        const auto mode = colorModeFromString(parser.value(colorBy));
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
    if (parser.isSet(screenshot))
        window.setInteractive(false);
    window.show();

    // The screenshot waits for the first result and, when asked for, the Phases page's scores.
    ReadyGate ready([&] {
        QTimer::singleShot(300, &window, [&] {
            const bool ok = window.grab().save(parser.value(screenshot));
            if (!ok)
                std::fprintf(stderr, "clusterlens: error: cannot write %s\n", qPrintable(parser.value(screenshot)));
            QApplication::exit(ok ? 0 : 1);
        });
    });
    ready.expect(); // the first result
    if (parser.isSet(metrics)) {
        if (parser.isSet(screenshot)) {
            ready.expect();
            QObject::connect(window.phasesPage(), &clens::ui::PhasesPage::scoresReady, &ready, [&] { ready.done(); },
                             Qt::SingleShotConnection);
            QObject::connect(window.phasesPage(), &clens::ui::PhasesPage::failed, &app, [](const QString& message) {
                std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
                QApplication::exit(2);
            });
        }
        window.openMetrics(QFileInfo(parser.value(metrics)).absoluteFilePath());
        if (!tabChoice)
            window.showPage(clens::ui::MainWindow::Page::Phases);
    }

    // Once the first result is on screen: the requested view, then maybe the screenshot.
    // (A --scenario is applied before the data has loaded, so the first run already uses it.)
    const QStringList args = parser.positionalArguments();
    auto* firstResult = new QMetaObject::Connection;
    *firstResult = QObject::connect(&window, &clens::ui::MainWindow::viewsUpdated, &window, [&, firstResult] {
        QObject::disconnect(*firstResult);
        delete firstResult;
        auto* clock = window.session()->clock();
        if (parser.isSet(at))
            clock->seek(clock->begin() + parser.value(at).toLongLong());
        if (parser.isSet(select) && !window.selectJobById(parser.value(select)))
            std::fprintf(stderr, "clusterlens: warning: no job '%s'\n", qPrintable(parser.value(select)));
        if (tabChoice) {
            window.showPage(tabChoice->page);
            if (tabChoice->bottomTab >= 0)
                window.bottomTabs()->setCurrentIndex(tabChoice->bottomTab);
        }
        // The teaching demo starts moving by itself; a trace of your own waits for Play.
        if (parser.isSet(play) || (args.isEmpty() && !parser.isSet(at) && !parser.isSet(screenshot)))
            clock->play();
        if (parser.isSet(screenshot))
            ready.done();
    });
    if (parser.isSet(screenshot))
        QObject::connect(&window, &clens::ui::MainWindow::loadFailed, &app, [](const QString& message) {
            std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
            QApplication::exit(2);
        });

    QTimer::singleShot(0, &window, [&] {
        const auto applyScenario = [&] {
            if (parser.isSet(scenario) && !window.applyScenarioFile(parser.value(scenario)))
                QApplication::exit(2);
        };
        if (args.isEmpty()) {
            window.openDemo();
        } else if (clens::ui::looksLikeProject(args.first())) {
            // The project's own knobs arrive with it; --scenario replaces them afterwards.
            QObject::connect(&window, &clens::ui::MainWindow::projectOpened, &window, applyScenario, Qt::SingleShotConnection);
            window.openProject(args.first());
            return;
        } else {
            window.openTrace(QFileInfo(args.first()).absoluteFilePath(), parser.value(cluster));
        }
        applyScenario();
    });
    return QApplication::exec();
}
