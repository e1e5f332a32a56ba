#pragma once
// Which jobs an importer keeps out of the simulation for asking nothing (SkipReason::ZeroGpus):
// no GPU, and no CPU or memory either. A job without GPU that asks for CPU or memory (an Alibaba
// CPU pod, a Helios CPU job) is simulated: it competes for the servers' CPU and memory.
#include "core/model/job.hpp"

namespace clens {

inline bool asksForNothing(const Job& j) { return j.gpus == 0 && !(j.cpuCores > 0) && !(j.memGb > 0); }

} // namespace clens
