// The job table of a very large result (issue scale: 10M jobs): building its rows, and ordering
// them as the table does on a worker (sort by a column, filter by text, by VC). The GUI thread
// only installs the finished order. Prints medians and peak RSS, asserts nothing.
// Usage: bench_job_table [jobs (default 1,000,000)] [runs (default 3)]
#include "bench/bench_util.hpp"
#include "ui/models/job_row_order.hpp"
#include "ui/models/job_table_model.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_01.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace clens;
using namespace clens::ui;

namespace {

SnapshotPtr syntheticSnapshot(int jobs)
{
    boost::random::mt19937_64 rng(3);
    boost::random::uniform_01<double> u;
    auto trace = std::make_shared<Trace>();
    for (int v = 0; v < 15; ++v)
        trace->internTenant("vc" + std::to_string(v));
    for (int k = 0; k < 300; ++k)
        trace->internUser("u" + std::to_string(k));
    auto result = std::make_shared<SimResult>();
    trace->jobs.reserve(static_cast<std::size_t>(jobs));
    result->jobs.reserve(static_cast<std::size_t>(jobs));
    for (int i = 0; i < jobs; ++i) {
        Job j;
        j.id = "job" + std::to_string(i);
        j.tenant = static_cast<std::int32_t>(u(rng) * 15);
        j.user = static_cast<std::int32_t>(u(rng) * 300);
        j.gpus = 1 + static_cast<std::int32_t>(u(rng) * 8);
        j.submit_s = static_cast<std::int64_t>(u(rng) * 3e7);
        trace->jobs.push_back(std::move(j));
        JobResult jr;
        jr.job = i;
        jr.simulated = true;
        jr.queueDelay_s = static_cast<std::int64_t>(u(rng) * 86400);
        jr.start_s = trace->jobs.back().submit_s + jr.queueDelay_s;
        result->jobs.push_back(jr);
    }
    result->trace = trace;
    auto s = std::make_shared<SimSnapshot>();
    s->result = result;
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    const int jobs = argc > 1 ? std::atoi(argv[1]) : 1'000'000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    const auto snapshot = syntheticSnapshot(jobs);
    std::printf("synthetic result: %d jobs\n", jobs);
    std::shared_ptr<const JobRows> rows;
    std::printf("%s\n", bench::describe("rows of a new result (JobRows)", bench::timeRuns(runs, [&] {
        rows = std::make_shared<const JobRows>(snapshot);
    })).c_str());
    std::size_t listed = 0;
    const auto order = [&](const JobRowFilter& filter, int column) {
        return bench::timeRuns(runs, [&] { listed = orderJobRows(*rows, 0, filter, column, Qt::AscendingOrder)->size(); });
    };
    const auto report = [&](const char* what, const JobRowFilter& filter, int column) {
        const auto seconds = order(filter, column);
        std::printf("%s  [%zu rows listed]\n", bench::describe(what, seconds).c_str(), listed);
    };
    report("sort by queue delay", {}, JobTableModel::QueueDelay);
    report("sort by VC", {}, JobTableModel::Vc);
    JobRowFilter text;
    text.text = QStringLiteral("job12");
    report("filter text 'job12'", text, -1);
    JobRowFilter vc;
    vc.vc = 3;
    report("filter one VC, sort by submit", vc, JobTableModel::Submit);
    std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
    return 0;
}
