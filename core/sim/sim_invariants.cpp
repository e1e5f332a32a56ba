#include "core/sim/sim_invariants.hpp"
#include "core/sim/elastic_size.hpp"

#include "core/sim/resource_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>

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

// The checks, one method per rule; those on GPUs and servers read the occupancy indexed per GPU.
class InvariantChecker {
public:
    InvariantChecker(const SimResult& r, std::size_t maxReports)
        : r(r), trace(*r.trace), cluster(*r.cluster), sc(r.scenario), rep(maxReports), model(cluster, trace, sc.resources, true)
    {
    }

    std::vector<std::string> run()
    {
        jobTimesAndDelays();
        energyAtLeastAllOff();
        if (r.occupancy.empty())
            return rep.take();
        gpusNeverOverAllocated();
        serversWithinCpuAndMemory();
        downServersHoldNoJob();
        gpuSecondsConserved();
        gangsStartAndEndTogether();
        strictQuotasHold();
        seriesLevelsNotNegative();
        return rep.take();
    }

private:
    const SimResult& r;
    const Trace& trace;
    const Topology& cluster;
    const Scenario& sc;
    Reporter rep;
    const ResourceModel model;
    std::vector<std::vector<const GpuInterval*>> byGpu; // occupancy per GPU
    std::vector<std::int64_t> occupiedByJob;            // GPU-seconds per job, from the occupancy

    void jobTimesAndDelays()
    {
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
            if (j.fairshareDelay_s + j.fragmentationDelay_s + j.capacityDelay_s + j.powerDelay_s != j.queueDelay_s)
                rep.fail("job ", job.id, ": delay causes ", j.fairshareDelay_s, "+", j.fragmentationDelay_s, "+", j.capacityDelay_s, "+",
                         j.powerDelay_s, " != queue delay ", j.queueDelay_s);
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
    }

    void energyAtLeastAllOff()
    {
        // Energy: at least every server off all along.
        if (r.summary.energyKwh * 3.6e6 + 1e-6 < sc.power.offW * cluster.serverCount() * static_cast<double>(r.summary.makespan_s))
            rep.fail("energy ", r.summary.energyKwh, " kWh is below every server off for the makespan");
    }

    void gpusNeverOverAllocated()
    {
        byGpu.assign(at(cluster.gpuCount()), {});
        occupiedByJob.assign(r.jobs.size(), 0);
        // Per GPU: never more than all of it (shares add up to at most 1000 thousandths, a whole-GPU
        // job holds it alone), never on a down server, only of a model the job allows.
        for (const auto& iv : r.occupancy) {
            if (iv.gpu < 0 || iv.gpu >= cluster.gpuCount() || iv.to_s <= iv.from_s || iv.milli < 1 || iv.milli > 1000) {
                rep.fail("occupancy interval with a bad GPU, share or an empty span");
                continue;
            }
            byGpu[at(iv.gpu)].push_back(&iv);
            occupiedByJob[at(iv.job)] += ((iv.to_s - iv.from_s) * iv.milli + 500) / 1000;
            const auto& job = trace.jobs[at(iv.job)];
            if (iv.from_s < job.submit_s)
                rep.fail("job ", job.id, ": holds GPU ", iv.gpu, " before its submission");
            if (!model.allowed(model.request(iv.job).models, cluster.serverOfGpu(iv.gpu)))
                rep.fail("job ", job.id, ": runs on GPU ", iv.gpu, " of a model it does not allow");
        }
        for (std::size_t g = 0; g < byGpu.size(); ++g) {
            std::vector<std::tuple<std::int64_t, std::int32_t, std::int32_t>> ev; // (t, +milli / -milli, job)
            for (const auto* iv : byGpu[g]) {
                ev.emplace_back(iv->from_s, iv->milli, iv->job);
                ev.emplace_back(iv->to_s, -iv->milli, iv->job);
            }
            std::sort(ev.begin(), ev.end()); // at one instant, ends (negative) before starts
            std::int32_t used = 0;
            for (const auto& [t, d, job] : ev) {
                used += d;
                if (used > 1000) {
                    rep.fail("GPU ", g, " over-allocated (", used, " thousandths) at ", t, " by job ", trace.jobs[at(job)].id);
                    break;
                }
            }
        }
    }

