#include "core/sim/sim_invariants.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace clens {

namespace {

class Reporter {
public:
    explicit Reporter(std::size_t max) : max_(max) {}
    template <class... T>
    void fail(const T&... parts)
    {
        if (out_.size() >= max_)
            return;
        std::ostringstream s;
        (s << ... << parts);
        out_.push_back(s.str());
    }
    std::vector<std::string> take() { return std::move(out_); }

private:
    std::size_t max_;
    std::vector<std::string> out_;
};

std::size_t at(std::int32_t i) { return static_cast<std::size_t>(i); }

} // namespace

std::vector<std::string> checkSimInvariants(const SimResult& r, std::size_t maxReports)
{
    Reporter rep(maxReports);
    const auto& trace = *r.trace;
    const auto& cluster = *r.cluster;
    const auto& sc = r.scenario;

    // Per job: times, statuses, delays.
    for (const auto& j : r.jobs) {
        const auto& job = trace.jobs[at(j.job)];
        if (!j.simulated) {
            if (j.attempts != 0 || j.gpuSeconds != 0 || j.waitCount != 0)
                rep.fail("job ", job.id, ": not simulated but has results");
            continue;
        }
        if (j.start_s && *j.start_s < job.submit_s)
            rep.fail("job ", job.id, ": starts at ", *j.start_s, " before its submission at ", job.submit_s);
        if (j.end_s && (!j.start_s || *j.end_s < *j.start_s))
            rep.fail("job ", job.id, ": ends before it starts");
        if (j.status == JobStatus::Unfinished) {
            if (j.end_s)
                rep.fail("job ", job.id, ": Unfinished with an end time");
        } else if (j.status != job.status || !j.end_s) {
            rep.fail("job ", job.id, ": finished as ", toString(j.status), " but the trace says ", toString(job.status));
        }
        if (j.fairshareDelay_s + j.fragmentationDelay_s + j.capacityDelay_s != j.queueDelay_s)
            rep.fail("job ", job.id, ": delay causes ", j.fairshareDelay_s, "+", j.fragmentationDelay_s, "+", j.capacityDelay_s,
                     " != queue delay ", j.queueDelay_s);
        std::int64_t waited = 0, last = job.submit_s;
        for (std::uint32_t k = j.firstWait; k < j.firstWait + j.waitCount; ++k) {
            const auto& w = r.waits[k];
            if (w.from_s < last || w.to_s <= w.from_s)
                rep.fail("job ", job.id, ": waiting intervals overlap, are empty or precede the submission");
            waited += w.to_s - w.from_s;
            last = w.to_s;
        }
        if (waited != j.queueDelay_s)
            rep.fail("job ", job.id, ": waiting intervals sum to ", waited, " but queue delay is ", j.queueDelay_s);
        if (j.end_s && last > *j.end_s)
            rep.fail("job ", job.id, ": waits after its end");
        if (j.attempts == 1 && j.start_s && j.heldIdleGpuSeconds == 0 && sc.failures.trialRun_s == 0 &&
            j.queueDelay_s != *j.start_s - job.submit_s)
            rep.fail("job ", job.id, ": queue delay ", j.queueDelay_s, " != start - submit ", *j.start_s - job.submit_s);
    }
    if (r.occupancy.empty())
        return rep.take();

    // Per GPU: no overlap, never on a down server.
    std::vector<std::vector<const GpuInterval*>> byGpu(at(cluster.gpuCount()));
    std::vector<std::int64_t> occupiedByJob(r.jobs.size(), 0);
    for (const auto& iv : r.occupancy) {
        if (iv.gpu < 0 || iv.gpu >= cluster.gpuCount() || iv.to_s <= iv.from_s) {
            rep.fail("occupancy interval with a bad GPU or an empty span");
            continue;
        }
        byGpu[at(iv.gpu)].push_back(&iv);
        occupiedByJob[at(iv.job)] += iv.to_s - iv.from_s;
        const auto& job = trace.jobs[at(iv.job)];
        if (iv.from_s < job.submit_s)
            rep.fail("job ", job.id, ": holds GPU ", iv.gpu, " before its submission");
    }
    for (std::size_t g = 0; g < byGpu.size(); ++g) {
        auto& v = byGpu[g];
        std::sort(v.begin(), v.end(), [](const GpuInterval* a, const GpuInterval* b) { return a->from_s < b->from_s; });
        for (std::size_t k = 1; k < v.size(); ++k)
            if (v[k]->from_s < v[k - 1]->to_s)
                rep.fail("GPU ", g, " double-allocated: jobs ", trace.jobs[at(v[k - 1]->job)].id, " and ",
                         trace.jobs[at(v[k]->job)].id, " at ", v[k]->from_s);
    }
    for (const auto& o : r.outages) {
        const auto& s = cluster.servers()[at(o.server)];
        for (auto g = s.firstGpu; g < s.firstGpu + s.gpus; ++g)
            for (const auto* iv : byGpu[at(g)])
                if (iv->from_s < o.to_s && o.from_s < iv->to_s)
                    rep.fail("GPU ", g, " used by ", trace.jobs[at(iv->job)].id, " while its server is down");
    }
    // GPU-seconds conserved.
    for (const auto& j : r.jobs)
        if (j.simulated && occupiedByJob[at(j.job)] != j.gpuSeconds)
            rep.fail("job ", trace.jobs[at(j.job)].id, ": gpu_seconds ", j.gpuSeconds, " != occupancy ", occupiedByJob[at(j.job)]);

    // Gangs: every run starts and ends on all its GPUs together, with an allowed size.
    std::map<std::tuple<std::int32_t, std::int64_t, GpuUse>, std::pair<std::int32_t, std::int64_t>> runs; // -> (gpus, to)
    for (const auto& iv : r.occupancy) {
        if (iv.use == GpuUse::HeldIdle)
            continue;
        auto [it, inserted] = runs.try_emplace({iv.job, iv.from_s, iv.use}, 0, iv.to_s);
        ++it->second.first;
        if (it->second.second != iv.to_s)
            rep.fail("job ", trace.jobs[at(iv.job)].id, ": a run's GPUs end at different times");
    }
    for (const auto& [key, v] : runs) {
        const auto& job = trace.jobs[at(std::get<0>(key))];
        const auto n = v.first;
        if (std::get<2>(key) == GpuUse::Trial) {
            if (n != 1)
                rep.fail("job ", job.id, ": trial on ", n, " GPUs");
            continue;
        }
        std::int32_t lo = job.gpus;
        if (sc.gang.policy == GangPolicy::Elastic)
            lo = std::clamp(static_cast<std::int32_t>(std::ceil(sc.gang.minFraction * job.gpus - 1e-9)), 1, job.gpus);
        if (n < lo || n > job.gpus)
            rep.fail("job ", job.id, ": runs on ", n, " GPUs, allowed ", lo, "..", job.gpus);
    }

    // Strict quotas: sweep every VC's held GPUs (ends before starts at one instant).
    if (sc.quota.mode == QuotaMode::Strict && !sc.quota.vcGpus.empty()) {
        std::vector<std::tuple<std::int64_t, int, std::int32_t>> ev; // (t, +1/-1, vc)
        for (const auto& iv : r.occupancy) {
            const auto vc = trace.jobs[at(iv.job)].vc;
            ev.emplace_back(iv.from_s, 1, vc);
            ev.emplace_back(iv.to_s, -1, vc);
        }
        std::sort(ev.begin(), ev.end());
        std::vector<std::int64_t> held(trace.tenants.size(), 0);
        for (const auto& [t, d, vc] : ev) {
            held[at(vc)] += d;
            const auto q = sc.quota.vcGpus.find(trace.tenants[at(vc)].name);
            if (d > 0 && q != sc.quota.vcGpus.end() && held[at(vc)] > q->second) {
                rep.fail("VC ", trace.tenants[at(vc)].name, " holds ", held[at(vc)], " GPUs at ", t, ", quota ", q->second);
                break;
            }
        }
    }
    return rep.take();
}

} // namespace clens
