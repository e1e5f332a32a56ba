#pragma once
// The job table's rows of one result, immutable once built: which trace job each row shows,
// and per row the raw values the table sorts and filters by. Shared between the table model on
// the GUI thread and the ordering of a large table on a worker (job_row_order.hpp).
#include "core/sim/job_moment.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <QString>

#include <cstdint>
#include <limits>
#include <vector>

namespace clens::ui {

// A job asking for part of one GPU (not a whole one).
inline bool isGpuShare(const JobResources& r)
{
    return r.gpuMilli > 0 && r.gpuMilli < 1000;
}

class JobRows {
public:
    // The sort key of a missing value (not started, no CPU asked, ...): after every value.
    static constexpr double kMissing = std::numeric_limits<double>::infinity();

    JobRows() = default;
    explicit JobRows(SnapshotPtr snapshot); // the simulated jobs, in trace order

    const SnapshotPtr& snapshot() const { return snapshot_; }
    int size() const { return static_cast<int>(rows_.size()); }
    // Trace job index of a row and back (-1 when absent).
    std::int32_t jobAt(int row) const;
    int rowOfJob(std::int32_t job) const;
    const Job* job(int row) const;
    const JobResult* result(int row) const;
    // Its CPU, memory, GPU share and autoscaler columns (SimResult::resourcesOf()).
    const JobResources& resources(int row) const;
    JobMoment momentAt(int row, std::int64_t t) const;
    // The raw value a column sorts by (JobTableModel::Column); missing values sort last.
    double sortKey(int row, int column, std::int64_t t) const;
    // Text the filter matches: id, VC and user.
    QString searchText(int row) const;

private:
    SnapshotPtr snapshot_;
    std::vector<std::int32_t> rows_;              // row -> job index
    std::vector<std::int32_t> rowOf_;             // job index -> row or -1
    std::vector<std::int32_t> vcRank_, userRank_; // alphabetical rank by index
};

} // namespace clens::ui
