#include "core/analysis/cdf_figures.hpp"
#include "core/analysis/figures.hpp"
#include "core/analysis/sample_stats.hpp"

#include <array>
#include <cmath>

namespace clens {

namespace {

constexpr std::array<std::int32_t, 4> kUtilSizes{1, 4, 8, 16};
enum Placement { Dedicated, Distributed, Unknown, kPlacements };
constexpr std::array<const char*, kPlacements> kPlacementNames{"dedicated", "distributed", "placement unknown"};

Placement placementOf(const JobRecord& j)
{
    if (!j.servers || *j.servers < 1)
        return Unknown;
    return *j.servers == 1 ? Dedicated : Distributed;
}

std::string sizeLabel(std::int32_t gpus)
{
    return std::to_string(gpus) + (gpus == 1 ? " GPU" : " GPUs");
}

struct UtilGroup {
    std::string label;
    std::string sizeText;
    Placement placement = Unknown;
    std::vector<double> pct;
    double weighted = 0, weight = 0; // sum of util x GPU time, GPU time
};

// Groups per (size, placement) for 1/4/8/16 GPUs, then per placement over all sizes, then all.
std::vector<UtilGroup> utilGroups(const JobTable& t)
{
    std::vector<UtilGroup> g;
    for (const auto gpus : kUtilSizes)
        for (int p = 0; p < kPlacements; ++p)
            g.push_back({sizeLabel(gpus) + ", " + kPlacementNames[static_cast<std::size_t>(p)], std::to_string(gpus),
                         static_cast<Placement>(p), {}, 0, 0});
    const std::size_t perPlacement = g.size();
    for (int p = 0; p < kPlacements; ++p)
        g.push_back({std::string("all sizes, ") + kPlacementNames[static_cast<std::size_t>(p)], "all",
                     static_cast<Placement>(p), {}, 0, 0});
    const std::size_t all = g.size();
    g.push_back({"all jobs", "all", Unknown, {}, 0, 0});
    const auto add = [](UtilGroup& x, double pct, double gpuSeconds) {
        x.pct.push_back(pct);
        x.weighted += pct * gpuSeconds;
        x.weight += gpuSeconds;
    };
    for (const auto& j : t.jobs) {
        if (std::isnan(j.util) || j.gpus < 1)
            continue;
        const double pct = 100.0 * j.util;
        const auto p = static_cast<std::size_t>(placementOf(j));
        for (std::size_t s = 0; s < kUtilSizes.size(); ++s)
            if (j.gpus == kUtilSizes[s])
                add(g[s * kPlacements + p], pct, j.gpuSeconds);
        add(g[perPlacement + p], pct, j.gpuSeconds);
        add(g[all], pct, j.gpuSeconds);
    }
    return g;
}

const char* kUtilNote = "utilization = mean utilization of the job's GPUs; dedicated = all its GPUs on one server, "
                        "distributed = on several";

} // namespace

Figure gpuUtilCdfFigure(const JobTable& t, const AnalysisOptions& o)
{
    std::vector<LabeledSample> samples;
    for (auto& g : utilGroups(t))
        if (g.sizeText != "all" && !g.pct.empty())
            samples.push_back({g.label, std::move(g.pct)});
    auto f = cdfFigure({"gpu_util_cdf", "GPU utilization of 1, 4, 8 and 16-GPU jobs, dedicated vs distributed",
                        "GPU utilization", "%", "gpu_util_pct", "Job size and placement"},
                       samples, o.cdfMaxPoints);
    f.notes.push_back(kUtilNote);
    f.notes.push_back(t.utilNote);
    return f;
}

Figure gpuUtilStatsFigure(const JobTable& t)
{
    Figure f;
    f.name = "gpu_util_stats";
    f.title = "GPU utilization by job size and placement (statistics)";
    f.kind = FigureKind::Table;
    f.x = {"Job size and placement", "", {"series"}};
    f.y = {"GPU utilization", "%", {"mean_pct", "gpu_time_weighted_pct"}};
    f.addTextColumn("series");
    f.addTextColumn("gpus");
    f.addTextColumn("placement");
    f.addNumberColumn("jobs");
    f.addNumberColumn("mean_pct", "%");
    f.addNumberColumn("p50_pct", "%");
    f.addNumberColumn("p95_pct", "%");
    f.addNumberColumn("gpu_time_weighted_pct", "%");
    for (auto& g : utilGroups(t)) {
        if (g.pct.empty() && g.placement == Unknown)
            continue; // rows for unknown placements only when such jobs exist
        const auto st = statsOf(g.pct);
        f.appendRow({g.label, g.sizeText, g.label == "all jobs" ? std::string("all") : kPlacementNames[g.placement],
                     static_cast<double>(st.n), cell(st.mean), cell(st.p50), cell(st.p95),
                     g.weight > 0 ? cell(g.weighted / g.weight) : cell(std::nullopt)});
    }
    f.notes.push_back(kUtilNote);
    f.notes.push_back(t.utilNote);
    f.notes.push_back("gpu_time_weighted_pct weights each job by its GPU time: the mean utilization of in-use GPUs");
    return f;
}

} // namespace clens
