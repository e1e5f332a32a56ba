#pragma once
// The phase-transition graph (Boost.Graph): one node per phase with its share of steps and CPU /
// memory statistics; one edge a -> b per observed transition between consecutive phased rows of
// a container (self-loops included), weighted by P(next = b | current = a).
#include "core/model/container_metrics.hpp"
#include "core/phases/phase_stats.hpp"

#include <boost/graph/adjacency_list.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace clens {

struct PhaseAssignment;

struct PhaseNode {
    int phase = 0;
    std::size_t steps = 0;
    double share = 0;     // of phased steps
    double timeShare = 0; // of the phased steps' time
    ColumnStats cpuCores; // of the CPU column, in cores
    ColumnStats memGb;    // of the memory column, in GB (1e9 bytes)
};

struct PhaseEdge {
    std::size_t count = 0;
    double probability = 0; // count / transitions leaving the source phase
};

using PhaseGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, PhaseNode, PhaseEdge>;

struct PhaseGraphColumns {
    std::string cpu = "cpu.usage.cores";
    std::string mem = "mem.working.set";
};

// stats: one entry per phase (as computePhaseStats or a model's phaseStats). Throws InputError
// when the statistics lack a column.
PhaseGraph buildPhaseGraph(const ContainerMetrics& metrics, const PhaseAssignment& phases,
                           const std::vector<PhaseStats>& stats, const PhaseGraphColumns& columns = {});

// {"nodes": [...], "edges": [...], "sequences": {pod: [runs]}}
std::string phaseGraphToJson(const PhaseGraph& graph, const ContainerMetrics& metrics, const PhaseAssignment& phases);
// Graphviz DOT; node labels carry share and mean CPU / memory, edge labels the probability.
void writePhaseGraphDot(std::ostream& out, const PhaseGraph& graph);

} // namespace clens
