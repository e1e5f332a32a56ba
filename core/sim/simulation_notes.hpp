#pragma once
// What a run left out or could never run, in words for the user: jobs not simulated by reason,
// jobs that could never start (SimOptions::neverStartable, with an example), jobs of duration 0.
// Nothing to say: empty. Rules: docs/simulation.md "Jobs that cannot finish".
#include "core/sim/sim_result.hpp"

#include <cstdint>

#include <string>
#include <vector>

namespace clens {

std::vector<std::string> simulationNotes(const SimResult& result, const std::vector<std::int32_t>& neverStartable);

} // namespace clens
