#include "core/analysis/figure_catalog.hpp"

#include "core/analysis/figures.hpp"
#include "core/util/error.hpp"

#include <functional>
#include <stdexcept>

namespace clens {

namespace {

using Compute = std::function<Figure(const JobTable&, const AnalysisOptions&)>;
using Needs = std::function<std::optional<std::string>(const JobTable&)>;

struct Entry {
    FigureInfo info;
    Needs needs;
    Compute compute;
};

std::optional<std::string> always(const JobTable&) { return std::nullopt; }

std::optional<std::string> needsRunTimes(const JobTable& t)
{
    for (const auto& j : t.jobs)
        if (j.runTime_s)
            return std::nullopt;
    return "no job has a run time";
}

std::optional<std::string> needsDelays(const JobTable& t)
{
    if (t.hasDelays)
        return std::nullopt;
    return "no queueing delays: the trace records no start times (Philly job log, Alibaba pods and Helios do; "
           "the processed Philly CSV and native CSV do not) - simulate it to see delays";
}

std::optional<std::string> needsCauses(const JobTable& t)
{
    if (t.hasDelayCauses)
        return std::nullopt;
    return "delay causes (fair-share / fragmentation / capacity) are known only for simulation results";
}

std::optional<std::string> needsDelaysAndPlacement(const JobTable& t)
{
    if (auto r = needsDelays(t))
        return r;
    if (t.hasPlacement)
        return std::nullopt;
    return "no job has a recorded placement (servers used)";
}

std::optional<std::string> needsUtil(const JobTable& t)
{
    if (t.hasUtil)
        return std::nullopt;
    return "no GPU utilization: import Philly with its cluster_gpu_util, or simulate a trace that carries "
           "utilization";
}

std::optional<std::string> needsSeries(const JobTable& t)
{
    if (t.series && !t.series->t_s.empty())
        return std::nullopt;
    return "no time series: needs recorded start/end times or a simulation result";
}

std::optional<std::string> needsShares(const JobTable& t)
{
    if (seriesKnowsShares(t))
        return std::nullopt;
    return "only the simulator's own time series knows how free GPU capacity is split between whole and shared "
           "GPUs (a simulation result, or --series with --result)";
}

std::optional<std::string> needsReservations(const JobTable& t)
{
    if (seriesKnowsReservations(t))
        return std::nullopt;
    return "only the simulator's own time series knows the CPU and memory jobs reserved on their servers (a "
           "simulation result, or --series with --result)";
}

std::optional<std::string> needsUse(const JobTable& t)
{
    if (seriesKnowsUse(t))
        return std::nullopt;
    return "only a simulation with the autoscaler (autoscaler.usage metrics or phases) knows what jobs use inside "
           "their reservations (a simulation result, or --series with --result)";
}

std::optional<std::string> needsPower(const JobTable& t)
{
    if (seriesKnowsPower(t))
        return std::nullopt;
    return "only the simulator's own time series knows the servers powered on and the power drawn (a simulation "
           "result, or --series with --result)";
}

template <Figure (*F)(const JobTable&)>
Figure plain(const JobTable& t, const AnalysisOptions&)
{
    return F(t);
}

const std::vector<Entry>& entries()
{
    static const std::vector<Entry> e{
        {{"summary", "Headline metrics"}, always, plain<summaryFigure>},
        {{"size_mix", "Job-size mix by number of jobs and by GPU time"}, always, plain<sizeMixFigure>},
        {{"runtime_cdf", "Run time by job size"}, needsRunTimes, runTimeCdfFigure},
        {{"runtime_stats", "Run time by job size (statistics)"}, needsRunTimes, plain<runTimeStatsFigure>},
        {{"queue_delay_cdf_by_size", "Queueing delay by job size"}, needsDelays, queueDelayCdfBySizeFigure},
        {{"queue_delay_stats_by_size", "Queueing delay by job size (statistics)"}, needsDelays,
         plain<queueDelayStatsBySizeFigure>},
        {{"queue_delay_cdf_by_vc", "Queueing delay by virtual cluster"}, needsDelays, queueDelayCdfByVcFigure},
        {{"queue_delay_stats_by_vc", "Queueing delay by virtual cluster (statistics)"}, needsDelays,
         plain<queueDelayStatsByVcFigure>},
        {{"delay_causes", "Queueing delay by cause and job size"}, needsCauses, plain<delayCausesFigure>},
        {{"queue_delay_vs_servers", "Queueing delay by number of servers used"}, needsDelaysAndPlacement,
         plain<queueDelayVsServersFigure>},
        {{"gpu_util_cdf", "GPU utilization of 1, 4, 8 and 16-GPU jobs, dedicated vs distributed"}, needsUtil,
         gpuUtilCdfFigure},
        {{"gpu_util_stats", "GPU utilization by job size and placement (statistics)"}, needsUtil,
         plain<gpuUtilStatsFigure>},
        {{"status_mix", "Final job status by number of jobs and by GPU time"}, always, plain<statusMixFigure>},
        {{"vc_table", "Virtual clusters: jobs, GPU-hours and queueing delay"}, always, plain<vcTableFigure>},
        {{"cluster_series", "Cluster over time: allocated GPUs, effective utilization, queue, fully-free servers"},
         needsSeries, plain<clusterSeriesFigure>},
        {{"gpu_share_fragmentation", "GPU-share fragmentation over time"}, needsShares,
         plain<gpuShareFragmentationFigure>},
        {{"cpu_mem_reserved", "CPU and memory reserved over time"}, needsReservations, plain<cpuMemReservedFigure>},
        {{"cpu_mem_used", "CPU and memory reserved vs used over time"}, needsUse, plain<cpuMemUsedFigure>},
        {{"power_series", "Servers powered on and power drawn over time"}, needsPower, plain<powerSeriesFigure>},
    };
    return e;
}

const Entry& entry(std::string_view name)
{
    for (const auto& e : entries())
        if (e.info.name == name)
            return e;
    std::string known;
    for (const auto& e : entries())
        known += (known.empty() ? "" : ", ") + e.info.name;
    throw ValueError("unknown figure '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace

const std::vector<FigureInfo>& figureCatalog()
{
    static const std::vector<FigureInfo> infos = [] {
        std::vector<FigureInfo> v;
        for (const auto& e : entries())
            v.push_back(e.info);
        return v;
    }();
    return infos;
}

bool isKnownFigure(std::string_view name)
{
    for (const auto& e : entries())
        if (e.info.name == name)
            return true;
    return false;
}

std::optional<std::string> figureUnavailable(std::string_view name, const JobTable& t)
{
    return entry(name).needs(t);
}

Figure computeFigure(std::string_view name, const JobTable& t, const AnalysisOptions& o)
{
    const auto& e = entry(name);
    auto f = e.compute(t, o);
    for (const auto& note : t.notes)
        f.notes.push_back(note);
    return f;
}

FigureSet computeFigures(const JobTable& t, const std::vector<std::string>& names, const AnalysisOptions& o)
{
    std::vector<std::string> wanted = names;
    if (wanted.empty())
        for (const auto& e : entries())
            wanted.push_back(e.info.name);
    FigureSet set;
    for (const auto& name : wanted) {
        const auto& e = entry(name);
        if (auto reason = e.needs(t))
            set.unavailable.push_back({name, std::move(*reason)});
        else
            set.figures.push_back(computeFigure(name, t, o));
    }
    return set;
}

} // namespace clens
