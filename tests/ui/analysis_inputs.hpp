#pragma once
// Inputs for the Analysis / Compare page tests and screenshots: the demo trace and the Philly
// sample (with VC quotas of nodes x 8 GPUs from philly_vc_nodes.csv, so that queues form).
#include "core/io/trace_format.hpp"
#include "core/sim/simulator.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "tests/common/test_support.hpp"

#include <memory>
#include <string>

namespace clens::test {

struct SimInputs {
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const Topology> cluster;
};

inline SimInputs loadInputs(const std::string& clusterPath, const std::string& tracePath)
{
    SimInputs in;
    in.trace = std::make_shared<const Trace>(loadTrace(tracePath));
    in.cluster = std::make_shared<const Topology>(loadClusterForTrace(clusterPath, *in.trace));
    return in;
}

inline std::shared_ptr<const SimResult> simulateShared(const SimInputs& in, const Scenario& scenario = {})
{
    return std::make_shared<const SimResult>(simulate(in.cluster, in.trace, scenario));
}

// The teaching demo simulated twice, shared by a test's cases: with the default knobs
// (`relaxed`) and never relaxing to `any` (`never`; README: mean delay ~1,050 s -> ~580 s).
struct DemoRuns {
    SimInputs in;
    std::shared_ptr<const SimResult> relaxed, never;
};

inline const DemoRuns& demoRuns()
{
    static const DemoRuns d = [] {
        DemoRuns x;
        x.in = loadInputs(samplePath("demo/cluster.csv"), samplePath("demo/jobs.csv"));
        x.relaxed = simulateShared(x.in);
        Scenario s;
        s.locality.relaxToAnyAfter_s = std::nullopt;
        x.never = simulateShared(x.in, s);
        return x;
    }();
    return d;
}

// Strict quotas of nodes x 8 GPUs for the VCs listed in philly_vc_nodes.csv.
inline Scenario phillyQuotaScenario(const std::string& vcNodesPath)
{
    Scenario s;
    s.quota.mode = QuotaMode::Strict;
    CsvReader csv(vcNodesPath);
    csv.next(); // header
    while (csv.next())
        s.quota.vcGpus[std::string(csv.field(0))] = 8 * std::stoll(std::string(csv.field(1)));
    return s;
}

} // namespace clens::test
