#pragma once
// A hand-made six-job simulation result, as a SimResult in memory and as the jobs.csv the
// simulator would write. Cluster: 3 servers x 4 GPUs (12 GPUs, one rack).
//
// job vc gpus submit start end   delay (fair/frag/cap)  servers level  status     gpu_s  util
// j1  a  1    0      0     100   0     (0/0/0)          1       server Pass       100    0.5
// j2  a  2    0      50    250   50    (0/50/0)         1       server Killed     400    0.8
// j3  b  4    10     110   410   100   (60/0/40)        1       server Pass       1200   0.6
// j4  b  8    20     320   1320  300   (0/200/100)      2       rack   Failed     8000   0.4
// j5  a  16   30     -     -     1290  (0/0/1290)       -       -      Unfinished 0      -
// j6  b  1    40     40    240   0     (0/0/0)          1       server Pass       200    0.9
//
// Run time = end - submit - delay: j1 100, j2 200, j3 300, j4 1000, j6 200 (j5 none).
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <memory>
#include <string>

namespace clens::test {

inline std::shared_ptr<const Trace> tinyTrace()
{
    auto t = std::make_shared<Trace>();
    t->meta.source = "tiny.csv";
    t->meta.format = "csv";
    const struct {
        const char* id;
        const char* vc;
        int gpus;
        std::int64_t submit, duration;
    } rows[] = {{"j1", "a", 1, 0, 100}, {"j2", "a", 2, 0, 200}, {"j3", "b", 4, 10, 300},
                {"j4", "b", 8, 20, 1000}, {"j5", "a", 16, 30, 500}, {"j6", "b", 1, 40, 200}};
    for (const auto& r : rows) {
        Job j;
        j.id = r.id;
        j.tenant = t->internTenant(r.vc);
        j.user = t->internUser("u");
        j.gpus = r.gpus;
        j.submit_s = r.submit;
        j.duration_s = r.duration;
        t->jobs.push_back(j);
    }
    return t;
}

inline std::shared_ptr<const Topology> tinyCluster()
{
    std::vector<ServerSpec> specs;
    for (const char* name : {"s0", "s1", "s2"})
        specs.push_back({name, std::nullopt, 4, "", 0, 0});
    return std::make_shared<Topology>(Topology::build(specs, 8));
}

inline SimResult tinySimResult()
{
    SimResult r;
    r.trace = tinyTrace();
    r.cluster = tinyCluster();
    const auto S = LocalityLevel::Server;
    const auto R = LocalityLevel::Rack;
    const auto add = [&](int job, JobStatus st, std::optional<std::int64_t> start, std::optional<std::int64_t> end,
                         std::int64_t fair, std::int64_t frag, std::int64_t cap, int servers, LocalityLevel level,
                         std::int64_t gpuSeconds, double util) {
        JobResult j;
        j.job = job;
        j.simulated = true;
        j.status = st;
        j.start_s = start;
        j.end_s = end;
        j.fairshareDelay_s = fair;
        j.fragmentationDelay_s = frag;
        j.capacityDelay_s = cap;
        j.queueDelay_s = fair + frag + cap;
        j.servers = servers;
        j.racks = servers ? 1 : 0;
        j.level = level;
        j.attempts = start ? 1 : 0;
        j.gpuSeconds = gpuSeconds;
        j.effectiveUtil = util;
        r.jobs.push_back(j);
    };
    add(0, JobStatus::Pass, 0, 100, 0, 0, 0, 1, S, 100, 0.5);
    add(1, JobStatus::Killed, 50, 250, 0, 50, 0, 1, S, 400, 0.8);
    add(2, JobStatus::Pass, 110, 410, 60, 0, 40, 1, S, 1200, 0.6);
    add(3, JobStatus::Failed, 320, 1320, 0, 200, 100, 2, R, 8000, 0.4);
    add(4, JobStatus::Unfinished, std::nullopt, std::nullopt, 0, 0, 1290, 0, S, 0, 0);
    add(5, JobStatus::Pass, 40, 240, 0, 0, 0, 1, S, 200, 0.9);
    // A simulator series: two samples, values only checked for being copied through.
    r.series.step_s = 600;
    r.series.t_s = {0, 600};
    r.series.allocatedGpus = {1, 8};
    r.series.effectiveUtil = {0.5 / 12, 3.2 / 12};
    r.series.queuedJobs = {1, 1};
    r.series.freeServers = {2, 1};
    r.series.heldIdleGpus = {0, 0};
    r.series.cpuReserved = {2, 16}; // the tiny cluster says nothing of CPU or memory: no fractions
    r.series.memReserved = {8, 64};
    r.series.shareFragmentation = {0, 0.25};
    r.series.cpuUsed = {1, 10}; // as with the autoscaler: below what is reserved
    r.series.memUsed = {4, 40};
    r.series.poweredServers = {3, 3};
    r.series.powerKw = {1.5, 2.5};
    return r;
}

// The same result as `simulate --jobs-out` writes it (columns reordered and extra ones added
// on purpose: the reader keys on header names).
inline std::string tinyJobsCsv()
{
    return "job_id,vc,user,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,fragmentation_delay_s,"
           "capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds,duration_s,slowdown,effective_util\n"
           "j1,a,u,1,0,0,100,0,0,0,0,1,1,server,1,Pass,100,100,1,0.5\n"
           "j2,a,u,2,0,50,250,50,0,50,0,1,1,server,1,Killed,400,200,1,0.8\n"
           "j3,b,u,4,10,110,410,100,60,0,40,1,1,server,1,Pass,1200,300,1,0.6\n"
           "j4,b,u,8,20,320,1320,300,0,200,100,2,1,rack,1,Failed,8000,1000,1,0.4\n"
           "j5,a,u,16,30,,,1290,0,0,1290,,,,0,Unfinished,0,500,,\n"
           "j6,b,u,1,40,40,240,0,0,0,0,1,1,server,1,Pass,200,200,1,0.9\n";
}

} // namespace clens::test
