// Heatmap repaint time (bar: 3k GPUs <= 4 ms) and layout time, for the teaching demo size,
// Philly size, a generated 50k-GPU cluster and 200k GPUs (rack cells). Offscreen; paints into a QImage like the
// raster backing store does. Prints figures, asserts nothing.
#include "bench/bench_util.hpp"
#include "ui/views/heatmap_layout.hpp"
#include "ui/views/heatmap_widget.hpp"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include <cstdio>

using namespace clens;

namespace {

std::shared_ptr<const Topology> cluster(int servers, int gpus)
{
    std::vector<ServerSpec> specs;
    for (int s = 0; s < servers; ++s)
        specs.push_back(ServerSpec{"srv" + std::to_string(s), std::nullopt, gpus, "", 0, 0});
    return std::make_shared<Topology>(Topology::build(specs, 8));
}

std::shared_ptr<const Trace> trace(int jobs)
{
    auto t = std::make_shared<Trace>();
    for (int v = 0; v < 15; ++v)
        t->internTenant("vc" + std::to_string(v));
    t->internUser("u");
    for (int j = 0; j < jobs; ++j) {
        Job job;
        job.id = "job" + std::to_string(j);
        job.tenant = j % 15;
        job.gpus = 1;
        t->jobs.push_back(job);
    }
    return t;
}

// ~80% busy, a few held idle, a few failed, jobs of 1-8 GPUs.
ClusterState randomState(int gpus, int jobs)
{
    boost::random::mt19937_64 rng(7);
    boost::random::uniform_real_distribution<double> u(0, 1);
    ClusterState s;
    s.gpu.resize(static_cast<std::size_t>(gpus));
    s.job.resize(static_cast<std::size_t>(gpus));
    s.util.resize(static_cast<std::size_t>(gpus));
    for (int g = 0; g < gpus; ++g) {
        const double x = u(rng);
        const auto i = static_cast<std::size_t>(g);
        s.gpu[i] = x < 0.78 ? GpuState::Busy : x < 0.8 ? GpuState::HeldIdle : x < 0.81 ? GpuState::Failed : GpuState::Idle;
        s.job[i] = s.gpu[i] == GpuState::Busy || s.gpu[i] == GpuState::HeldIdle ? (g / 4) % jobs : -1;
        s.util[i] = static_cast<float>(u(rng));
    }
    return s;
}

void run(const char* label, int servers, int gpusPerServer, QSize view)
{
    const auto topo = cluster(servers, gpusPerServer);
    const auto tr = trace(5000);
    ui::HeatmapWidget w;
    w.resize(view);
    w.setCluster(topo, tr);
    const ClusterState state = randomState(topo->gpuCount(), 5000);
    w.setState(state);
    QImage image(view, QImage::Format_ARGB32_Premultiplied);
    const auto paint = [&] {
        QPainter p(&image);
        w.paintMap(p);
    };
    paint(); // warm up glyph caches
    const auto paints = bench::timeRuns(60, paint);
    const auto updates = bench::timeRuns(60, [&] {
        w.setState(state); // recolour, as on every clock tick
        paint();
    });
    for (auto mode : {ui::ColorMode::Tenant, ui::ColorMode::Utilization})
        w.setColorMode(mode);
    ui::HeatmapLayoutParams params;
    params.viewport = view;
    params.serverLabelWidth = 40;
    const auto layouts = bench::timeRuns(20, [&] { (void)ui::HeatmapLayout::compute(*topo, params); });
    std::printf("%-22s %6d GPUs, %dx%d px, cell %2d px: repaint median %.2f ms (max %.2f), state+repaint %.2f ms, layout %.2f ms\n",
                label, topo->gpuCount(), view.width(), view.height(), w.layout().cell(), bench::median(paints) * 1e3,
                *std::max_element(paints.begin(), paints.end()) * 1e3, bench::median(updates) * 1e3,
                bench::median(layouts) * 1e3);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    run("teaching demo", 4, 4, QSize(960, 560));
    run("552 x 8-GPU servers", 552, 8, QSize(960, 560));
    run("3k GPUs (bar <= 4 ms)", 384, 8, QSize(960, 560));
    run("generated 50k", 6250, 8, QSize(1200, 700));
    run("200k GPUs (25k servers)", 25000, 8, QSize(1200, 700));
    std::printf("peak RSS %.1f MiB\n", bench::peakRssMiB());
    return 0;
}
