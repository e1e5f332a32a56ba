#pragma once
// Invariants every simulation result must satisfy (docs/simulation.md "Semantics as implemented"),
// checked from the outside: a GPU is never held by two jobs nor used while its server is down; a
// gang runs on all its GPUs at once (strict / none: g; elastic: between ceil(min_fraction·g) and g;
// trials: 1); strict quotas are never exceeded; nothing starts before its submission; the delay
// causes of each job sum to its queueing delay, which equals the length of its waiting intervals; Σ
// job gpu_seconds equals Σ per-GPU occupancy. Used by the tests and the benchmark.
#include "core/sim/sim_result.hpp"

#include <string>
#include <vector>

namespace clens {

// Human-readable violations (at most maxReports); empty when the result is consistent.
// Occupancy checks need a result recorded with occupancy.
std::vector<std::string> checkSimInvariants(const SimResult& result, std::size_t maxReports = 20);

} // namespace clens
