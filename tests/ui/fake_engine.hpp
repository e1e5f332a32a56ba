#pragma once
// A small stand-in for the simulation core, so the UI tests do not depend on the engine's
// exact numbers: FIFO with greedy backfill, one-server placement (best fit) that relaxes to
// "any free GPUs" after locality.relax_to_any_after_s, slowdown per extra server, delays
// charged to fragmentation (enough GPUs free) or capacity. Deterministic. Also a naive
// StateSource (linear scans).
#include "ui/run/engine.hpp"

namespace clens::test {

SimResult fakeSimulate(const ui::SimInput& input, const Scenario& scenario, const ProgressFn& progress);
std::shared_ptr<const ui::StateSource> fakeIndex(std::shared_ptr<const SimResult> result);
ui::Engine fakeEngine();

// A cluster of `servers` servers with `gpusPerServer` GPUs in racks of `rackSize`.
std::shared_ptr<const Topology> makeCluster(int servers, int gpusPerServer, int rackSize);

} // namespace clens::test
