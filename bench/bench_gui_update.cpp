// Knob change -> every view updated, at Philly scale (bar: <= 1.5 s). Opens the Philly sample
// in the real main window (offscreen), moves the "relax to any after" slider back and forth
// and times: the debounce, the background run (simulate + state index), applying the result to
// every view, and the repaint of the whole window, with no result kept (every move simulates);
// then the same moves with results kept, which answer them without a run
// (docs/gui.md "Results kept for going back"). Prints figures, asserts nothing.
// `bench_gui_update TRACE CLUSTER` opens that trace instead (a 10M-job one: docs/gui.md) and
// times only the open and the scrub step. `bench_gui_update autoscaler` picks the preset
// "Autoscaler: phase walk, phase.rule, node power" on the Philly sample (which opens the AI4DL
// sample on the Phases page and trains its model) and moves the autoscaler's sigma instead
// (issue 11: "moving sigma … re-simulates within a second"; docs/autoscaling.md "Speed").
#include "bench/bench_util.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/run/run_controller.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/run/engine.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/phases/simulated_cluster_box.hpp"
#include "ui/views/autoscaler_knobs.hpp"
#include "ui/views/duration_knob.hpp"
#include "ui/views/scenario_panel.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSlider>
#include <QTimer>

#include <cstdio>
#include <string>

using namespace clens;

