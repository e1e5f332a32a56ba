#pragma once
// Shared by the UI tests: the demo loaded straight from sample_traces, run through the fake.
#include "core/io/native_csv.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/fake_engine.hpp"
#include "ui/run/sim_snapshot.hpp"

namespace clens::test {

inline ui::SimInput demoInput()
{
    ui::SimInput in;
    in.cluster = std::make_shared<Topology>(readNativeCluster(samplePath("demo/cluster.csv")));
    in.trace = std::make_shared<Trace>(readNativeJobs(samplePath("demo/jobs.csv")));
    return in;
}

inline ui::SnapshotPtr snapshotOf(const ui::SimInput& in, const Scenario& scenario = {}, std::uint64_t generation = 1)
{
    auto result = std::make_shared<const SimResult>(fakeSimulate(in, scenario, {}));
    auto s = std::make_shared<ui::SimSnapshot>();
    s->generation = generation;
    s->states = fakeIndex(result);
    s->result = std::move(result);
    ui::indexIntervals(*s);
    return s;
}

inline std::int32_t jobIndex(const Trace& trace, const std::string& id)
{
    for (std::size_t j = 0; j < trace.jobs.size(); ++j)
        if (trace.jobs[j].id == id)
            return static_cast<std::int32_t>(j);
    return -1;
}

} // namespace clens::test
