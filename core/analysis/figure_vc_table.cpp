#include "core/analysis/figures.hpp"
#include "core/analysis/sample_stats.hpp"

#include <algorithm>
#include <numeric>

namespace clens {

Figure vcTableFigure(const JobTable& t)
{
    Figure f;
    f.name = "vc_table";
    f.title = "Virtual clusters: jobs, GPU-hours and queueing delay";
    f.kind = FigureKind::Table;
    f.x = {"Virtual cluster", "", {"vc"}};
    f.y = {"GPU-hours", "GPU-h", {"gpu_hours"}};
    f.addTextColumn("vc");
    f.addNumberColumn("jobs");
    f.addNumberColumn("gpu_hours", "GPU-h");
    f.addNumberColumn("gpu_time_pct", "%");
    f.addNumberColumn("started_jobs");
    f.addNumberColumn("mean_delay_s", "s");
    f.addNumberColumn("p50_delay_s", "s");
    f.addNumberColumn("p95_delay_s", "s");
    const std::size_t n = t.vcs.size();
    std::vector<double> jobs(n, 0), gpuSeconds(n, 0);
    std::vector<std::vector<double>> delays(n);
    double total = 0;
    for (const auto& j : t.jobs) {
        if (j.vc < 0 || static_cast<std::size_t>(j.vc) >= n)
            continue;
        const auto v = static_cast<std::size_t>(j.vc);
        jobs[v] += 1;
        gpuSeconds[v] += j.gpuSeconds;
        total += j.gpuSeconds;
        if (j.start_s && j.queueDelay_s)
            delays[v].push_back(static_cast<double>(*j.queueDelay_s));
    }
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return gpuSeconds[a] > gpuSeconds[b]; });
    for (const auto v : order) {
        if (jobs[v] == 0)
            continue;
        const auto st = statsOf(delays[v]);
        f.appendRow({t.vcs[v], jobs[v], gpuSeconds[v] / 3600.0,
                     total > 0 ? cell(100.0 * gpuSeconds[v] / total) : cell(std::nullopt), static_cast<double>(st.n),
                     cell(st.mean), cell(st.p50), cell(st.p95)});
    }
    f.notes.push_back("VCs by GPU-hours, largest first; delays of jobs that started");
    f.notes.push_back(t.gpuTimeNote);
    return f;
}

} // namespace clens
