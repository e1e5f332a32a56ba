#pragma once
// A job as recorded in a trace: what was asked for and, when the trace knows, what happened.
#include "core/util/boxed_vector.hpp"
#include "core/util/compact_optional.hpp"
#include "core/util/compact_string.hpp"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

enum class JobStatus : std::uint8_t { Pass, Killed, Failed, Unfinished };

std::string_view toString(JobStatus s);
std::optional<JobStatus> jobStatusFromString(std::string_view s);

// Why a job that is in the trace is not handed to the simulator.
enum class SkipReason : std::uint8_t {
    None,       // simulated
    NoAttempts, // Philly: never scheduled
    Pending,    // Alibaba: never scheduled before the trace ended
    ZeroGpus,   // asks for no GPU and no CPU or memory either (nothing to place)
};

std::string_view toString(SkipReason r);

// One server's share of a recorded placement.
struct RecordedServerGpus {
    std::string server;
    std::vector<std::int32_t> gpus; // GPU indices on that server
};

// One recorded scheduling of a job (Philly attempts). Missing times are nullopt.
struct RecordedAttempt {
    std::optional<std::int64_t> start_s;
    std::optional<std::int64_t> end_s;
    std::vector<RecordedServerGpus> placement;
};

// Fields in order of size, so that no padding but six bytes lies between them (104 bytes: a trace
// of ten million jobs holds ten million of these, docs/simulation.md "Ten million jobs").
struct Job {
    CompactString id;
    std::int32_t tenant = 0; // index into Trace::tenants (a VC in Philly's words)
    std::int32_t user = 0;   // index into Trace::users
    std::int32_t gpus = 0;   // GPUs requested
    // Share of one GPU in thousandths (1-GPU jobs only; Alibaba gpu_milli); 1000 = whole GPUs.
    std::int32_t gpuMilli = 1000;
    // Allowed GPU models: index into Trace::gpuModelSets; 0 = any model.
    std::int32_t gpuModels = 0;
    // Mean GPU utilization in [0,1] when the trace has it; NaN otherwise.
    float gpuUtil = std::nanf("");
    JobStatus status = JobStatus::Pass;
    SkipReason skip = SkipReason::None;
    std::int64_t submit_s = 0;
    std::int64_t duration_s = 0; // service time: seconds of useful run
    // What really happened, when the trace records it (first start, last end).
    OptionalSeconds recordedStart_s;
    OptionalSeconds recordedEnd_s;
    // CPU cores and memory for the whole job, whatever its GPU count; NaN when the trace does not
    // say (the scenario's resources.job_defaults then apply). docs/resources.md.
    double cpuCores = std::nan("");
    double memGb = std::nan("");
    BoxedVector<RecordedAttempt> attempts; // optional detail (Philly job log)

    bool simulated() const { return skip == SkipReason::None; }
    std::optional<std::int64_t> recordedQueueDelay() const
    {
        if (!recordedStart_s)
            return std::nullopt;
        return *recordedStart_s - submit_s;
    }
};

} // namespace clens
