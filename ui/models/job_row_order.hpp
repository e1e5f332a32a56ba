#pragma once
// Which rows of the job table are listed, and in which order: the filters (free text, one VC,
// one status, "waited for" a cause, standing at the cursor) and a sort by one column's raw
// value. A pure function of immutable rows, so a table of millions of jobs is ordered on a
// worker while the table stays usable (docs/gui.md "The job table").
#include "core/sim/job_moment.hpp"
#include "core/sim/sim_result.hpp"
#include "ui/models/job_rows.hpp"

#include <QString>
#include <Qt>

#include <functional>
#include <optional>
#include <vector>

namespace clens::ui {

struct JobRowFilter {
    QString text; // matched case-insensitively in the id, VC and user
    std::optional<std::int32_t> vc;
    std::optional<JobStatus> status;
    std::optional<DelayCause> cause; // waited for this cause
    bool onlyWaited = false;         // waited at all
    JobStanding standing = JobStanding::Absent; // Absent: no filter on the cursor time

    bool operator==(const JobRowFilter&) const = default;
};

// The rows passing the filter, sorted by `column` (JobTableModel::Column; -1: table order) with
// ties in table order; Qt::DescendingOrder is the exact reverse. nullopt when `cancelled` says
// so (it is asked every few thousand rows).
std::optional<std::vector<int>> orderJobRows(const JobRows& rows, std::int64_t t, const JobRowFilter& filter, int column,
                                             Qt::SortOrder order, const std::function<bool()>& cancelled = {});

} // namespace clens::ui
