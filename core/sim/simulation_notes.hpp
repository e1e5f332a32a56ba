#pragma once
// What a run left out, could never run or bounded, in words for the user: jobs not simulated by
// reason, jobs that could never start (SimResult::neverStartable, with an example), jobs of
// duration 0, a time-series step raised to bound the series. Nothing to say: empty.
// Rules: docs/simulation.md "Jobs that cannot finish".
#include "core/sim/sim_result.hpp"

#include <cstdint>

#include <string>
#include <vector>

namespace clens {

std::vector<std::string> simulationNotes(const SimResult& result);

} // namespace clens
