#include "core/analysis/figures.hpp"
#include "core/model/job_size.hpp"

#include <array>

namespace clens {

namespace {

// fairshare, fragmentation, capacity and, with node power, power (waiting for servers to boot).
constexpr std::size_t kCauses = 4;
constexpr std::array<const char*, kCauses> kCauseNames{"fairshare", "fragmentation", "capacity", "power"};

struct CauseTotals {
    double jobs = 0, delayed = 0;
    std::array<double, kCauses> seconds{};
    std::array<double, kCauses> jobsWith{};
};

} // namespace

Figure delayCausesFigure(const JobTable& t)
{
    std::array<CauseTotals, kSizeBuckets + 1> rows{};
    for (const auto& j : t.jobs) {
        if (j.gpus < 1 || !j.fairshareDelay_s || !j.fragmentationDelay_s || !j.capacityDelay_s)
            continue;
        const std::array<double, kCauses> s{static_cast<double>(*j.fairshareDelay_s), static_cast<double>(*j.fragmentationDelay_s),
                                            static_cast<double>(*j.capacityDelay_s), static_cast<double>(j.powerDelay_s.value_or(0))};
        for (const auto b : {static_cast<std::size_t>(sizeBucket(j.gpus)), std::size_t{kSizeBuckets}}) {
            auto& r = rows[b];
            r.jobs += 1;
            r.delayed += (s[0] + s[1] + s[2] + s[3]) > 0 ? 1 : 0;
            for (std::size_t c = 0; c < kCauses; ++c) {
                r.seconds[c] += s[c];
                r.jobsWith[c] += s[c] > 0 ? 1 : 0;
            }
        }
    }
    // The power share is drawn when some job waited for a boot (the columns are always there).
    const bool power = rows[kSizeBuckets].seconds[3] > 0;
    Figure f;
    f.name = "delay_causes";
    f.title = "Queueing delay by cause and job size";
    f.kind = FigureKind::Bars;
    f.x = {"Job size (GPUs)", "", {"size_bucket"}};
    f.y = {"Share of waiting time", "%", {"fairshare_pct", "fragmentation_pct", "capacity_pct"}};
    if (power)
        f.y.columns.push_back("power_pct");
    f.addTextColumn("size_bucket");
    f.addNumberColumn("jobs");
    f.addNumberColumn("delayed_jobs");
    f.addNumberColumn("queue_delay_h", "h");
    for (const auto* c : kCauseNames)
        f.addNumberColumn(std::string(c) + "_h", "h");
    for (const auto* c : kCauseNames)
        f.addNumberColumn(std::string(c) + "_pct", "%");
    for (const auto* c : kCauseNames)
        f.addNumberColumn(std::string("jobs_with_") + c);
    for (std::size_t b = 0; b <= kSizeBuckets; ++b) {
        const auto& r = rows[b];
        const double total = r.seconds[0] + r.seconds[1] + r.seconds[2] + r.seconds[3];
        const auto pct = [&](double v) { return total > 0 ? cell(100.0 * v / total) : cell(std::nullopt); };
        std::vector<FigureCell> row;
        row.reserve(4 + 3 * kCauses);
        row.emplace_back(std::in_place_type<std::string>, b < kSizeBuckets ? kSizeBucketLabels[b] : "all");
        row.emplace_back(r.jobs);
        row.emplace_back(r.delayed);
        row.emplace_back(total / 3600.0);
        for (std::size_t c = 0; c < kCauses; ++c)
            row.push_back(r.seconds[c] / 3600.0);
        for (std::size_t c = 0; c < kCauses; ++c)
            row.push_back(pct(r.seconds[c]));
        for (std::size_t c = 0; c < kCauses; ++c)
            row.push_back(r.jobsWith[c]);
        f.appendRow(row);
    }
    f.notes.push_back(std::string("fairshare: the VC was at its quota; fragmentation: enough free GPUs but no placement the "
                                  "locality rule accepts; capacity: not enough free GPUs")
                      + (power ? "; power: waiting for off servers to boot (node power)" : ""));
    f.notes.push_back("every job's waiting is counted, including jobs still waiting at the end");
    return f;
}

} // namespace clens
