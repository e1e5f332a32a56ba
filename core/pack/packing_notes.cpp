#include "core/pack/packing_notes.hpp"

#include "core/pack/packing_arrivals.hpp"
#include "core/util/number_format.hpp"

#include <cstdint>

namespace clens {

std::vector<std::string> packingNotes(const Trace& pods, const PackResult& run, double inflate)
{
    std::vector<std::string> notes;
    std::size_t asked = 0;
    for (const auto& job : pods.jobs)
        asked += job.simulated() ? 1 : 0;
    if (const auto none = pods.jobs.size() - asked; none > 0)
        notes.push_back(std::to_string(none) + " of the trace's " + std::to_string(pods.jobs.size())
                        + " jobs ask for no GPU, CPU or memory: they are not pods and were left out");
    const auto arrivals = run.steps.size();
    if (arrivals < asked)
        notes.push_back("the " + std::to_string(asked) + " pods ask for more than inflate " + formatDouble(inflate)
                        + " × the cluster's GPUs: " + std::to_string(asked - arrivals) + " were removed at random");
    if (arrivals >= kMaxPackingArrivals)
        notes.push_back("arrivals stopped at " + std::to_string(kMaxPackingArrivals) + " pods, below inflate × the cluster's GPUs");
    return notes;
}

} // namespace clens
