// The autoscaler in the cluster and node power over time (docs/autoscaling.md): what running
// jobs reserve and use, servers powered on and the power drawn.
#include "core/analysis/figures.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace clens {
namespace {

double at(const std::vector<double>& v, std::size_t i)
{
    return i < v.size() ? v[i] : std::nan("");
}

bool differs(const std::vector<double>& a, const std::vector<double>& b)
{
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (!std::isnan(a[i]) && !std::isnan(b[i]) && std::abs(a[i] - b[i]) > 1e-9)
            return true;
    return false;
}

} // namespace

bool seriesKnowsUse(const JobTable& t)
{
    return t.series && (differs(t.series->cpuUsed, t.series->cpuReserved) || differs(t.series->memUsed, t.series->memReserved));
}

bool seriesKnowsPower(const JobTable& t)
{
    // Every simulation models the power drawn; servers power off only with power.enabled.
    return t.series && std::any_of(t.series->powerKw.begin(), t.series->powerKw.end(), [](double x) { return x > 0; });
}

Figure cpuMemUsedFigure(const JobTable& t)
{
    Figure f;
    f.name = "cpu_mem_used";
    f.title = "CPU and memory reserved vs used over time";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    f.y = {"Cores / GB", "", {"cpu_reserved", "cpu_used", "mem_reserved", "mem_used"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("cpu_reserved", "cores");
    f.addNumberColumn("cpu_used", "cores");
    f.addNumberColumn("mem_reserved", "GB");
    f.addNumberColumn("mem_used", "GB");
    if (!t.series)
        return f;
    const auto& s = *t.series;
    for (std::size_t i = 0; i < s.t_s.size(); ++i)
        f.appendRow({static_cast<double>(s.t_s[i]), cell(at(s.cpuReserved, i)), cell(at(s.cpuUsed, i)), cell(at(s.memReserved, i)),
                     cell(at(s.memUsed, i))});
    f.notes.push_back("sampled every " + std::to_string(s.step_s) + " s; " + s.origin);
    f.notes.push_back("reserved = what the autoscaler reserved for the running jobs; used = their demand within it "
                      "(the interval's mean; CPU above the reservation is throttled, memory above it is OOM-killed). "
                      "Jobs the autoscaler does not scale use what they reserve");
    return f;
}

Figure powerSeriesFigure(const JobTable& t)
{
    Figure f;
    f.name = "power_series";
    f.title = "Servers powered on and power drawn over time";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    f.y = {"Servers on / kW", "", {"powered_servers", "power_kw"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("powered_servers", "servers");
    f.addNumberColumn("power_kw", "kW");
    if (!t.series)
        return f;
    const auto& s = *t.series;
    for (std::size_t i = 0; i < s.t_s.size(); ++i)
        f.appendRow({static_cast<double>(s.t_s[i]), cell(at(s.poweredServers, i)), cell(at(s.powerKw, i))});
    f.notes.push_back("sampled every " + std::to_string(s.step_s) + " s; " + s.origin);
    f.notes.push_back("powered_servers counts servers on or booting; with power.enabled idle servers beyond "
                      "power.spare_servers power off after power.idle_off_after_s, without it every server stays on");
    return f;
}

} // namespace clens
