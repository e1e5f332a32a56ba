#include "core/analysis/figures.hpp"
#include "core/analysis/sample_stats.hpp"
#include "core/model/job_size.hpp"

#include <map>

namespace clens {

Figure queueDelayVsServersFigure(const JobTable& t)
{
    Figure f;
    f.name = "queue_delay_vs_servers";
    f.title = "Queueing delay by number of servers used";
    f.kind = FigureKind::Bars;
    f.x = {"Servers used", "", {"servers"}};
    f.y = {"Queueing delay", "s", {"mean_delay_s", "p50_delay_s", "p95_delay_s"}};
    f.seriesColumn = "size_bucket";
    f.addTextColumn("size_bucket");
    f.addNumberColumn("servers");
    f.addNumberColumn("jobs");
    f.addNumberColumn("mean_delay_s", "s");
    f.addNumberColumn("p50_delay_s", "s");
    f.addNumberColumn("p95_delay_s", "s");
    // [bucket][servers] -> delays; bucket kSizeBuckets = all sizes.
    std::array<std::map<std::int32_t, std::vector<double>>, kSizeBuckets + 1> groups;
    for (const auto& j : t.jobs) {
        if (j.gpus < 1 || !j.start_s || !j.queueDelay_s || !j.servers)
            continue;
        const auto d = static_cast<double>(*j.queueDelay_s);
        groups[static_cast<std::size_t>(sizeBucket(j.gpus))][*j.servers].push_back(d);
        groups[kSizeBuckets][*j.servers].push_back(d);
    }
    for (std::size_t b = 0; b <= kSizeBuckets; ++b) {
        const std::string label = b < kSizeBuckets ? std::string(kSizeBucketLabels[b]) : std::string("all");
        for (auto& [servers, delays] : groups[b]) {
            const auto st = statsOf(delays);
            f.appendRow({label, static_cast<double>(servers), static_cast<double>(st.n), st.mean, st.p50, st.p95});
        }
    }
    f.notes.push_back("servers of the job's (last) placement; jobs that started");
    return f;
}

} // namespace clens
