#pragma once
// Progress over the rows of a save or load: fraction = rows done / rows expected.
#include "core/util/progress.hpp"

#include <algorithm>
#include <cstdint>

namespace clens::store {

class RowProgress {
public:
    RowProgress(const ProgressFn& fn, std::int64_t totalRows) : ticker_(fn, 8192), total_(std::max<std::int64_t>(1, totalRows)) {}
    void tick() { ticker_.tick(std::min(1.0, static_cast<double>(++done_) / static_cast<double>(total_))); }
    void finish() { ticker_.finish(); }

private:
    ProgressTicker ticker_;
    std::int64_t total_;
    std::int64_t done_ = 0;
};

} // namespace clens::store
