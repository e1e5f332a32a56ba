#pragma once
// The headline numbers of a trace (what `clusterlens-cli info` prints).
#include "core/model/job_size.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace clens {

struct TraceSummary {
    std::int64_t jobs = 0;          // every job in the file
    std::int64_t simulatedJobs = 0; // jobs the simulator replays
    std::int64_t vcs = 0;
    std::int64_t users = 0;
    std::optional<std::int64_t> servers; // when a cluster is known
    std::optional<std::int64_t> gpus;
    std::optional<std::int64_t> racks;
    std::optional<std::int64_t> firstSubmit_s;
    std::optional<std::int64_t> lastSubmit_s;
    std::array<std::int64_t, kSizeBuckets> jobsBySize{}; // jobs asking for >= 1 GPU
    std::map<std::string, std::int64_t> status;          // by final status name
    std::map<std::string, std::int64_t> skipped;         // by skip reason name
    std::int64_t fractionalGpuJobs = 0;
    double totalGpuHours = 0; // gpus x service time over all jobs
};

TraceSummary summarizeTrace(const Trace& trace, const Topology* cluster);

} // namespace clens
