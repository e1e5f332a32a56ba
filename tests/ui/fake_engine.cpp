#include "fake_engine.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

namespace clens::test {
namespace {

struct Running {
    std::int32_t job;
    std::int64_t end;
};

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

class NaiveStates final : public ui::StateSource {
public:
    explicit NaiveStates(std::shared_ptr<const SimResult> r) : r_(std::move(r))
    {
        for (const auto& iv : r_->occupancy) {
            changes_.insert(iv.from_s);
            changes_.insert(iv.to_s);
        }
    }
    void stateAt(std::int64_t t, ClusterState& out) const override
    {
        const auto n = static_cast<std::size_t>(r_->cluster->gpuCount());
        out.t_s = t;
        out.gpu.assign(n, GpuState::Idle);
        out.job.assign(n, -1);
        out.util.assign(n, 0.0f);
        out.queuedJobs = 0;
        for (const auto& iv : r_->occupancy)
            if (iv.from_s <= t && t < iv.to_s) {
                const auto g = static_cast<std::size_t>(iv.gpu);
                out.gpu[g] = iv.use == GpuUse::HeldIdle ? GpuState::HeldIdle : GpuState::Busy;
                out.job[g] = iv.job;
                out.util[g] = iv.util;
            }
        for (const auto& o : r_->outages)
            if (o.from_s <= t && t < o.to_s) {
                const Server& s = r_->cluster->servers()[static_cast<std::size_t>(o.server)];
                for (auto g = s.firstGpu; g < s.firstGpu + s.gpus; ++g)
                    out.gpu[static_cast<std::size_t>(g)] = GpuState::Failed;
            }
        for (const auto& w : r_->waits)
            if (w.from_s <= t && t < w.to_s)
                ++out.queuedJobs;
    }
    std::optional<std::int64_t> nextChangeAfter(std::int64_t t) const override
    {
        const auto it = changes_.upper_bound(t);
        return it == changes_.end() ? std::nullopt : std::optional<std::int64_t>(*it);
    }
    std::optional<std::int64_t> prevChangeBefore(std::int64_t t) const override
    {
        auto it = changes_.lower_bound(t);
        if (it == changes_.begin())
            return std::nullopt;
        return *--it;
    }

private:
    std::shared_ptr<const SimResult> r_;
    std::set<std::int64_t> changes_;
};

} // namespace

std::shared_ptr<const Topology> makeCluster(int servers, int gpusPerServer, int rackSize)
{
    std::vector<ServerSpec> specs;
    for (int s = 0; s < servers; ++s)
        specs.push_back(ServerSpec{"s" + std::to_string(s), std::nullopt, gpusPerServer, "", 0, 0});
    return std::make_shared<Topology>(Topology::build(specs, rackSize));
}

SimResult fakeSimulate(const ui::SimInput& input, const Scenario& sc, const ProgressFn& progress)
{
    const Topology& topo = *input.cluster;
    const Trace& trace = *input.trace;
    SimResult r;
    r.scenario = sc;
    r.cluster = input.cluster;
    r.trace = input.trace;
    r.series.step_s = sc.seriesStep_s;
    const auto nJobs = trace.jobs.size();
    r.jobs.resize(nJobs);
    std::vector<std::vector<WaitInterval>> waits(nJobs);
    std::vector<bool> gpuFree(static_cast<std::size_t>(topo.gpuCount()), true);
    std::vector<std::int32_t> queue;
    std::vector<Running> running;
    std::vector<std::int32_t> order;
    for (std::size_t j = 0; j < nJobs; ++j) {
        r.jobs[j].job = static_cast<std::int32_t>(j);
        r.jobs[j].simulated = trace.jobs[j].simulated();
        if (r.jobs[j].simulated)
            order.push_back(static_cast<std::int32_t>(j));
    }
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) {
        return trace.jobs[static_cast<std::size_t>(a)].submit_s < trace.jobs[static_cast<std::size_t>(b)].submit_s;
    });
    std::size_t nextSubmit = 0;
    r.firstSubmit_s = order.empty() ? 0 : trace.jobs[static_cast<std::size_t>(order.front())].submit_s;
    std::int64_t t = r.firstSubmit_s;
    std::int64_t steps = 0;
    const auto freeOn = [&](const Server& s) {
        int n = 0;
        for (auto g = s.firstGpu; g < s.firstGpu + s.gpus; ++g)
            n += gpuFree[static_cast<std::size_t>(g)] ? 1 : 0;
        return n;
    };
    while (true) {
        if (progress && !progress(static_cast<double>(nextSubmit) / std::max<std::size_t>(1, order.size())))
            throw Cancelled();
        ++steps;
        // Releases.
        std::vector<Running> still;
        for (const auto& run : running) {
            if (run.end <= t) {
                for (auto& iv : r.occupancy)
                    if (iv.job == run.job && iv.to_s == run.end)
                        gpuFree[static_cast<std::size_t>(iv.gpu)] = true;
            } else {
                still.push_back(run);
            }
        }
        running.swap(still);
        while (nextSubmit < order.size() && trace.jobs[static_cast<std::size_t>(order[nextSubmit])].submit_s <= t)
            queue.push_back(order[nextSubmit++]);
        // One pass, greedy backfill.
        std::vector<std::int32_t> waiting;
        for (auto j : queue) {
            const Job& job = trace.jobs[static_cast<std::size_t>(j)];
            const int g = job.gpus;
            std::vector<std::int32_t> chosen;
            // Server level: the best-fit server that fits the whole job.
            int best = -1, bestLeft = std::numeric_limits<int>::max();
            for (std::int32_t s = 0; s < topo.serverCount(); ++s) {
                const int f = freeOn(topo.servers()[static_cast<std::size_t>(s)]);
                if (f >= g && f - g < bestLeft) {
                    best = s;
                    bestLeft = f - g;
                }
            }
            if (best >= 0) {
                const Server& s = topo.servers()[static_cast<std::size_t>(best)];
                for (auto gg = s.firstGpu; gg < s.firstGpu + s.gpus && static_cast<int>(chosen.size()) < g; ++gg)
                    if (gpuFree[static_cast<std::size_t>(gg)])
                        chosen.push_back(gg);
            }
            const auto waited = t - job.submit_s;
            const bool relaxed = sc.locality.relaxToAnyAfter_s && waited >= *sc.locality.relaxToAnyAfter_s;
            const int maxServer = std::max_element(topo.servers().begin(), topo.servers().end(),
                                                   [](const Server& a, const Server& b) { return a.gpus < b.gpus; })->gpus;
            if (chosen.empty() && (relaxed || g > maxServer)) {
                for (std::int32_t gg = 0; gg < topo.gpuCount() && static_cast<int>(chosen.size()) < g; ++gg)
                    if (gpuFree[static_cast<std::size_t>(gg)])
                        chosen.push_back(gg);
                if (static_cast<int>(chosen.size()) < g)
                    chosen.clear();
            }
            const int totalFree = static_cast<int>(std::count(gpuFree.begin(), gpuFree.end(), true));
            if (chosen.empty() || g > topo.gpuCount()) {
                waiting.push_back(j);
                auto& w = waits[static_cast<std::size_t>(j)];
                const DelayCause cause = totalFree >= g ? DelayCause::Fragmentation : DelayCause::Capacity;
                w.push_back(WaitInterval{t, t, cause}); // closed at the next pass
                continue;
            }
            std::set<std::int32_t> servers, racks;
            for (auto gg : chosen) {
                gpuFree[static_cast<std::size_t>(gg)] = false;
                servers.insert(topo.serverOfGpu(gg));
                racks.insert(topo.servers()[static_cast<std::size_t>(topo.serverOfGpu(gg))].rack);
            }
            const int k0 = (g + maxServer - 1) / maxServer;
            const double slowdown = 1.0 + sc.slowdown.perExtraServer * (static_cast<int>(servers.size()) - k0);
            const auto run = static_cast<std::int64_t>(std::ceil(static_cast<double>(job.duration_s) * slowdown));
            const float util = (std::isnan(job.gpuUtil) ? 0.6f : job.gpuUtil) / static_cast<float>(slowdown);
            for (auto gg : chosen)
                r.occupancy.push_back(GpuInterval{gg, j, t, t + run, GpuUse::Running, 1000, util});
            running.push_back(Running{j, t + run});
            JobResult& jr = r.jobs[static_cast<std::size_t>(j)];
            jr.start_s = t;
            jr.end_s = t + run;
            jr.status = job.status;
            jr.allocatedGpus = g;
            jr.servers = static_cast<std::int32_t>(servers.size());
            jr.racks = static_cast<std::int32_t>(racks.size());
            jr.level = servers.size() <= static_cast<std::size_t>(k0) ? LocalityLevel::Server
                       : racks.size() == 1                             ? LocalityLevel::Rack
                                                                       : LocalityLevel::Any;
            jr.attempts = 1;
            jr.gpuSeconds = run * g;
            jr.slowdown = slowdown;
            jr.effectiveUtil = util;
        }
        queue.swap(waiting);
        // Next instant: a release, a submission, or a relax threshold of a waiting job.
        std::int64_t next = std::numeric_limits<std::int64_t>::max();
        for (const auto& run : running)
            next = std::min(next, run.end);
        if (nextSubmit < order.size())
            next = std::min(next, trace.jobs[static_cast<std::size_t>(order[nextSubmit])].submit_s);
        if (sc.locality.relaxToAnyAfter_s)
            for (auto j : queue) {
                const auto at = trace.jobs[static_cast<std::size_t>(j)].submit_s + *sc.locality.relaxToAnyAfter_s;
                if (at > t)
                    next = std::min(next, at);
            }
        if (next == std::numeric_limits<std::int64_t>::max()) {
            for (auto j : queue) {
                waits[static_cast<std::size_t>(j)].pop_back(); // never closed: nothing more happens
                r.jobs[static_cast<std::size_t>(j)].status = JobStatus::Unfinished;
            }
            break;
        }
        for (auto j : queue)
            waits[static_cast<std::size_t>(j)].back().to_s = next;
        r.lastEvent_s = next;
        t = next;
    }
    r.lastEvent_s = std::max(r.lastEvent_s, t);
    r.events = steps;

    // Waits: merge neighbours of one cause, sum by cause.
    for (std::size_t j = 0; j < nJobs; ++j) {
        JobResult& jr = r.jobs[j];
        jr.firstWait = static_cast<std::uint32_t>(r.waits.size());
        for (const auto& w : waits[j]) {
            if (w.to_s <= w.from_s)
                continue;
            if (r.waits.size() > jr.firstWait && r.waits.back().cause == w.cause && r.waits.back().to_s == w.from_s)
                r.waits.back().to_s = w.to_s;
            else
                r.waits.push_back(w);
            const auto d = w.to_s - w.from_s;
            jr.queueDelay_s += d;
            (w.cause == DelayCause::Fragmentation ? jr.fragmentationDelay_s
             : w.cause == DelayCause::Fairshare   ? jr.fairshareDelay_s
                                                  : jr.capacityDelay_s) += d;
        }
        jr.waitCount = static_cast<std::uint32_t>(r.waits.size()) - jr.firstWait;
    }
    std::stable_sort(r.occupancy.begin(), r.occupancy.end(), [](const GpuInterval& a, const GpuInterval& b) {
        return a.from_s != b.from_s ? a.from_s < b.from_s : a.gpu < b.gpu;
    });

    // Series.
    TimeSeries& s = r.series;
    s.queuedByVc.assign(trace.tenants.size(), {});
    for (std::int64_t x = r.firstSubmit_s; x <= r.lastEvent_s; x += std::max<std::int64_t>(1, sc.seriesStep_s)) {
        s.t_s.push_back(x);
        std::int32_t alloc = 0;
        double util = 0;
        std::vector<bool> serverBusy(static_cast<std::size_t>(topo.serverCount()), false);
        for (const auto& iv : r.occupancy)
            if (iv.from_s <= x && x < iv.to_s) {
                ++alloc;
                util += iv.util;
                serverBusy[static_cast<std::size_t>(topo.serverOfGpu(iv.gpu))] = true;
            }
        s.allocatedGpus.push_back(alloc);
        s.effectiveUtil.push_back(topo.gpuCount() ? util / topo.gpuCount() : 0);
        s.freeServers.push_back(static_cast<std::int32_t>(std::count(serverBusy.begin(), serverBusy.end(), false)));
        s.heldIdleGpus.push_back(0);
        std::int32_t queued = 0;
        for (auto& q : s.queuedByVc)
            q.push_back(0);
        for (std::size_t j = 0; j < nJobs; ++j) {
            const JobResult& jr = r.jobs[j];
            for (std::uint32_t k = 0; k < jr.waitCount; ++k) {
                const auto& w = r.waits[jr.firstWait + k];
                if (w.from_s <= x && x < w.to_s) {
                    ++queued;
                    ++s.queuedByVc[static_cast<std::size_t>(trace.jobs[j].tenant)].back();
                }
            }
        }
        s.queuedJobs.push_back(queued);
    }

    // Summary.
    SimSummary& m = r.summary;
    std::vector<double> delays;
    double jct = 0, allocated = 0, useful = 0;
    for (std::size_t j = 0; j < nJobs; ++j) {
        const JobResult& jr = r.jobs[j];
        if (!jr.simulated)
            continue;
        ++m.jobs;
        delays.push_back(static_cast<double>(jr.queueDelay_s));
        m.fairshareDelay_s += static_cast<double>(jr.fairshareDelay_s);
        m.fragmentationDelay_s += static_cast<double>(jr.fragmentationDelay_s);
        m.capacityDelay_s += static_cast<double>(jr.capacityDelay_s);
        if (jr.end_s) {
            ++m.finishedJobs;
            jct += static_cast<double>(*jr.end_s - trace.jobs[j].submit_s);
        } else {
            ++m.unfinishedJobs;
        }
    }
    for (const auto& iv : r.occupancy) {
        allocated += static_cast<double>(iv.to_s - iv.from_s);
        useful += static_cast<double>(iv.to_s - iv.from_s) * iv.util;
    }
    m.makespan_s = r.lastEvent_s - r.firstSubmit_s;
    m.meanQueueDelay_s = delays.empty() ? 0 : std::accumulate(delays.begin(), delays.end(), 0.0) / static_cast<double>(delays.size());
    m.p50QueueDelay_s = quantile(delays, 0.5);
    m.p95QueueDelay_s = quantile(delays, 0.95);
    m.meanJct_s = m.finishedJobs ? jct / static_cast<double>(m.finishedJobs) : 0;
    const double capacity = static_cast<double>(topo.gpuCount()) * static_cast<double>(std::max<std::int64_t>(1, m.makespan_s));
    m.gpuAllocFraction = allocated / capacity;
    m.gpuEffectiveUtil = useful / capacity;
    return r;
}

std::shared_ptr<const ui::StateSource> fakeIndex(std::shared_ptr<const SimResult> result)
{
    return std::make_shared<NaiveStates>(std::move(result));
}

ui::Engine fakeEngine()
{
    ui::Engine e;
    e.simulate = fakeSimulate;
    e.index = fakeIndex;
    return e;
}

} // namespace clens::test
