#include "core/analysis/figures.hpp"
#include "core/model/job_size.hpp"

#include <array>

namespace clens {

Figure sizeMixFigure(const JobTable& t)
{
    Figure f;
    f.name = "size_mix";
    f.title = "Job-size mix by number of jobs and by GPU time";
    f.kind = FigureKind::Bars;
    f.x = {"Job size (GPUs)", "", {"size_bucket"}};
    f.y = {"Share", "%", {"jobs_pct", "gpu_time_pct"}};
    f.addTextColumn("size_bucket");
    f.addNumberColumn("jobs");
    f.addNumberColumn("jobs_pct", "%");
    f.addNumberColumn("gpu_hours", "GPU-h");
    f.addNumberColumn("gpu_time_pct", "%");
    std::array<double, kSizeBuckets> jobs{}, gpuSeconds{};
    double totalJobs = 0, totalGpuSeconds = 0;
    std::int64_t noGpu = 0;
    for (const auto& j : t.jobs) {
        if (j.gpus < 1) {
            ++noGpu;
            continue;
        }
        const auto b = static_cast<std::size_t>(sizeBucket(j.gpus));
        jobs[b] += 1;
        gpuSeconds[b] += j.gpuSeconds;
        totalJobs += 1;
        totalGpuSeconds += j.gpuSeconds;
    }
    const auto pct = [](double part, double whole) { return whole > 0 ? cell(100.0 * part / whole) : cell(std::nullopt); };
    for (std::size_t b = 0; b < kSizeBuckets; ++b)
        f.appendRow({std::string(kSizeBucketLabels[b]), jobs[b], pct(jobs[b], totalJobs), gpuSeconds[b] / 3600.0,
                     pct(gpuSeconds[b], totalGpuSeconds)});
    f.notes.push_back(t.gpuTimeNote);
    if (noGpu)
        f.notes.push_back(std::to_string(noGpu) + " jobs asking for no GPU are left out");
    return f;
}

} // namespace clens
