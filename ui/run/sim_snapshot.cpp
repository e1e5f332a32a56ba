#include "ui/run/sim_snapshot.hpp"

#include <stdexcept>

namespace clens::ui {

std::shared_ptr<SimSnapshot> makeSnapshot(const Engine& engine, std::shared_ptr<const SimResult> result)
{
    if (!engine.index)
        throw std::runtime_error("this build has no simulation engine");
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->states = engine.index(result);
    snapshot->jobIntervals = JobOccupancyIndex(*result);
    snapshot->result = std::move(result);
    return snapshot;
}

} // namespace clens::ui
