#include "ui/models/job_row_order.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace clens::ui {

namespace {

constexpr int kCancelEvery = 1 << 14;

// The text filter prepared once per ordering, so that ten million rows are not ten million
// joined strings: the VCs and users whose names match are found once, and each job id is
// searched for the lower-cased needle byte by byte. The same rows match as in the joined
// "id VC user" text, because a needle without a space cannot span two of its fields; a needle
// with a space, or one or an id beyond ASCII, is matched in the joined text as before.
class TextMatch {
public:
    TextMatch(const JobRows& rows, const QString& text)
        : text_(text)
    {
        if (text.isEmpty() || rows.size() == 0)
            return;
        const bool ascii = std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x80; });
        if (!ascii || text.contains(QLatin1Char(' '))) {
            joined_ = true;
            return;
        }
        needle_ = text.toLower().toStdString();
        const Trace& t = *rows.snapshot()->result->trace;
        for (const auto& tenant : t.tenants)
            tenantMatches_.push_back(QString::fromStdString(tenant.name).contains(text, Qt::CaseInsensitive));
        for (const auto& user : t.users)
            userMatches_.push_back(QString::fromStdString(user).contains(text, Qt::CaseInsensitive));
    }

    bool operator()(const JobRows& rows, int row) const
    {
        if (text_.isEmpty())
            return true;
        if (joined_)
            return rows.searchText(row).contains(text_, Qt::CaseInsensitive);
        const Job* job = rows.job(row);
        if (!job)
            return false;
        if (matches(tenantMatches_, job->tenant) || matches(userMatches_, job->user))
            return true;
        const std::string& id = job->id;
        if (std::any_of(id.begin(), id.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
            return QString::fromStdString(id).contains(text_, Qt::CaseInsensitive);
        return std::search(id.begin(), id.end(), needle_.begin(), needle_.end(), [](char a, char b) {
                   return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
               }) != id.end();
    }

private:
    static bool matches(const std::vector<bool>& m, std::int32_t i) { return i >= 0 && static_cast<std::size_t>(i) < m.size() && m[static_cast<std::size_t>(i)]; }

    QString text_;
    bool joined_ = false;
    std::string needle_; // lower case
    std::vector<bool> tenantMatches_, userMatches_;
};

// Every filter but the text (TextMatch's): VC, status, waits, standing at the cursor.
bool passesNonText(const JobRowFilter& f, const JobRows& rows, int row, std::int64_t t)
{
    const JobResult* r = rows.result(row);
    const Job* job = rows.job(row);
    if (!r || !job)
        return false;
    if (f.vc && job->tenant != *f.vc)
        return false;
    if (f.status && r->status != *f.status)
        return false;
    if (f.onlyWaited && r->queueDelay_s <= 0)
        return false;
    if (f.cause) {
        const auto delay = *f.cause == DelayCause::Fairshare       ? r->fairshareDelay_s
                           : *f.cause == DelayCause::Fragmentation ? r->fragmentationDelay_s
                           : *f.cause == DelayCause::Power         ? r->powerDelay_s
                                                                 : r->capacityDelay_s;
        if (delay <= 0)
            return false;
    }
    if (f.standing != JobStanding::Absent && rows.momentAt(row, t).standing != f.standing)
        return false;
    return true;
}

} // namespace

std::optional<std::vector<int>> orderJobRows(const JobRows& rows, std::int64_t t, const JobRowFilter& filter, int column,
                                             Qt::SortOrder order, const std::function<bool()>& cancelled)
{
    const auto stop = [&](int row) { return cancelled && row % kCancelEvery == 0 && cancelled(); };
    JobRowFilter rest = filter;
    rest.text.clear();
    const bool filtering = !(rest == JobRowFilter{});
    const TextMatch text(rows, filter.text);
    std::vector<int> listed;
    listed.reserve(static_cast<std::size_t>(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        if (stop(row))
            return std::nullopt;
        if ((!filtering || passesNonText(filter, rows, row, t)) && text(rows, row))
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
