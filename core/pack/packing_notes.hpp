#pragma once
// What a packing experiment left out or bounded, said in words (docs/packing.md "Arrivals"):
// trace jobs that ask for nothing (not pods), pods removed because the trace already asks more
// than inflate × the GPUs, and copies stopped at kMaxPackingArrivals.
#include "core/model/trace.hpp"
#include "core/pack/packing_experiment.hpp"

#include <string>
#include <vector>

namespace clens {

// pods: the packing trace (packingTrace); run: one experiment on it.
std::vector<std::string> packingNotes(const Trace& pods, const PackResult& run, double inflate);

} // namespace clens