namespace {

// Runs the event loop until `signal` of `sender` fires.
template <typename Sender, typename Signal>
void waitFor(Sender* sender, Signal signal)
{
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    loop.exec();
}

// Runs the event loop until `done()` holds (checked whenever the views update, and every 50 ms).
template <typename Done>
void waitUntil(ui::MainWindow& window, Done done)
{
    QEventLoop loop;
    QTimer tick;
    const auto check = [&] {
        if (done())
            loop.quit();
    };
    QObject::connect(&window, &ui::MainWindow::viewsUpdated, &loop, check);
    QObject::connect(&tick, &QTimer::timeout, &loop, check);
    tick.start(50);
    if (!done())
        loop.exec();
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each figure as it comes
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterLensBench"));
    const QString dir = QStringLiteral(CLENS_SAMPLE_DIR "/philly");
    ui::MainWindow window(ui::coreEngine());
    window.setInteractive(false);
    window.setDemoDir(QStringLiteral(CLENS_SAMPLE_DIR "/demo")); // where the preset finds the AI4DL sample
    window.resize(1600, 1000);
    window.show();

    QElapsedTimer timer;
    timer.start();
    QString failure;
    QObject::connect(&window, &ui::MainWindow::loadFailed, [&](const QString& m) {
        failure = m;
        QMetaObject::invokeMethod(&window, [&] { emit window.viewsUpdated(0); }, Qt::QueuedConnection);
    });
    const bool own = argc > 2;
    const bool autoscaler = argc == 2 && std::string(argv[1]) == "autoscaler";
    window.openTrace(own ? QString::fromLocal8Bit(argv[1]) : dir + QStringLiteral("/philly_jobs_pollux.csv"),
                     own ? QString::fromLocal8Bit(argv[2]) : dir + QStringLiteral("/cluster_machine_list"));
    waitFor(&window, &ui::MainWindow::viewsUpdated);
    if (!failure.isEmpty()) {
        std::fprintf(stderr, "load failed: %s\n", qPrintable(failure));
        return 1;
    }
    std::printf("open %s (load + first simulation + views): %.2f s\n", own ? argv[1] : "the Philly sample",
                static_cast<double>(timer.elapsed()) / 1000);
    auto snapshot = window.session()->current();
    std::printf("  %zu jobs, %d GPUs, first run %.2f s\n", snapshot->result->jobs.size(),
                snapshot->result->cluster->gpuCount(), snapshot->runSeconds);

    if (autoscaler) {
        auto* presets = window.findChild<QComboBox*>(QStringLiteral("presets"));
        const int preset = presets ? presets->findText(QStringLiteral("Autoscaler: phase walk, phase.rule, node power")) : -1;
        if (preset < 0) {
            std::fprintf(stderr, "no autoscaler preset\n");
            return 1;
        }
        timer.restart();
        emit presets->activated(preset);
        // The preset's run needs the Phases page's model: wait until an autoscaled result is shown.
        waitUntil(window, [&] {
            const auto now = window.session()->current();
            return now && !now->result->scaledRuns.empty() && !window.session()->runs()->isBusy();
        });
        snapshot = window.session()->current();
        std::printf("preset applied (AI4DL sample opened, model trained, first autoscaled run, views): %.2f s\n"
                    "  %zu scaled intervals, first run %.2f s\n",
                    static_cast<double>(timer.elapsed()) / 1000, snapshot->result->scaledLevels.size(), snapshot->runSeconds);
    }
    QSlider* slider = window.scenarioPanel()->relaxToAnyKnob()->slider();
    QDoubleSpinBox* sigma = window.scenarioPanel()->autoscalerKnobs()->sigmaSpin();
    const int a = slider->value(), b = std::max(0, a - 3);
    const double sigmaA = sigma->value(), sigmaB = sigmaA + 0.5;
    std::vector<double> total, toStart, run, apply, paint;
    QElapsedTimer t;
    double startedAt = 0;
    QObject::connect(window.session()->runs(), &ui::RunController::runStarted, &window,
                     [&] { startedAt = static_cast<double>(t.nsecsElapsed()) / 1e9; });
    const auto move = [&](int i) { // the i-th move: back and forth between two values
        if (autoscaler)
            sigma->setValue(i % 2 ? sigmaA : sigmaB);
        else
            slider->setValue(i % 2 ? a : b);
    };
    // The Phases page's "In the simulated cluster" draws its chart in the background after the
    // views have the result: when it shows, timed from the move.
    auto* phasesBox = window.phasesPage()->simulatedCluster();
    const auto phasesShownAt = [&](const QElapsedTimer& since) {
        if (phasesBox->building())
            waitFor(phasesBox, &ui::SimulatedClusterBox::built);
        QCoreApplication::processEvents();
        return static_cast<double>(since.nsecsElapsed()) / 1e9;
    };
    std::vector<double> phasesAt;
    // Every change simulates (the bar's figure): no result kept for going back, or the moves
    // back and forth below would be answered from them after the first two.
    window.session()->runs()->setKeptResultsBytes(0);
    for (int i = 0; i < (own ? 0 : 6); ++i) {
        t.start();
        move(i);
        waitFor(&window, &ui::MainWindow::viewsUpdated);
        const double applied = static_cast<double>(t.nsecsElapsed()) / 1e9;
        (void)window.grab(); // repaint everything, as the screen would
        const double painted = static_cast<double>(t.nsecsElapsed()) / 1e9;
        snapshot = window.session()->current();
        total.push_back(painted);
        run.push_back(snapshot->runSeconds);
        toStart.push_back(startedAt);
        apply.push_back(applied - snapshot->runSeconds - startedAt);
        paint.push_back(painted - applied);
        if (autoscaler)
            phasesAt.push_back(phasesShownAt(t));
    }
    if (!own) {
        std::printf("%s -> all views updated and painted: median %.3f s (min %.3f, max %.3f) [bar %s]\n",
                    autoscaler ? "sigma change" : "knob change", bench::median(total), *std::min_element(total.begin(), total.end()),
                    *std::max_element(total.begin(), total.end()), autoscaler ? "1 s, issue 11" : "1.5 s");
        std::printf("  to the run's start %.3f s + simulate & index %.3f s + apply to views ~%.3f s + repaint %.3f s (medians)\n",
                    bench::median(toStart), bench::median(run), bench::median(apply), bench::median(paint));
        if (autoscaler)
            std::printf("  the Phases page's simulated-cluster section (its chart drawn in the background after the views) shown at %.3f s (median)\n",
                        bench::median(phasesAt));
    }

    if (!own) { // back and forth between two values simulated once (docs/gui.md "Results kept for going back")
        window.session()->runs()->setKeptResultsBytes(ui::ResultCache::kDefaultBudgetBytes);
        std::vector<double> back, backPhases;
        for (int i = 0; i < 8; ++i) {
            QElapsedTimer t;
            t.start();
            move(i);
            waitFor(&window, &ui::MainWindow::viewsUpdated);
            (void)window.grab();
            if (i >= 2) // the first two simulate (and are kept)
                back.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
            if (autoscaler && i >= 2)
                backPhases.push_back(phasesShownAt(t));
        }
        std::printf("back to a kept value (the same moves, results kept) -> all views updated and painted: median %.3f s "
                    "(max %.3f, %zu moves; %zu results kept, about %.0f MiB)\n",
                    bench::median(back), *std::max_element(back.begin(), back.end()), back.size(),
                    window.session()->runs()->keptResults().size(),
                    static_cast<double>(window.session()->runs()->keptResults().bytes()) / (1024.0 * 1024.0));
        if (autoscaler)
            std::printf("  the Phases page's simulated-cluster section shown at %.3f s (median)\n", bench::median(backPhases));
        snapshot = window.session()->current();
    }

    if (!own) { // the split of "simulate & index": the index built again on the last result
        std::vector<double> index;
        for (int i = 0; i < 3; ++i) {
            QElapsedTimer t;
            t.start();
            auto again = ui::makeSnapshot(ui::coreEngine(), snapshot->result);
            index.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
        }
        std::printf("  of which the index (state timeline, interval indexes, phases of the simulated jobs): %.3f s (median of 3)\n", bench::median(index));
    }

    // Scrubbing / playback: one seek updates the state, the map, the cursors and read-outs.
    auto* clock = window.session()->clock();
    const auto span = clock->end() - clock->begin();
    std::vector<double> seeks;
    for (int i = 0; i < 60; ++i) {
        QElapsedTimer t;
        t.start();
        clock->seek(clock->begin() + span * (i % 30) / 30 + i);
        QCoreApplication::processEvents(); // deliver the repaint requests
        (void)window.grab();
        seeks.push_back(static_cast<double>(t.nsecsElapsed()) / 1e9);
    }
    std::printf("scrub step (seek -> state, map, timelines, window repainted): median %.1f ms (max %.1f)\n",
                bench::median(seeks) * 1e3, *std::max_element(seeks.begin(), seeks.end()) * 1e3);
    std::printf("peak RSS %.1f MiB\n", bench::peakRssMiB());
    return 0;
}
