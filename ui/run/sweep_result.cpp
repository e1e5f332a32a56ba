#include "ui/run/sweep_result.hpp"

#include <algorithm>

namespace clens::ui {

std::size_t SweepResult::backCount() const
{
    return static_cast<std::size_t>(std::count(back.begin(), back.end(), char{1}));
}

} // namespace clens::ui
