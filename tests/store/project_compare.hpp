#pragma once
// Field-by-field comparison of projects for the round-trip tests (NaN equals NaN; strings and
// integers must match exactly). Each helper records a QTest failure naming the first
// difference; callers check QTest::currentTestFailed().
#include "core/store/project.hpp"

#include <QTest>

#include <cmath>

namespace clens::test {

inline bool sameDouble(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

#define CLENS_SAME(a, b) QVERIFY2((a) == (b), qPrintable(QString("%1 differs (%2)").arg(#a).arg(where)))
#define CLENS_SAME_REAL(a, b) QVERIFY2(sameDouble((a), (b)), qPrintable(QString("%1 differs: %2 vs %3 (%4)").arg(#a).arg(a).arg(b).arg(where)))

inline void compareTopology(const Topology& x, const Topology& y, const QString& where)
{
    CLENS_SAME(x.racksInferred(), y.racksInferred());
    CLENS_SAME(x.rackSize(), y.rackSize());
    CLENS_SAME(x.gpuCount(), y.gpuCount());
    QCOMPARE(x.racks().size(), y.racks().size());
    for (std::size_t r = 0; r < x.racks().size(); ++r) {
        CLENS_SAME(x.racks()[r].name, y.racks()[r].name);
        CLENS_SAME(x.racks()[r].firstServer, y.racks()[r].firstServer);
        CLENS_SAME(x.racks()[r].serverCount, y.racks()[r].serverCount);
        CLENS_SAME(x.racks()[r].gpus, y.racks()[r].gpus);
    }
    QCOMPARE(x.servers().size(), y.servers().size());
    for (std::size_t i = 0; i < x.servers().size(); ++i) {
        const auto &a = x.servers()[i], &b = y.servers()[i];
        CLENS_SAME(a.name, b.name);
        CLENS_SAME(a.rack, b.rack);
        CLENS_SAME(a.gpus, b.gpus);
        CLENS_SAME(a.firstGpu, b.firstGpu);
        CLENS_SAME(a.gpuModel, b.gpuModel);
        CLENS_SAME_REAL(a.cpuCores, b.cpuCores);
        CLENS_SAME_REAL(a.memGb, b.memGb);
    }
}

inline void compareTrace(const Trace& x, const Trace& y, const QString& where)
{
    CLENS_SAME(x.meta.source, y.meta.source);
    CLENS_SAME(x.meta.format, y.meta.format);
    CLENS_SAME(x.meta.timeBase, y.meta.timeBase);
    CLENS_SAME(x.meta.tenantNote, y.meta.tenantNote);
    CLENS_SAME(x.meta.fractionalGpuJobs, y.meta.fractionalGpuJobs);
    CLENS_SAME(x.meta.notes, y.meta.notes);
    QCOMPARE(x.tenants.size(), y.tenants.size());
    for (std::size_t i = 0; i < x.tenants.size(); ++i) {
        CLENS_SAME(x.tenants[i].name, y.tenants[i].name);
        CLENS_SAME(x.tenants[i].quotaGpus, y.tenants[i].quotaGpus);
    }
    CLENS_SAME(x.users, y.users);
    CLENS_SAME(x.gpuModelSets, y.gpuModelSets);
    QCOMPARE(x.jobs.size(), y.jobs.size());
    for (std::size_t i = 0; i < x.jobs.size(); ++i) {
        const auto &a = x.jobs[i], &b = y.jobs[i];
        CLENS_SAME(a.id, b.id);
        CLENS_SAME(a.tenant, b.tenant);
        CLENS_SAME(a.user, b.user);
        CLENS_SAME(a.submit_s, b.submit_s);
        CLENS_SAME(a.gpus, b.gpus);
        CLENS_SAME(a.duration_s, b.duration_s);
        CLENS_SAME(a.status, b.status);
        CLENS_SAME(a.skip, b.skip);
        CLENS_SAME(a.recordedStart_s, b.recordedStart_s);
        CLENS_SAME(a.recordedEnd_s, b.recordedEnd_s);
        CLENS_SAME_REAL(a.gpuUtil, b.gpuUtil);
        CLENS_SAME(a.gpuMilli, b.gpuMilli);
        CLENS_SAME_REAL(a.cpuCores, b.cpuCores);
        CLENS_SAME_REAL(a.memGb, b.memGb);
        CLENS_SAME(a.gpuModels, b.gpuModels);
        QCOMPARE(a.attempts.size(), b.attempts.size());
        for (std::size_t k = 0; k < a.attempts.size(); ++k) {
            CLENS_SAME(a.attempts[k].start_s, b.attempts[k].start_s);
            CLENS_SAME(a.attempts[k].end_s, b.attempts[k].end_s);
            QCOMPARE(a.attempts[k].placement.size(), b.attempts[k].placement.size());
            for (std::size_t p = 0; p < a.attempts[k].placement.size(); ++p) {
                CLENS_SAME(a.attempts[k].placement[p].server, b.attempts[k].placement[p].server);
                CLENS_SAME(a.attempts[k].placement[p].gpus, b.attempts[k].placement[p].gpus);
            }
        }
    }
}

inline void compareSeries(const TimeSeries& x, const TimeSeries& y, const QString& where)
{
    CLENS_SAME(x.step_s, y.step_s);
    CLENS_SAME(x.t_s, y.t_s);
    CLENS_SAME(x.allocatedGpus, y.allocatedGpus);
    QCOMPARE(x.effectiveUtil.size(), y.effectiveUtil.size());
    for (std::size_t i = 0; i < x.effectiveUtil.size(); ++i)
        CLENS_SAME_REAL(x.effectiveUtil[i], y.effectiveUtil[i]);
    CLENS_SAME(x.queuedJobs, y.queuedJobs);
    CLENS_SAME(x.freeServers, y.freeServers);
    CLENS_SAME(x.heldIdleGpus, y.heldIdleGpus);
    CLENS_SAME(x.queuedByVc, y.queuedByVc);
    CLENS_SAME(x.cpuReserved, y.cpuReserved);
    CLENS_SAME(x.memReserved, y.memReserved);
    CLENS_SAME(x.shareFragmentation, y.shareFragmentation);
    CLENS_SAME(x.cpuUsed, y.cpuUsed);
    CLENS_SAME(x.memUsed, y.memUsed);
    CLENS_SAME(x.poweredServers, y.poweredServers);
    CLENS_SAME(x.powerKw, y.powerKw);
}

inline void compareSummary(const SimSummary& x, const SimSummary& y, const QString& where)
{
    CLENS_SAME(x.jobs, y.jobs);
    CLENS_SAME(x.finishedJobs, y.finishedJobs);
    CLENS_SAME(x.unfinishedJobs, y.unfinishedJobs);
    CLENS_SAME(x.makespan_s, y.makespan_s);
    CLENS_SAME_REAL(x.meanQueueDelay_s, y.meanQueueDelay_s);
    CLENS_SAME_REAL(x.p50QueueDelay_s, y.p50QueueDelay_s);
    CLENS_SAME_REAL(x.p95QueueDelay_s, y.p95QueueDelay_s);
    CLENS_SAME_REAL(x.meanJct_s, y.meanJct_s);
    CLENS_SAME_REAL(x.gpuAllocFraction, y.gpuAllocFraction);
    CLENS_SAME_REAL(x.gpuEffectiveUtil, y.gpuEffectiveUtil);
    CLENS_SAME_REAL(x.fairshareDelay_s, y.fairshareDelay_s);
    CLENS_SAME_REAL(x.fragmentationDelay_s, y.fragmentationDelay_s);
    CLENS_SAME_REAL(x.capacityDelay_s, y.capacityDelay_s);
    CLENS_SAME_REAL(x.heldIdleGpuSeconds, y.heldIdleGpuSeconds);
    CLENS_SAME(x.preemptions, y.preemptions);
    CLENS_SAME(x.serverFailures, y.serverFailures);
    CLENS_SAME_REAL(x.meanSlowdown, y.meanSlowdown);
    CLENS_SAME(x.distributedJobs, y.distributedJobs);
    CLENS_SAME_REAL(x.allocatedGpuSeconds, y.allocatedGpuSeconds);
    CLENS_SAME_REAL(x.effectiveGpuSeconds, y.effectiveGpuSeconds);
    CLENS_SAME_REAL(x.cpuAllocFraction, y.cpuAllocFraction);
    CLENS_SAME_REAL(x.memAllocFraction, y.memAllocFraction);
    CLENS_SAME_REAL(x.gpuShareFragmentation, y.gpuShareFragmentation);
    CLENS_SAME_REAL(x.cpuReservedCoreH, y.cpuReservedCoreH);
    CLENS_SAME_REAL(x.cpuUsedCoreH, y.cpuUsedCoreH);
    CLENS_SAME_REAL(x.memReservedGbH, y.memReservedGbH);
    CLENS_SAME_REAL(x.memUsedGbH, y.memUsedGbH);
    CLENS_SAME_REAL(x.cpuUnderPct, y.cpuUnderPct);
    CLENS_SAME_REAL(x.memUnderPct, y.memUnderPct);
    CLENS_SAME(x.oomKills, y.oomKills);
    CLENS_SAME_REAL(x.throttled_s, y.throttled_s);
    CLENS_SAME_REAL(x.energyKwh, y.energyKwh);
    CLENS_SAME_REAL(x.poweredServerH, y.poweredServerH);
    CLENS_SAME_REAL(x.powerDelay_s, y.powerDelay_s);
}

// Scenario has operator==, but NaN knobs would never compare equal: compare the doubles apart.
inline void compareScenario(Scenario x, Scenario y, const QString& where)
{
    CLENS_SAME_REAL(x.gang.minFraction, y.gang.minFraction);
    CLENS_SAME_REAL(x.slowdown.perExtraServer, y.slowdown.perExtraServer);
    CLENS_SAME_REAL(x.slowdown.crossRack, y.slowdown.crossRack);
    CLENS_SAME_REAL(x.failures.serverMtbf_h, y.failures.serverMtbf_h);
    CLENS_SAME_REAL(x.failures.repair_h, y.failures.repair_h);
    CLENS_SAME_REAL(x.autoscaler.sigma, y.autoscaler.sigma);
    CLENS_SAME_REAL(x.autoscaler.headroom, y.autoscaler.headroom);
    for (auto* s : {&x, &y})
        s->gang.minFraction = s->slowdown.perExtraServer = s->slowdown.crossRack = s->failures.serverMtbf_h
            = s->failures.repair_h = s->autoscaler.sigma = s->autoscaler.headroom = 0;
    QVERIFY2(x == y, qPrintable("scenario differs (" + where + ")"));
}

inline void compareResult(const SimResult& x, const SimResult& y, const QString& where)
{
    compareScenario(x.scenario, y.scenario, where);
    CLENS_SAME(x.cluster == nullptr, y.cluster == nullptr);
    if (x.cluster && y.cluster)
        compareTopology(*x.cluster, *y.cluster, where + " cluster");
    CLENS_SAME(x.trace == nullptr, y.trace == nullptr);
    QCOMPARE(x.jobs.size(), y.jobs.size());
    for (std::size_t i = 0; i < x.jobs.size(); ++i) {
        const auto &a = x.jobs[i], &b = y.jobs[i];
        CLENS_SAME(a.job, b.job);
        CLENS_SAME(a.simulated, b.simulated);
        CLENS_SAME(a.status, b.status);
        CLENS_SAME(a.start_s, b.start_s);
        CLENS_SAME(a.end_s, b.end_s);
        CLENS_SAME(a.queueDelay_s, b.queueDelay_s);
        CLENS_SAME(a.fairshareDelay_s, b.fairshareDelay_s);
        CLENS_SAME(a.fragmentationDelay_s, b.fragmentationDelay_s);
        CLENS_SAME(a.capacityDelay_s, b.capacityDelay_s);
        CLENS_SAME(a.allocatedGpus, b.allocatedGpus);
        CLENS_SAME(a.servers, b.servers);
        CLENS_SAME(a.racks, b.racks);
        CLENS_SAME(a.level, b.level);
        CLENS_SAME(a.attempts, b.attempts);
        CLENS_SAME(a.gpuSeconds, b.gpuSeconds);
        CLENS_SAME(a.heldIdleGpuSeconds, b.heldIdleGpuSeconds);
        CLENS_SAME_REAL(a.effectiveGpuSeconds, b.effectiveGpuSeconds);
        CLENS_SAME_REAL(a.slowdown, b.slowdown);
        CLENS_SAME_REAL(a.effectiveUtil, b.effectiveUtil);
        CLENS_SAME(a.firstWait, b.firstWait);
        CLENS_SAME(a.waitCount, b.waitCount);
        CLENS_SAME(a.powerDelay_s, b.powerDelay_s);
        CLENS_SAME(a.preemptions, b.preemptions);
        CLENS_SAME_REAL(a.queueKey, b.queueKey);
        // What it asked besides GPUs and its autoscaler columns, kept beside the jobs or not.
        const auto& u = x.resourcesOf(i);
        const auto& v = y.resourcesOf(i);
        CLENS_SAME(u.cpuCores, v.cpuCores);
        CLENS_SAME(u.memGb, v.memGb);
        CLENS_SAME(u.gpuMilli, v.gpuMilli);
        CLENS_SAME(u.throttled_s, v.throttled_s);
        CLENS_SAME(u.oomKills, v.oomKills);
        CLENS_SAME(u.scaledIntervals, v.scaledIntervals);
        CLENS_SAME(u.cpuUnderIntervals, v.cpuUnderIntervals);
        CLENS_SAME(u.memUnderIntervals, v.memUnderIntervals);
        CLENS_SAME(u.cpuReservedCoreS, v.cpuReservedCoreS);
        CLENS_SAME(u.cpuUsedCoreS, v.cpuUsedCoreS);
        CLENS_SAME(u.memReservedGbS, v.memReservedGbS);
        CLENS_SAME(u.memUsedGbS, v.memUsedGbS);
    }
    QCOMPARE(x.waits.size(), y.waits.size());
    for (std::size_t i = 0; i < x.waits.size(); ++i) {
        CLENS_SAME(x.waits[i].from_s, y.waits[i].from_s);
        CLENS_SAME(x.waits[i].to_s, y.waits[i].to_s);
        CLENS_SAME(x.waits[i].cause, y.waits[i].cause);
        CLENS_SAME(x.waits[i].resource, y.waits[i].resource);
    }
    QCOMPARE(x.occupancy.size(), y.occupancy.size());
    for (std::size_t i = 0; i < x.occupancy.size(); ++i) {
        const auto &a = x.occupancy[i], &b = y.occupancy[i];
        CLENS_SAME(a.gpu, b.gpu);
        CLENS_SAME(a.job, b.job);
        CLENS_SAME(a.from_s, b.from_s);
        CLENS_SAME(a.to_s, b.to_s);
        CLENS_SAME(a.use, b.use);
        CLENS_SAME_REAL(a.util, b.util);
        CLENS_SAME(a.milli, b.milli);
    }
    QCOMPARE(x.reservations.size(), y.reservations.size());
    for (std::size_t i = 0; i < x.reservations.size(); ++i) {
        const auto &a = x.reservations[i], &b = y.reservations[i];
        CLENS_SAME(a.server, b.server);
        CLENS_SAME(a.job, b.job);
        CLENS_SAME(a.from_s, b.from_s);
        CLENS_SAME(a.to_s, b.to_s);
        CLENS_SAME(a.cpuMilli, b.cpuMilli);
        CLENS_SAME(a.memMib, b.memMib);
    }
    QCOMPARE(x.powerOff.size(), y.powerOff.size());
    for (std::size_t i = 0; i < x.powerOff.size(); ++i) {
        const auto &a = x.powerOff[i], &b = y.powerOff[i];
        CLENS_SAME(a.server, b.server);
        CLENS_SAME(a.from_s, b.from_s);
        CLENS_SAME(a.to_s, b.to_s);
        CLENS_SAME(a.booting, b.booting);
    }
    QCOMPARE(x.scaledRuns.size(), y.scaledRuns.size());
    for (std::size_t i = 0; i < x.scaledRuns.size(); ++i) {
        const auto &a = x.scaledRuns[i], &b = y.scaledRuns[i];
        CLENS_SAME(a.job, b.job);
        CLENS_SAME(a.server, b.server);
        CLENS_SAME(a.from_s, b.from_s);
        CLENS_SAME(a.to_s, b.to_s);
        CLENS_SAME(a.count, b.count);
        for (std::uint32_t k = 0; k < a.count; ++k) {
            const auto &u = x.scaledLevels[a.first + k], &v = y.scaledLevels[b.first + k];
            CLENS_SAME(u.cpuReserved, v.cpuReserved);
            CLENS_SAME(u.memReserved, v.memReserved);
            CLENS_SAME(u.cpuUsed, v.cpuUsed);
            CLENS_SAME(u.memUsed, v.memUsed);
            CLENS_SAME(u.phase, v.phase);
        }
    }
    QCOMPARE(x.outages.size(), y.outages.size());
    for (std::size_t i = 0; i < x.outages.size(); ++i) {
        CLENS_SAME(x.outages[i].server, y.outages[i].server);
        CLENS_SAME(x.outages[i].from_s, y.outages[i].from_s);
        CLENS_SAME(x.outages[i].to_s, y.outages[i].to_s);
    }
    compareSeries(x.series, y.series, where);
    compareSummary(x.summary, y.summary, where);
    CLENS_SAME(x.events, y.events);
    CLENS_SAME(x.firstSubmit_s, y.firstSubmit_s);
    CLENS_SAME(x.lastEvent_s, y.lastEvent_s);
    QCOMPARE(x.neverStartable, y.neverStartable);
}

inline void comparePhases(const std::optional<ProjectPhases>& x, const std::optional<ProjectPhases>& y)
{
    const QString where = "phases";
    QCOMPARE(x.has_value(), y.has_value());
    if (!x)
        return;
    CLENS_SAME(x->modelJson, y->modelJson);
    const ContainerMetrics& a = *x->metrics;
    const ContainerMetrics& b = *y->metrics;
    CLENS_SAME(a.source, b.source);
    CLENS_SAME(a.columns, b.columns);
    CLENS_SAME(a.resampleStep_s, b.resampleStep_s);
    CLENS_SAME(a.notes, b.notes);
    QCOMPARE(a.containers.size(), b.containers.size());
    for (std::size_t i = 0; i < a.containers.size(); ++i) {
        const auto& c = a.containers[i];
        const auto& d = b.containers[i];
        CLENS_SAME(c.podId, d.podId);
        CLENS_SAME(c.service, d.service);
        CLENS_SAME(c.timestamps, d.timestamps);
        CLENS_SAME(c.values, d.values);
        CLENS_SAME(c.fileLines, d.fileLines);
    }
}

inline void compareSweep(const std::optional<ProjectSweep>& x, const std::optional<ProjectSweep>& y)
{
    const QString where = "sweep";
    QCOMPARE(x.has_value(), y.has_value());
    if (!x)
        return;
    CLENS_SAME(x->gridJson, y->gridJson);
    CLENS_SAME(x->back, y->back);
    QCOMPARE(x->runs.size(), y->runs.size());
    for (std::size_t i = 0; i < x->runs.size(); ++i) {
        const QString w = QString("sweep run %1").arg(i);
        CLENS_SAME(x->runs[i].ok, y->runs[i].ok);
        CLENS_SAME(x->runs[i].error, y->runs[i].error);
        if (x->runs[i].ok)
            compareSummary(x->runs[i].summary, y->runs[i].summary, w);
    }
}

inline void compareProject(const Project& x, const Project& y)
{
    const QString where = "project";
    CLENS_SAME(x.cluster == nullptr, y.cluster == nullptr);
    if (x.cluster && y.cluster)
        compareTopology(*x.cluster, *y.cluster, "project cluster");
    if (QTest::currentTestFailed())
        return;
    compareTrace(x.trace ? *x.trace : Trace{}, y.trace ? *y.trace : Trace{}, "trace");
    if (QTest::currentTestFailed())
        return;
    CLENS_SAME(x.scenarios, y.scenarios);
    QCOMPARE(x.results.size(), y.results.size());
    for (std::size_t i = 0; i < x.results.size(); ++i) {
        const QString w = QString("result %1").arg(i);
        QVERIFY2(x.results[i].name == y.results[i].name, qPrintable(w + " name"));
        compareResult(*x.results[i].result, *y.results[i].result, w);
        if (QTest::currentTestFailed())
            return;
    }
    comparePhases(x.phases, y.phases);
    compareSweep(x.sweep, y.sweep);
    QVERIFY2(x.view == y.view, "view state");
}

#undef CLENS_SAME
#undef CLENS_SAME_REAL

} // namespace clens::test
