// Projects at Philly scale in the real main window (offscreen): the Philly sample with the VC
// quota preset and a pinned baseline (default knobs), saved as a .clens project and opened
// again in a fresh window. Times: the save (background) from the click to "saved", the open
// from the click to every view showing the stored result (read + index, no simulation), and
// the PDF report. Prints figures, asserts nothing.
#include "bench/bench_util.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/io/scenario_files.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>

using namespace clens;

namespace {

// Runs the event loop until `signal` of `sender` fires; false when `failure` fired first.
template <typename Sender, typename Signal, typename Failure>
bool waitFor(Sender* sender, Signal signal, Failure failure)
{
    QEventLoop loop;
    bool ok = true;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QObject::connect(sender, failure, &loop, [&](const QString& message) {
        std::fprintf(stderr, "failed: %s\n", qPrintable(message));
        ok = false;
        loop.quit();
    });
    loop.exec();
    return ok;
}

std::unique_ptr<ui::MainWindow> makeWindow()
{
    auto w = std::make_unique<ui::MainWindow>(ui::coreEngine());
    w->setInteractive(false);
    w->resize(1600, 1000);
    w->show();
    return w;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterLensBench"));
    const QString dir = QStringLiteral(CLENS_SAMPLE_DIR "/philly");
    QTemporaryDir out;
    const QString project = out.filePath(QStringLiteral("philly.clens"));

    auto window = makeWindow();
    window->openTrace(dir + QStringLiteral("/philly_jobs_pollux.csv"), dir + QStringLiteral("/cluster_machine_list"));
    if (!waitFor(window.get(), &ui::MainWindow::viewsUpdated, &ui::MainWindow::loadFailed))
        return 1;
    window->session()->pinBaseline();
    const auto quotas = ui::loadScenario(QStringLiteral(CLENS_SAMPLE_DIR "/../resources/presets/philly-vc-quotas.json"));
    if (!quotas.scenario) {
        std::fprintf(stderr, "%s\n", qPrintable(quotas.error));
        return 1;
    }
    window->applyScenario(*quotas.scenario);
    if (!waitFor(window.get(), &ui::MainWindow::viewsUpdated, &ui::MainWindow::loadFailed))
        return 1;

    std::vector<double> save, open, report;
    for (int i = 0; i < 3; ++i) {
        QElapsedTimer t;
        t.start();
        window->saveProject(project);
        if (!waitFor(window.get(), &ui::MainWindow::projectSaved, &ui::MainWindow::saveFailed))
            return 1;
        save.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);

        auto fresh = makeWindow();
        t.restart();
        fresh->openProject(project);
        if (!waitFor(fresh.get(), &ui::MainWindow::viewsUpdated, &ui::MainWindow::loadFailed))
            return 1;
        open.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        if (fresh->session()->runs()->generation() != 1 || !fresh->session()->baseline())
            std::fprintf(stderr, "warning: the opened project was not shown as stored\n");

        t.restart();
        fresh->exportReport(out.filePath(QStringLiteral("report.pdf")));
        if (!waitFor(fresh.get(), &ui::MainWindow::reportWritten, &ui::MainWindow::reportFailed))
            return 1;
        report.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
    }
    std::printf("Philly sample, %zu jobs, current + baseline results; project file %.1f MB\n",
                window->session()->current()->result->jobs.size(), static_cast<double>(QFileInfo(project).size()) / 1e6);
    std::printf("%s\n", bench::describe("save project (background, click -> saved)", save).c_str());
    std::printf("%s\n", bench::describe("open project (click -> every view shows the stored result)", open).c_str());
    std::printf("%s\n", bench::describe("PDF report with baseline (figures in background + pages)", report).c_str());
    std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
    return 0;
}
