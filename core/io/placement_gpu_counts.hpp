#pragma once
// The Philly machine list understates some servers' GPUs (8-GPU jobs ran on servers listed with 2).
// When a job log and a machine list are used together, a server's capacity is the larger of its
// listed count and 1 + the highest GPU index the log places on it
// (docs/formats.md "GPU-count correction").
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace clens {

struct GpuCountCorrection {
    std::int32_t correctedServers = 0; // servers whose capacity was raised
    std::int64_t addedGpus = 0;        // GPUs added over all of them
    // Servers the log places jobs on that the cluster does not list (left out), first few.
    std::int64_t unknownServers = 0;
    std::vector<std::string> unknownExamples;
};

// Raises server capacities from the placements recorded in trace (Job::attempts). Racks and
// server order are kept. A trace without recorded placements changes nothing.
GpuCountCorrection applyPlacementGpuCounts(Topology& cluster, const Trace& trace);

// One line for a user, e.g. "GPU counts of 231 servers raised from the job log (+1386 GPUs)".
std::string describe(const GpuCountCorrection& c);

} // namespace clens
