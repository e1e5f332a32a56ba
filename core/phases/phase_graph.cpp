#include "core/phases/phase_graph.hpp"

#include "core/phases/phase_model.hpp"
#include "core/phases/phase_sequence.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/graph/graphviz.hpp>
#include <boost/json.hpp>

#include <cstdio>
#include <map>

namespace clens {

namespace json = boost::json;

namespace {

ColumnStats statsOf(const PhaseStats& s, const std::string& column, const std::string& source, double unit)
{
    const auto it = s.columns.find(column);
    if (it == s.columns.end())
        throw InputError(source, 0, column, "the phase statistics have no column '" + column + "'");
    return {it->second.mean / unit, it->second.std / unit, it->second.max / unit};
}

json::object statsJson(const ColumnStats& s) { return {{"mean", s.mean}, {"std", s.std}, {"max", s.max}}; }

std::string format(const char* fmt, double a, double b = 0, double c = 0)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}

} // namespace

PhaseGraph buildPhaseGraph(const ContainerMetrics& metrics, const PhaseAssignment& phases,
                           const std::vector<PhaseStats>& stats, const PhaseGraphColumns& columns)
{
    PhaseGraph g;
    for (int p = 0; p < phases.k; ++p) {
        PhaseNode n;
        n.phase = p;
        if (static_cast<std::size_t>(p) < stats.size()) {
            const auto& s = stats[static_cast<std::size_t>(p)];
            n.steps = s.steps;
            n.share = s.share;
            n.timeShare = s.timeShare;
            n.cpuCores = statsOf(s, columns.cpu, metrics.source, 1.0);
            n.memGb = statsOf(s, columns.mem, metrics.source, 1e9);
        }
        boost::add_vertex(n, g);
    }
    std::map<std::pair<int, int>, std::size_t> counts;
    std::vector<std::size_t> leaving(static_cast<std::size_t>(phases.k), 0);
    for (const auto& c : phases.containers)
        for (std::size_t r = 1; r < c.labels.size(); ++r)
            if (c.labels[r - 1] >= 0 && c.labels[r] >= 0) {
                ++counts[{c.labels[r - 1], c.labels[r]}];
                ++leaving[static_cast<std::size_t>(c.labels[r - 1])];
            }
    for (const auto& [fromTo, n] : counts) {
        const auto from = static_cast<std::size_t>(fromTo.first), to = static_cast<std::size_t>(fromTo.second);
        boost::add_edge(from, to, PhaseEdge{n, static_cast<double>(n) / static_cast<double>(leaving[from])}, g);
    }
    return g;
}

std::string phaseGraphToJson(const PhaseGraph& g, const ContainerMetrics& metrics, const PhaseAssignment& phases)
{
    json::array nodes, edges;
    for (auto v : boost::make_iterator_range(boost::vertices(g))) {
        const auto& n = g[v];
        nodes.emplace_back(json::object{{"phase", n.phase},
                                        {"steps", n.steps},
                                        {"share", n.share},
                                        {"time_share", n.timeShare},
                                        {"cpu_cores", statsJson(n.cpuCores)},
                                        {"mem_gb", statsJson(n.memGb)}});
    }
    for (auto e : boost::make_iterator_range(boost::edges(g)))
        edges.emplace_back(json::object{{"from", g[boost::source(e, g)].phase},
                                        {"to", g[boost::target(e, g)].phase},
                                        {"count", g[e].count},
                                        {"probability", g[e].probability}});
    json::object sequences;
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        json::array runs;
        for (const auto& r : phaseRuns(metrics.containers[ci], phases.containers[ci].labels))
            runs.emplace_back(json::object{{"phase", r.phase},
                                           {"first_row", r.firstRow},
                                           {"last_row", r.lastRow},
                                           {"start_s", r.start_s},
                                           {"end_s", r.end_s}});
        sequences[metrics.containers[ci].podId] = std::move(runs);
    }
    return toJsonText(json::object{{"phases", phases.k},
                                   {"history", phases.history},
                                   {"nodes", std::move(nodes)},
                                   {"edges", std::move(edges)},
                                   {"sequences", std::move(sequences)}},
                      2);
}

void writePhaseGraphDot(std::ostream& out, const PhaseGraph& g)
{
    const auto nodeWriter = [&](std::ostream& o, PhaseGraph::vertex_descriptor v) {
        const auto& n = g[v];
        o << "[label=\"phase " << n.phase << "\\n" << format("%.1f%% of steps, %.1f%% of time", 100.0 * n.share, 100.0 * n.timeShare) << "\\n"
          << format("CPU %.3g cores (sd %.2g)", n.cpuCores.mean, n.cpuCores.std) << "\\n"
          << format("mem %.3g GB (sd %.2g)", n.memGb.mean, n.memGb.std) << "\"]";
    };
    const auto edgeWriter = [&](std::ostream& o, PhaseGraph::edge_descriptor e) {
        const double p = g[e].probability;
        o << "[label=\"" << format("%.2f", p) << "\", penwidth=" << format("%.2f", 0.5 + 4.0 * p) << "]";
    };
    const auto graphWriter = [](std::ostream& o) {
        o << "graph [rankdir=LR];\nnode [shape=box, style=rounded];\n";
    };
    boost::write_graphviz(out, g, nodeWriter, edgeWriter, graphWriter);
}

} // namespace clens
