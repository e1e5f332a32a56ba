#include "core/analysis/figures.hpp"
#include "core/model/job_size.hpp"

#include <array>

namespace clens {

namespace {

struct CauseTotals {
    double jobs = 0, delayed = 0;
    std::array<double, 3> seconds{}; // fairshare, fragmentation, capacity
    std::array<double, 3> jobsWith{};
};

} // namespace

Figure delayCausesFigure(const JobTable& t)
{
    Figure f;
    f.name = "delay_causes";
    f.title = "Queueing delay by cause and job size";
    f.kind = FigureKind::Bars;
    f.x = {"Job size (GPUs)", "", {"size_bucket"}};
    f.y = {"Share of waiting time", "%", {"fairshare_pct", "fragmentation_pct", "capacity_pct"}};
    f.addTextColumn("size_bucket");
    f.addNumberColumn("jobs");
    f.addNumberColumn("delayed_jobs");
    f.addNumberColumn("queue_delay_h", "h");
    f.addNumberColumn("fairshare_h", "h");
    f.addNumberColumn("fragmentation_h", "h");
    f.addNumberColumn("capacity_h", "h");
    f.addNumberColumn("fairshare_pct", "%");
    f.addNumberColumn("fragmentation_pct", "%");
    f.addNumberColumn("capacity_pct", "%");
    f.addNumberColumn("jobs_with_fairshare");
    f.addNumberColumn("jobs_with_fragmentation");
    f.addNumberColumn("jobs_with_capacity");
    std::array<CauseTotals, kSizeBuckets + 1> rows{};
    for (const auto& j : t.jobs) {
        if (j.gpus < 1 || !j.fairshareDelay_s || !j.fragmentationDelay_s || !j.capacityDelay_s)
            continue;
        const std::array<double, 3> s{static_cast<double>(*j.fairshareDelay_s),
                                      static_cast<double>(*j.fragmentationDelay_s),
                                      static_cast<double>(*j.capacityDelay_s)};
        for (const auto b : {static_cast<std::size_t>(sizeBucket(j.gpus)), std::size_t{kSizeBuckets}}) {
            auto& r = rows[b];
            r.jobs += 1;
            r.delayed += (s[0] + s[1] + s[2]) > 0 ? 1 : 0;
            for (std::size_t c = 0; c < 3; ++c) {
                r.seconds[c] += s[c];
                r.jobsWith[c] += s[c] > 0 ? 1 : 0;
            }
        }
    }
    for (std::size_t b = 0; b <= kSizeBuckets; ++b) {
        const auto& r = rows[b];
        const double total = r.seconds[0] + r.seconds[1] + r.seconds[2];
        const auto pct = [&](double v) { return total > 0 ? cell(100.0 * v / total) : cell(std::nullopt); };
        f.appendRow({b < kSizeBuckets ? std::string(kSizeBucketLabels[b]) : std::string("all"), r.jobs, r.delayed,
                     total / 3600.0, r.seconds[0] / 3600.0, r.seconds[1] / 3600.0, r.seconds[2] / 3600.0,
                     pct(r.seconds[0]), pct(r.seconds[1]), pct(r.seconds[2]), r.jobsWith[0], r.jobsWith[1],
                     r.jobsWith[2]});
    }
    f.notes.push_back("fairshare: the VC was at its quota; fragmentation: enough free GPUs but no placement the "
                      "locality rule accepts; capacity: not enough free GPUs");
    f.notes.push_back("every job's waiting is counted, including jobs still waiting at the end");
    return f;
}

} // namespace clens
