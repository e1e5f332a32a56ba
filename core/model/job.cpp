#include "core/model/job.hpp"

namespace clens {

std::string_view toString(JobStatus s)
{
    switch (s) {
    case JobStatus::Pass: return "Pass";
    case JobStatus::Killed: return "Killed";
    case JobStatus::Failed: return "Failed";
    case JobStatus::Unfinished: return "Unfinished";
    }
    return "Unknown";
}

std::optional<JobStatus> jobStatusFromString(std::string_view s)
{
    if (s == "Pass")
        return JobStatus::Pass;
    if (s == "Killed")
        return JobStatus::Killed;
    if (s == "Failed")
        return JobStatus::Failed;
    if (s == "Unfinished")
        return JobStatus::Unfinished;
    return std::nullopt;
}

std::string_view toString(SkipReason r)
{
    switch (r) {
    case SkipReason::None: return "";
    case SkipReason::NoAttempts: return "no-attempts";
    case SkipReason::Pending: return "pending";
    case SkipReason::ZeroGpus: return "zero-gpus";
    }
    return "";
}

} // namespace clens
