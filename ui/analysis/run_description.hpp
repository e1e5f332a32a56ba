#pragma once
// What a report or a comparison says about its inputs, in words: the trace, the cluster and every
// scenario knob (docs/simulation.md "Scenario JSON"), and which knobs differ between two scenarios.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace clens::ui::analysis {

// (knob, setting) pairs in the order of docs/simulation.md "Scenario JSON": ("Relax locality to any
// server", "after 30 min").
std::vector<std::pair<QString, QString>> scenarioSettings(const Scenario& s);
// "Quotas: none → strict (GPUs: speech 4)" for each knob whose setting differs.
QStringList scenarioDifferences(const Scenario& from, const Scenario& to);

// "philly_jobs_pollux.csv (philly-csv): 82,247 jobs, 14 VCs, 2017-10-03 to 2017-12-15"
QString describeTrace(const Trace& trace);
// "552 servers, 2,490 GPUs in 69 racks"
QString describeCluster(const Topology& cluster);
// The lines written under a chart exported for a report: "Trace: …", "Cluster: …" (each when
// known) and "Scenario: …", the knobs that differ from the defaults.
QStringList describeRun(const Trace* trace, const Topology* cluster, const Scenario& scenario);
// The file name of a trace's source path.
QString traceName(const Trace& trace);

} // namespace clens::ui::analysis
