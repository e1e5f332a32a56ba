#pragma once
// Shared by the UI tests: the demo loaded straight from sample_traces, run through the fake.
#include "core/io/native_csv.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/fake_engine.hpp"
#include "ui/run/sim_snapshot.hpp"

#include <QCoreApplication>
#include <QThread>

#include <atomic>

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

// Counts the snapshots freed and says whether one was freed on the GUI thread: `engine` with an
// index whose state source reports when it goes (the snapshot's last reference with it).
struct FreedSnapshots {
    std::atomic<int> count{0};
    std::atomic<bool> onGuiThread{false};
};
inline ui::Engine reportingFrees(ui::Engine engine, std::shared_ptr<FreedSnapshots> freed)
{
    engine.index = [index = engine.index, freed](std::shared_ptr<const SimResult> result) -> std::shared_ptr<const ui::StateSource> {
        auto states = index(std::move(result));
        const ui::StateSource* raw = states.get();
        return std::shared_ptr<const ui::StateSource>(raw, [states, freed](const ui::StateSource*) mutable {
            if (QThread::currentThread() == QCoreApplication::instance()->thread())
                freed->onGuiThread = true;
            states.reset();
            ++freed->count;
        });
    };
    return engine;
}

} // namespace clens::test
