#include "core/analysis/figures.hpp"

#include <array>

namespace clens {

Figure statusMixFigure(const JobTable& t)
{
    Figure f;
    f.name = "status_mix";
    f.title = "Final job status by number of jobs and by GPU time";
    f.kind = FigureKind::Bars;
    f.x = {"Final status", "", {"status"}};
    f.y = {"Share", "%", {"jobs_pct", "gpu_time_pct"}};
    f.addTextColumn("status");
    f.addNumberColumn("jobs");
    f.addNumberColumn("jobs_pct", "%");
    f.addNumberColumn("gpu_hours", "GPU-h");
    f.addNumberColumn("gpu_time_pct", "%");
    constexpr std::array statuses{JobStatus::Pass, JobStatus::Killed, JobStatus::Failed, JobStatus::Unfinished};
    std::array<double, statuses.size()> jobs{}, gpuSeconds{};
    double totalGpuSeconds = 0;
    for (const auto& j : t.jobs) {
        const auto s = static_cast<std::size_t>(j.status);
        jobs[s] += 1;
        gpuSeconds[s] += j.gpuSeconds;
        totalGpuSeconds += j.gpuSeconds;
    }
    const double totalJobs = static_cast<double>(t.jobs.size());
    for (const auto st : statuses) {
        const auto s = static_cast<std::size_t>(st);
        if (st == JobStatus::Unfinished && jobs[s] == 0)
            continue; // a trace has no Unfinished jobs; keep the study's three rows
        f.appendRow({std::string(toString(st)), jobs[s], totalJobs > 0 ? cell(100.0 * jobs[s] / totalJobs) : cell(std::nullopt),
                     gpuSeconds[s] / 3600.0,
                     totalGpuSeconds > 0 ? cell(100.0 * gpuSeconds[s] / totalGpuSeconds) : cell(std::nullopt)});
    }
    f.notes.push_back(t.gpuTimeNote);
    return f;
}

} // namespace clens
