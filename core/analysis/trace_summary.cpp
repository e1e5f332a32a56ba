#include "core/analysis/trace_summary.hpp"

#include <algorithm>

namespace clens {

TraceSummary summarizeTrace(const Trace& trace, const Topology* cluster)
{
    TraceSummary s;
    s.jobs = static_cast<std::int64_t>(trace.jobs.size());
    s.vcs = static_cast<std::int64_t>(trace.tenants.size());
    // Formats without users intern "" for every job: an unknown user is not a user.
    s.users = static_cast<std::int64_t>(std::count_if(trace.users.begin(), trace.users.end(), [](const auto& u) { return !u.empty(); }));
    if (cluster)
        s.cluster = summarizeCluster(*cluster);
    for (const auto& j : trace.jobs) {
        if (j.simulated())
            ++s.simulatedJobs;
        else
            ++s.skipped[std::string(toString(j.skip))];
        s.firstSubmit_s = s.firstSubmit_s ? std::min(*s.firstSubmit_s, j.submit_s) : j.submit_s;
        s.lastSubmit_s = s.lastSubmit_s ? std::max(*s.lastSubmit_s, j.submit_s) : j.submit_s;
        if (j.gpus >= 1)
            ++s.jobsBySize[static_cast<std::size_t>(sizeBucket(j.gpus))];
        ++s.status[std::string(toString(j.status))];
        if (j.gpuMilli < 1000 && j.gpus > 0)
            ++s.fractionalGpuJobs;
        s.jobsWithCpu += j.cpuCores > 0;
        s.jobsWithMem += j.memGb > 0;
        s.jobsWithGpuModels += j.gpuModels != 0;
        s.zeroGpuJobsSimulated += j.gpus == 0 && j.simulated();
        s.totalGpuHours += static_cast<double>(j.gpus) * static_cast<double>(j.duration_s) / 3600.0;
    }
    return s;
}

} // namespace clens
