#pragma once
// A project that exercises every stored field: odd ids and names, missing values, NaN, the
// extremes each column accepts, shared and regrouped clusters, results with and without a trace.
#include "core/store/project.hpp"
#include "core/util/input_limits.hpp"

#include <cmath>
#include <limits>

namespace clens::test {

inline std::shared_ptr<const Topology> makeInferredCluster()
{
    std::vector<ServerSpec> specs;
    for (int i = 0; i < 10; ++i) {
        ServerSpec s;
        s.name = i == 3 ? std::string("m,\"3\"\n\xc3\xa9") : "m" + std::to_string(i);
        s.gpus = i % 3 == 0 ? 8 : 2;
        s.gpuModel = i % 2 ? "P100" : "";
        s.cpuCores = i == 1 ? 0.0 : 24.5;
        s.memGb = i == 2 ? std::nan("") : 256.0;
        specs.push_back(std::move(s));
    }
    return std::make_shared<const Topology>(Topology::build(specs, 4));
}

inline std::shared_ptr<const Trace> makeRichTrace()
{
    using L = std::numeric_limits<std::int64_t>;
    auto t = std::make_shared<Trace>();
    t->meta.source = "/data/philly/cluster_job_log, \"quoted\"";
    t->meta.format = "philly";
    t->meta.timeBase = TimeBase::UnixUtc;
    t->meta.tenantNote = "VC = tenant";
    t->meta.fractionalGpuJobs = 3;
    t->meta.notes = {"first note", "", "third, with\nnewline"};
    t->tenants = {{"vcA", std::nullopt}, {"vc,B", 64}, {"", L::max()}};
    t->users = {"alice", "", "b\xc3\xb6" "b"};
    const std::string nul("x\0y", 3);
    const std::vector<std::string> ids{"j1", "a,b", "\"q\"", "line\nbreak", "\xc3\xbc" "n\xc3\xaf" "c\xc3\xb6" "de", nul,
                                       std::string(5000, 'z'), " padded ", "7"};
    for (std::size_t i = 0; i < ids.size(); ++i) {
        Job j;
        j.id = ids[i];
        j.tenant = static_cast<std::int32_t>(i % 3);
        j.user = static_cast<std::int32_t>((i + 1) % 3);
        // The extremes the loader accepts, as the importers do (docs/formats.md "Limits").
        j.submit_s = i == 0 ? -kMaxSeconds : i == 1 ? kMaxSeconds : static_cast<std::int64_t>(i) * 1000 - 5000;
        j.gpus = i == 2 ? 0 : i == 3 ? static_cast<std::int32_t>(kMaxGpusPerJob) : static_cast<std::int32_t>(i + 1);
        j.duration_s = i == 4 ? kMaxSeconds : static_cast<std::int64_t>(i) * 77;
        j.status = static_cast<JobStatus>(i % 4);
        j.skip = static_cast<SkipReason>(i % 4);
        if (i % 2)
            j.recordedStart_s = i == 1 ? -kMaxSeconds : static_cast<std::int64_t>(i) * 10;
        if (i % 3 == 1)
            j.recordedEnd_s = kMaxSeconds;
        j.gpuUtil = i % 3 == 0 ? std::nanf("") : i == 1 ? 0.0f : 0.123456789f * static_cast<float>(i);
        j.gpuMilli = i == 5 ? 250 : 1000;
        j.cpuCores = i % 4 == 0 ? std::nan("") : 0.5 * static_cast<double>(i);
        j.memGb = i % 3 == 1 ? std::nan("") : 1e-3 * static_cast<double>(i);
        j.gpuModels = t->internGpuModels(i % 3 == 0 ? "" : i % 3 == 1 ? "V100|A100" : "T4");
        if (i == 6 || i == 7) {
            RecordedAttempt a;
            a.start_s = 100;
            a.placement = {{"m0", {0, 1, 2, 3}}, {"m,\"3\"\n\xc3\xa9", {7}}, {"m9", {}}};
            j.attempts.push_back(a);
            RecordedAttempt b; // no times, no placement
            j.attempts.push_back(b);
            RecordedAttempt c;
            c.end_s = -kMaxSeconds;
            c.placement = {{"m1", {0, std::numeric_limits<std::int32_t>::max()}}};
            j.attempts.push_back(c);
        }
        t->jobs.push_back(std::move(j));
    }
    return t;
}

inline std::shared_ptr<SimResult> makeRichResult(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace,
                                                 int variant)
{
    using L = std::numeric_limits<std::int64_t>;
    auto r = std::make_shared<SimResult>();
    auto& sc = r->scenario;
    sc.locality.relaxToRackAfter_s = variant ? std::nullopt : std::optional<std::int64_t>(0);
    sc.locality.relaxToAnyAfter_s = variant ? std::optional<std::int64_t>(L::max()) : std::nullopt;
    sc.locality.rackSize = 4;
    sc.gang = {GangPolicy::Elastic, 0.25, 120};
    sc.quota.mode = QuotaMode::BorrowPreempt;
    sc.quota.vcGpus = {{"vcA", 64}, {"vc,B", 0}, {"", 1'000'000'000}}; // the scenario file's largest
    sc.placement = PlacementPolicy::Spread;
    sc.backfill = BackfillPolicy::None;
    sc.slowdown = {0.1, std::nan(""), 3.5};
    sc.resources.serverDefaults.cpuCores = variant ? std::nullopt : std::optional<double>(96.5);
    sc.resources.serverDefaults.memGb = 512;
    sc.resources.jobDefaults.cpuPerGpu = 4;
    sc.arrivals.speedup = variant ? 0.25 : 12.5;
    sc.failures = {30, 1e-300, 4.5, 600, L::max() - variant};
    sc.autoscaler = {"prev.step.rules", 60, 1.5, 0.1, variant ? UsageModel::Phases : UsageModel::Metrics};
    sc.power = {true, 90, 3, 45, 123.5, 7.25, 300, 0.5};
    sc.seed = std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(variant);
    sc.seriesStep_s = 60;
    sc.queue = {variant ? QueuePolicyKind::Las : QueuePolicyKind::FairShare, {0.1, 7200, 1e12}, 0.75, 45};
    r->cluster = std::move(cluster);
    r->trace = std::move(trace);
    const auto jobs = r->trace ? r->trace->jobs.size() : std::size_t{9};
    for (std::size_t i = 0; i < jobs; ++i) {
        JobResult j;
        j.job = i == 0 ? -1 : static_cast<std::int32_t>(i);
        j.simulated = i % 2 == 0;
        j.status = static_cast<JobStatus>((i + static_cast<std::size_t>(variant)) % 4);
        if (i % 3)
            j.start_s = static_cast<std::int64_t>(i) * 60;
        if (i % 3 == 2)
            j.end_s = kMaxClockSeconds; // the latest time a result can hold
        j.queueDelay_s = static_cast<std::int64_t>(i) * 7;
        j.fairshareDelay_s = 1;
        j.fragmentationDelay_s = 2;
        j.capacityDelay_s = static_cast<std::int64_t>(i) * 7 + 3;
        j.allocatedGpus = static_cast<std::int32_t>(i);
        j.servers = 1;
        j.racks = 1;
        j.level = static_cast<LocalityLevel>(i % 3);
        j.attempts = static_cast<std::int32_t>(i % 4);
        j.gpuSeconds = L::max() - static_cast<std::int64_t>(i);
        j.heldIdleGpuSeconds = static_cast<std::int64_t>(i) * 3;
        j.effectiveGpuSeconds = i == 5 ? std::nan("") : 0.1 * static_cast<double>(i);
        j.slowdown = i == 4 ? std::nan("") : 1.0 + 0.1 * static_cast<double>(i);
        j.effectiveUtil = 1.0 / 3.0;
        j.firstWait = static_cast<std::uint32_t>(i < 2 ? 0 : 2);
        j.waitCount = i == 1 ? 2 : 0;
        j.powerDelay_s = static_cast<std::int64_t>(i) * 11;
        j.preemptions = static_cast<std::int32_t>(i % 5);
        j.queueKey = i == 0 ? std::nan("") : 1e5 - 0.5 * static_cast<double>(i); // NaN: never waited
        r->jobs.push_back(j);
        JobResources u;
        u.cpuCores = 0.5 * static_cast<double>(i);
        u.memGb = i == 2 ? 1e-300 : 1024.25;
        u.gpuMilli = i == 3 ? 250 : 1000;
        u.throttled_s = 0.25 * static_cast<double>(i);
        u.oomKills = static_cast<std::int32_t>(i % 3);
        u.scaledIntervals = static_cast<std::int32_t>(i) * 4;
        u.cpuUnderIntervals = static_cast<std::int32_t>(i);
        u.memUnderIntervals = static_cast<std::int32_t>(i % 2);
        u.cpuReservedCoreS = 1e9 + static_cast<double>(i);
        u.cpuUsedCoreS = 0.5;
        u.memReservedGbS = 3.75;
        u.memUsedGbS = 1e-300;
        r->resources.push_back(u);
    }
    constexpr auto kClock = kMaxClockSeconds; // a stored result's times lie within ±kClock
    r->waits = {{0, 10, DelayCause::Fairshare}, {10, kClock, DelayCause::Fragmentation, WaitResource::Cpu},
                {-5, -1, DelayCause::Capacity, WaitResource::Memory}};
    r->occupancy = {{0, 1, 0, 100, GpuUse::Running, 375, 0.5f}, {7, 8, 5, 6, GpuUse::Trial, 1000, std::nanf("")},
                    {3, 2, -kClock, kClock, GpuUse::HeldIdle, 1000, 0.0f}};
    r->outages = {{2, 10, 20}, {9, 0, kClock}};
    if (r->cluster) {
        r->reservations = {{2, 1, 0, 100, 4000, 1024}, {9, 8, -kClock, kClock, 0, L::max()}};
        r->powerOff = {{1, 0, 300, false}, {1, 300, 350, true}, {9, -kClock, kClock, false}};
        r->scaledRuns = {{3, 2, 10, 700, 0, 2}, {1, 0, 5, 6, 2, 0}, {8, 9, -100, kClock, 2, 1}};
        r->scaledLevels = {{1.5f, 2.25f, 1.0f, 0.5f, 3}, {3.3f, 0.0f, 0.25f, 1e-30f, -1}, {0.0f, 1e30f, 0.0f, 7.0f, 0}};
    }
    r->series.step_s = 60;
    r->series.t_s = {0, 60, 120};
    r->series.allocatedGpus = {0, 2.5, 1e300};
    r->series.effectiveUtil = {0.0, std::nan(""), -0.0};
    r->series.queuedJobs = {0, std::numeric_limits<std::int32_t>::max(), 4};
    r->series.freeServers = {10, 9, 8};
    r->series.heldIdleGpus = {0, 0, 1};
    r->series.queuedByVc = {{1, 2, 3}, {0, 0, 0}, {std::numeric_limits<std::int32_t>::max(), 0, 1}};
    r->series.cpuReserved = {1.5, 0.0, 2.0};
    r->series.memReserved = {0.0, 1e-300, 2.0};
    r->series.shareFragmentation = {0.25, 0.0, 1.0};
    r->series.cpuUsed = {0.5, 1.5, 0.0};
    r->series.memUsed = {0.0, 0.0, 0.0};
    r->series.poweredServers = {10, 9, 0};
    r->series.powerKw = {1.25, 0.0, 2.5};
    r->summary = {9, 7, 2, 2 * kClock, 1.5, std::nan(""), 1e-310, -0.0, 0.75, 0.5, 1, 2, 3, 4.25, L::max(), 42,
                  1.25, 3, 1e15, std::nan("")};
    r->summary.cpuAllocFraction = 0.125;
    r->summary.gpuShareFragmentation = 1e-9;
    r->summary.cpuReservedCoreH = 12.5;
    r->summary.cpuUsedCoreH = 6.25;
    r->summary.memReservedGbH = 1e6;
    r->summary.memUsedGbH = 3;
    r->summary.cpuUnderPct = 4.5;
    r->summary.memUnderPct = 0.125;
    r->summary.oomKills = 17;
    r->summary.throttled_s = 99.5;
    r->summary.energyKwh = 1234.5;
    r->summary.poweredServerH = 77;
    r->summary.powerDelay_s = 3600;
    r->events = 123456789012345;
    r->firstSubmit_s = -kClock;
    r->lastEvent_s = kClock;
    if (r->jobs.size() > 4)
        r->neverStartable = {4, 2}; // in submission order, not row order
    return r;
}

// Two containers of two metrics: extreme doubles and int64s, an empty service, a note.
inline std::shared_ptr<const ContainerMetrics> makeRichMetrics()
{
    auto m = std::make_shared<ContainerMetrics>();
    m->source = "metrics \"dlaas\".csv";
    m->columns = {"cpu.usage", "mem.working.set"};
    m->resampleStep_s = 60;
    m->notes = {"container 'b' has a single row"};
    ContainerSeries a{"pod-a", "svc", {0, 60, 120}, {0.0, 1.5e9, 0.1, 2.0e9, 1e-300, std::numeric_limits<double>::max()}, {2, 3, 5}};
    ContainerSeries b{"b", "", {std::numeric_limits<std::int64_t>::min() / 2}, {3.25, 0.0}, {7}};
    m->containers = {a, b};
    return m;
}

inline Project makeRichProject()
{
    Project p;
    p.cluster = makeInferredCluster();
    p.trace = makeRichTrace();
    p.scenarios = {{"baseline", "{}"},
                   {"relax \"now\", please", R"({"locality": {"relax_to_any_after_s": 0}, "seed": 7})"},
                   {"", ""},
                   {"baseline", "{\n  \"placement\": \"spread\"\n}"}}; // duplicate names are kept
    // On the project's cluster (shares it after loading), on a regrouped copy, and with neither
    // cluster nor trace.
    p.results.push_back({"same cluster", makeRichResult(p.cluster, p.trace, 0)});
    p.results.push_back({"rack size 2", makeRichResult(std::make_shared<const Topology>(p.cluster->regrouped(2)), p.trace, 1)});
    auto bare = makeRichResult(nullptr, nullptr, 2);
    bare->occupancy.clear();
    bare->outages.clear();
    p.results.push_back({"no cluster, no trace", bare});
    p.phases = ProjectPhases{makeRichMetrics(), R"({"format": "clusterlens-phase-model", "kmeans_centers": [[0.5]]})"};
    // A sweep of three runs: one done (every summary field set), one failed, one cancelled.
    ProjectSweep sweep;
    sweep.gridJson = R"({"base":{},"vary":{"quota.mode":["none","strict","borrow"]}})";
    sweep.runs.resize(3);
    sweep.runs[0].ok = true;
    sweep.runs[0].summary = p.results.front().result->summary;
    sweep.runs[1].error = "servers fail faster than the run can follow";
    sweep.back = {1, 1, 0};
    p.sweep = sweep;
    p.view = ProjectView{4136100, 2, "tenant", "compare", 4100000, 4200000};
    return p;
}

} // namespace clens::test
