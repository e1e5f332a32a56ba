// Not a test: renders the Cluster page with the autoscaler in the cluster and node power on a
// generated philly-like cluster (demand from the AI4DL sample containers and the reference phase
// model, policy phase.rule, power on), coloured by CPU used / reserved at an instant when some
// servers are off and one boots. Regenerates docs/autoscaling-map.png:
//   xvfb-run -s "-screen 0 1600x1000x24" build/default/tests/ui/autoscale_screenshot docs/autoscaling-map.png
// (The application cannot take the demand from its command line yet.)
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/sim/demand_model.hpp"
#include "core/sim/simulator.hpp"
#include "core/synth/philly_like_generator.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"
#include "ui/run/engine.hpp"
#include "ui/time/playback_clock.hpp"
#include "ui/views/heatmap_widget.hpp"

#include "ui/views/timeline_view.hpp"

#include <qcustomplot.h>

#include <QApplication>
#include <QDockWidget>
#include <QEventLoop>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <string>

using namespace clens;

namespace {

// The middle of a boot with at least three servers off, where most servers hold jobs.
std::int64_t pictureTime(const ui::SimSnapshot& snapshot)
{
    const SimResult& r = *snapshot.result;
    std::int64_t best = r.firstSubmit_s;
    int bestBusy = -1;
    ClusterState state;
    for (const auto& boot : r.powerOff) {
        if (!boot.booting)
            continue;
        const std::int64_t t = boot.from_s + (boot.to_s - boot.from_s) / 2;
        snapshot.states->stateAt(t, state);
        int off = 0, busy = 0;
        for (std::size_t s = 0; s < state.serverPower.size(); ++s) {
            off += state.serverPower[s] == 1 ? 1 : 0;
            busy += state.serverPower[s] == 0 && state.cpuReserved[s] > 0 ? 1 : 0;
        }
        if (off >= 3 && busy > bestBusy) {
            bestBusy = busy;
            best = t;
        }
    }
    return best;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("autoscaling-map.png");

    synth::GenerateOptions g;
    g.jobs = 1500;
    g.servers = 40;
    g.load = 0.7;
    g.seed = 5;
    synth::PhillyLikeGenerator generator(g);
    ui::SimInput in;
    in.cluster = std::make_shared<const Topology>(generator.cluster());
    in.trace = std::make_shared<const Trace>(synth::generatePhillyLikeTrace(generator));
    const auto metrics = readAi4dlMetrics(std::string(CLENS_SAMPLE_DIR) + "/ai4dl/sample-dlaas.csv");
    const auto model = loadPhaseModel(std::string(CLENS_TEST_DATA_DIR) + "/ai4dl/ai4dl_pretrained_params.json");
    const auto demand = std::make_shared<const DemandProfile>(buildDemandProfile(metrics, &model));

    ui::Engine engine = ui::coreEngine();
    engine.simulate = [demand](const ui::SimInput& input, const Scenario& scenario, const ProgressFn& progress) {
        SimOptions o;
        o.progress = progress;
        o.demand = demand;
        return simulate(input.cluster, input.trace, scenario, o);
    };
    Scenario s;
    s.autoscaler.usage = UsageModel::Phases;
    s.autoscaler.policy = "phase.rule";
    s.autoscaler.interval_s = 300;
    s.power.enabled = true;
    // Small servers, so that what the autoscaler reserves shows against their capacity.
    s.resources.serverDefaults.cpuCores = 8;
    s.resources.serverDefaults.memGb = 64;
    s.resources.jobDefaults.cpuPerGpu = 4;
    s.resources.jobDefaults.memGbPerGpu = 16;

    ui::MainWindow window(engine);
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    window.applyScenario(s);
    QEventLoop wait;
    QObject::connect(&window, &ui::MainWindow::viewsUpdated, &wait, &QEventLoop::quit);
    window.session()->setInput(in, QStringLiteral("philly-like: 1,500 jobs on 40 servers, load 0.7"));
    wait.exec();
    const auto snapshot = window.session()->current();
    if (!snapshot || !snapshot->result) {
        std::fprintf(stderr, "no result\n");
        return 1;
    }
    const std::int64_t t = pictureTime(*snapshot);
    window.setColorMode(ui::ColorMode::CpuUsed);
    for (auto* dock : window.findChildren<QDockWidget*>())
        if (dock->isVisible() && dock->findChild<ui::TimelineView*>())
            window.resizeDocks({dock}, {400}, Qt::Vertical); // room for the autoscaler's and power's charts
    window.session()->clock()->seek(t);
    QTimer::singleShot(500, &window, [&] {
        for (auto* timelines : window.findChildren<ui::TimelineView*>())
            timelines->plot()->replot();
        const bool ok = window.grab().save(out);
        std::printf("t = %lld s after the start; %s %s\n", static_cast<long long>(t - snapshot->result->firstSubmit_s),
                    ok ? "wrote" : "cannot write", qPrintable(out));
        QApplication::exit(ok ? 0 : 1);
    });
    return QApplication::exec();
}
