#include "ui/models/job_row_order.hpp"

#include <algorithm>
#include <utility>

namespace clens::ui {

namespace {
constexpr int kCancelEvery = 1 << 14;
} // namespace

bool JobRowFilter::accepts(const JobRows& rows, int row, std::int64_t t) const
{
    const JobResult* r = rows.result(row);
    const Job* job = rows.job(row);
    if (!r || !job)
        return false;
    if (vc && job->tenant != *vc)
        return false;
    if (status && r->status != *status)
        return false;
    if (onlyWaited && r->queueDelay_s <= 0)
        return false;
    if (cause) {
        const auto delay = *cause == DelayCause::Fairshare       ? r->fairshareDelay_s
                           : *cause == DelayCause::Fragmentation ? r->fragmentationDelay_s
                           : *cause == DelayCause::Power         ? r->powerDelay_s
                                                                 : r->capacityDelay_s;
        if (delay <= 0)
            return false;
    }
    if (standing != JobStanding::Absent && rows.momentAt(row, t).standing != standing)
        return false;
    if (!text.isEmpty() && !rows.searchText(row).contains(text, Qt::CaseInsensitive))
        return false;
    return true;
}

std::optional<std::vector<int>> orderJobRows(const JobRows& rows, std::int64_t t, const JobRowFilter& filter, int column,
                                             Qt::SortOrder order, const std::function<bool()>& cancelled)
{
    const auto stop = [&](int row) { return cancelled && row % kCancelEvery == 0 && cancelled(); };
    const bool filtering = !(filter == JobRowFilter{});
    std::vector<int> listed;
    listed.reserve(static_cast<std::size_t>(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        if (stop(row))
            return std::nullopt;
        if (!filtering || filter.accepts(rows, row, t))
            listed.push_back(row);
    }
    if (column >= 0) {
        std::vector<std::pair<double, int>> keyed(listed.size());
        for (std::size_t i = 0; i < listed.size(); ++i) {
            if (stop(static_cast<int>(i)))
                return std::nullopt;
            keyed[i] = {rows.sortKey(listed[i], column, t), listed[i]};
        }
        if (cancelled && cancelled())
            return std::nullopt;
        std::sort(keyed.begin(), keyed.end()); // by value, ties by row: a total order
        for (std::size_t i = 0; i < keyed.size(); ++i)
            listed[i] = keyed[i].second;
    }
    if (column >= 0 && order == Qt::DescendingOrder)
        std::reverse(listed.begin(), listed.end());
    return listed;
}

} // namespace clens::ui
