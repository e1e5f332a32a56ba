#pragma once
// A hand-computed run with the autoscaler in the cluster and node power, through the real core
// (the views of docs/autoscaling.md).
//
// Three 1-GPU servers with 8 cores and 16 GB each. Node power: off after 100 s idle, 1 spare,
// boot 50 s. Jobs of 1 GPU asking 2 cores and 4 GB, 1000 s each: j0 at 0, j1 at 200, j2 at 300.
// Autoscaler: usage metrics, policy `request` (the reservation is the request), every container
// using 1 core and 2,048 MiB = 2 GB throughout: never above the reservation (no throttling, no
// OOM kill). The timing is tst_sim_autoscaling's serverPowersOffAndBootsForAWaitingJob:
//   j0 runs on s0 over [0,1000); at 100 s1 powers off (s2 is the spare); j1 takes s2 at 200;
//   j2 at 300 wakes s1, which boots over [300,350): j2 waits 50 s for power, runs [350,1350);
//   at 1200 s0 powers off.
// So at 150 s0 has 2 of 8 cores reserved and 1 used, 4 of 16 GB reserved and 2 used; s1 is off;
// at 320 s1 is booting.
// Reserved 3 jobs x 2 cores x 1000 s = 6000 core-s = 5/3 core-h, used half of it: 5/6 core-h;
// memory 3 x 4 GB x 1000 s = 10/3 GB-h reserved, 5/3 GB-h used.
#include "core/sim/demand_model.hpp"
#include "core/sim/simulator.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <memory>

namespace clens::test {

inline Scenario autoscaledPowered(bool autoscaler = true, bool power = true)
{
    Scenario s;
    s.seriesStep_s = 50;
    if (autoscaler) {
        s.autoscaler.usage = UsageModel::Metrics;
        s.autoscaler.policy = "request";
        s.autoscaler.interval_s = 300;
    }
    s.power.enabled = power;
    s.power.idleOffAfter_s = 100;
    s.power.spareServers = 1;
    s.power.boot_s = 50;
    return s;
}

// `cores` and `memGb` per server change no step of the run (reservations fit either way), only
// the cluster's capacity.
inline std::shared_ptr<const SimResult> autoscaledResult(const Scenario& scenario = autoscaledPowered(), double cores = 8,
                                                         double memGb = 16)
{
    auto demand = std::make_shared<DemandProfile>();
    demand->containers.push_back({{{100000, 1, 2048, -1}}});
    SimOptions o;
    o.demand = demand;
    return std::make_shared<const SimResult>(simulate(makeClusterWith({{"r", 1, "", cores, memGb}, {"r", 1, "", cores, memGb}, {"r", 1, "", cores, memGb}}),
                                                      makeTrace({{"v", 0, 1, 1000}, {"v", 200, 1, 1000}, {"v", 300, 1, 1000}},
                                                                {{2, 4}, {2, 4}, {2, 4}}),
                                                      scenario, o));
}

inline constexpr std::int32_t kBusyServer = 0, kSleepingServer = 1, kSpareServer = 2;
inline constexpr std::int64_t kOffAt = 150, kBootingAt = 320;

} // namespace clens::test
