#include "core/sim/placement/placement_rule.hpp"

namespace clens {

const PlacementRule& placementRule(PlacementPolicy policy)
{
    switch (policy) {
    case PlacementPolicy::BestFit: return bestFitPlacement();
    case PlacementPolicy::FirstFit: return firstFitPlacement();
    case PlacementPolicy::Spread: return spreadPlacement();
    case PlacementPolicy::Fgd: return fgdPlacement();
    case PlacementPolicy::FgdFirst: return fgdFirstPlacement();
    }
    return bestFitPlacement();
}

} // namespace clens
