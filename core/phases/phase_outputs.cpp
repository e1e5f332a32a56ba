#include "core/phases/phase_outputs.hpp"

#include "core/phases/phase_model.hpp"
#include "core/util/csv_writer.hpp"

#include <charconv>
#include <cstdio>

namespace clens {

std::string exactDecimal(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

namespace {

std::string g6(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

} // namespace

void writePhasesCsv(std::ostream& out, const ContainerMetrics& metrics, const PhaseAssignment& phases)
{
    out << "pod.id,row,timestamp,phase\n";
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        const auto& s = metrics.containers[ci];
        for (std::size_t r = 0; r < s.rows(); ++r) {
            writeCsvField(out, s.podId);
            out << ',' << r << ',' << s.timestamps[r] << ',';
            if (const int p = phases.containers[ci].labels[r]; p >= 0)
                out << p;
            out << '\n';
        }
    }
}

void writeActivationsCsv(std::ostream& out, const ContainerMetrics& metrics, const PhaseAssignment& phases)
{
    const auto nHid = phases.containers.empty() ? 0 : phases.containers.front().activations.cols;
    out << "pod.id,row,timestamp";
    for (std::size_t j = 0; j < nHid; ++j)
        out << ",h" << j;
    out << '\n';
    const auto history = static_cast<std::size_t>(phases.history);
    for (std::size_t ci = 0; ci < metrics.containers.size(); ++ci) {
        const auto& s = metrics.containers[ci];
        const auto& act = phases.containers[ci].activations;
        for (std::size_t r = 0; r < act.rows; ++r) {
            writeCsvField(out, s.podId);
            out << ',' << r + history << ',' << s.timestamps[r + history];
            for (std::size_t j = 0; j < act.cols; ++j)
                out << ',' << exactDecimal(act(r, j));
            out << '\n';
        }
    }
}

void writeAutoscaleTableCsv(std::ostream& out, const AutoscaleResult& result)
{
    out << "policy,oracle,containers,intervals,steps,hours,cpu_alloc_core_h,cpu_used_core_h,cpu_unmet_core_h,"
           "cpu_under_pct,cpu_savings_pct,mem_alloc_gb_h,mem_used_gb_h,mem_unmet_gb_h,mem_under_pct,mem_savings_pct\n";
    for (const auto& s : result.scores)
        out << scalingPolicyName(s.policy) << ',' << (isOracle(s.policy) ? 1 : 0) << ',' << s.containers << ','
            << s.intervals << ',' << s.steps << ',' << g6(s.hours) << ',' << g6(s.cpuAllocCoreH) << ','
            << g6(s.cpuUsedCoreH) << ',' << g6(s.cpuUnmetCoreH) << ',' << g6(s.cpuUnderPct) << ','
            << g6(s.cpuSavingsPct) << ',' << g6(s.memAllocGbH) << ',' << g6(s.memUsedGbH) << ','
            << g6(s.memUnmetGbH) << ',' << g6(s.memUnderPct) << ',' << g6(s.memSavingsPct) << '\n';
}

void writeAllocationsCsv(std::ostream& out, const ContainerMetrics& metrics, const AutoscaleResult& result)
{
    out << "policy,pod.id,interval,start_s,first_row,end_row,source,phase,cpu_cores,mem_gb,scored\n";
    for (std::size_t pi = 0; pi < result.allocations.size(); ++pi)
        for (const auto& a : result.allocations[pi]) {
            out << scalingPolicyName(result.scores[pi].policy) << ',';
            writeCsvField(out, metrics.containers[a.container].podId);
            out << ',' << a.interval << ',' << a.start_s << ',' << a.firstRow << ',' << a.endRow << ','
                << allocationSourceName(a.source) << ',';
            if (a.phase >= 0)
                out << a.phase;
            out << ',' << g6(a.cpuCores) << ',' << g6(a.memGb) << ',' << (a.scored ? 1 : 0) << '\n';
        }
}

} // namespace clens