    void serversWithinCpuAndMemory()
    {
        // Per server: CPU and memory reserved never exceed what it has.
        std::vector<std::vector<const ReservationInterval*>> byServer(at(cluster.serverCount()));
        for (const auto& v : r.reservations) {
            if (v.server < 0 || v.server >= cluster.serverCount() || v.to_s <= v.from_s || v.cpuMilli < 0 || v.memMib < 0) {
                rep.fail("reservation with a bad server, amount or an empty span");
                continue;
            }
            byServer[at(v.server)].push_back(&v);
        }
        // The autoscaler's reservations, interval by interval (in millicores and MiB, as reserved).
        std::vector<std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t>>> scaled(at(cluster.serverCount()));
        for (const auto& run : r.scaledRuns)
            for (std::uint32_t k = 0; k < run.count; ++k) {
                const auto& l = r.scaledLevels[run.first + k];
                const auto [from, to] = scaledLevelSpan(r, run, k);
                const auto cpu = std::llround(static_cast<double>(l.cpuReserved) * 1000.0);
                const auto mem = std::llround(static_cast<double>(l.memReserved) * 1024.0);
                if (to <= from)
                    rep.fail("job ", trace.jobs[at(run.job)].id, ": an autoscaler interval is empty");
                scaled[at(run.server)].emplace_back(from, cpu, mem);
                scaled[at(run.server)].emplace_back(to, -cpu, -mem);
            }
        for (std::size_t s = 0; s < byServer.size(); ++s) {
            auto ev = scaled[s]; // (t, cpu, mem)
            for (const auto* v : byServer[s]) {
                ev.emplace_back(v->from_s, v->cpuMilli, v->memMib);
                ev.emplace_back(v->to_s, -v->cpuMilli, -v->memMib);
            }
            std::sort(ev.begin(), ev.end(), [](const auto& a, const auto& b) {
                return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) < std::get<0>(b) : std::get<1>(a) + std::get<2>(a) < std::get<1>(b) + std::get<2>(b);
            });
            const auto& cap = model.capacity(static_cast<std::int32_t>(s));
            std::int64_t cpu = 0, mem = 0;
            for (const auto& [t, c, m] : ev) {
                cpu += c;
                mem += m;
                if (cpu > cap.cpu || mem > cap.mem) {
                    rep.fail("server ", cluster.servers()[s].name, " over its CPU or memory at ", t, ": ", cpu, " millicores, ", mem, " MiB");
                    break;
                }
            }
        }
    }

    void downServersHoldNoJob()
    {
        // A GPU's intervals in order of start, with the latest end among the first i of them:
        // whether any overlaps a span is two lookups (a run preempted every few seconds for a
        // month has 100,000s of intervals and power spans: a scan of every pair took minutes).
        std::vector<std::vector<std::int64_t>> latestEnd(byGpu.size());
        for (std::size_t g = 0; g < byGpu.size(); ++g) {
            std::stable_sort(byGpu[g].begin(), byGpu[g].end(), [](const GpuInterval* a, const GpuInterval* b) { return a->from_s < b->from_s; });
            std::int64_t latest = std::numeric_limits<std::int64_t>::min();
            for (const auto* iv : byGpu[g])
                latestEnd[g].push_back(latest = std::max(latest, iv->to_s));
        }
        // The interval on GPU g overlapping [from, to), if one does.
        const auto overlapping = [&](std::int32_t g, std::int64_t from, std::int64_t to) -> const GpuInterval* {
            const auto& ivs = byGpu[at(g)];
            auto k = static_cast<std::size_t>(std::partition_point(ivs.begin(), ivs.end(), [&](const GpuInterval* iv) { return iv->from_s < to; })
                                              - ivs.begin());
            if (k == 0 || latestEnd[at(g)][k - 1] <= from)
                return nullptr;
            while (ivs[k - 1]->to_s <= from) // some earlier one ends after `from`
                --k;
            return ivs[k - 1];
        };
        for (const auto& p : r.powerOff) { // powered-off or booting servers hold no job
            const auto& s = cluster.servers()[at(p.server)];
            for (auto g = s.firstGpu; g < s.firstGpu + s.gpus; ++g)
                if (const auto* iv = overlapping(g, p.from_s, p.to_s))
                    rep.fail("server ", s.name, " runs job ", trace.jobs[at(iv->job)].id, " while powered off or booting");
        }
        for (const auto& o : r.outages) {
            const auto& s = cluster.servers()[at(o.server)];
            for (auto g = s.firstGpu; g < s.firstGpu + s.gpus; ++g)
                if (const auto* iv = overlapping(g, o.from_s, o.to_s))
                    rep.fail("GPU ", g, " used by ", trace.jobs[at(iv->job)].id, " while its server is down");
        }
    }

    void gpuSecondsConserved()
    {
        // GPU-seconds conserved.
        for (const auto& j : r.jobs)
            if (j.simulated && occupiedByJob[at(j.job)] != j.gpuSeconds)
                rep.fail("job ", trace.jobs[at(j.job)].id, ": gpu_seconds ", j.gpuSeconds, " != occupancy ", occupiedByJob[at(j.job)]);
    }

    void gangsStartAndEndTogether()
    {
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
            if (sc.gang.policy == GangPolicy::Elastic && job.gpus > 1)
                lo = elasticMinimumSize(sc.gang.minFraction, job.gpus);
            if (n < lo || n > job.gpus)
                rep.fail("job ", job.id, ": runs on ", n, " GPUs, allowed ", lo, "..", job.gpus);
        }
    }

    void strictQuotasHold()
    {
        // Strict quotas: sweep every VC's held GPUs (ends before starts at one instant).
        if (sc.quota.mode == QuotaMode::Strict && !sc.quota.vcGpus.empty()) {
            std::vector<std::tuple<std::int64_t, int, std::int32_t>> ev; // (t, +milli/-milli, vc)
            for (const auto& iv : r.occupancy) {
                const auto vc = trace.jobs[at(iv.job)].tenant;
                ev.emplace_back(iv.from_s, iv.milli, vc);
                ev.emplace_back(iv.to_s, -iv.milli, vc);
            }
            std::sort(ev.begin(), ev.end());
            std::vector<std::int64_t> held(trace.tenants.size(), 0);
            for (const auto& [t, d, vc] : ev) {
                held[at(vc)] += d;
                const auto q = sc.quota.vcGpus.find(trace.tenants[at(vc)].name);
                if (d > 0 && q != sc.quota.vcGpus.end() && held[at(vc)] > q->second * 1000) {
                    rep.fail("VC ", trace.tenants[at(vc)].name, " holds ", held[at(vc)] / 1000.0, " GPUs at ", t, ", quota ", q->second);
                    break;
                }
            }
        }
    }

    void seriesLevelsNotNegative()
    {
        // The series: what running jobs use is never negative (nor what they reserve).
        const auto& ts = r.series;
        for (std::size_t i = 0; i < ts.t_s.size(); ++i)
            for (const auto* v : {&ts.cpuReserved, &ts.memReserved, &ts.cpuUsed, &ts.memUsed})
                if (i < v->size() && (*v)[i] < -1e-6) {
                    rep.fail("series: a CPU or memory level is ", (*v)[i], " at ", ts.t_s[i]);
                    break;
                }
    }
};

} // namespace

std::vector<std::string> checkSimInvariants(const SimResult& r, std::size_t maxReports)
{
    return InvariantChecker(r, maxReports).run();
}

} // namespace clens
