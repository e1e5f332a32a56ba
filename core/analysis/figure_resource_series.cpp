#include "core/analysis/figures.hpp"
#include "core/util/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace clens {
namespace {

bool known(const std::vector<double>& v)
{
    return std::any_of(v.begin(), v.end(), [](double x) { return !std::isnan(x); });
}

bool allZero(const std::vector<double>& v)
{
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isnan(x) || x == 0; });
}

double at(const std::vector<double>& v, std::size_t i)
{
    return i < v.size() ? v[i] : std::nan("");
}

} // namespace

bool seriesKnowsShares(const JobTable& t)
{
    return t.series && known(t.series->shareFragmentation);
}

bool seriesKnowsReservations(const JobTable& t)
{
    return t.series && (known(t.series->cpuReserved) || known(t.series->memReserved));
}

Figure gpuShareFragmentationFigure(const JobTable& t)
{
    Figure f;
    f.name = "gpu_share_fragmentation";
    f.title = "GPU-share fragmentation over time";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    f.y = {"GPU-share fragmentation", "fraction", {"share_fragmentation"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("share_fragmentation", "fraction");
    if (!t.series)
        return f;
    const auto& s = *t.series;
    for (std::size_t i = 0; i < s.t_s.size(); ++i)
        f.appendRow({static_cast<double>(s.t_s[i]), cell(at(s.shareFragmentation, i))});
    f.notes.push_back("sampled every " + std::to_string(s.step_s) + " s; " + s.origin);
    f.notes.push_back("share_fragmentation = free GPU capacity on GPUs that hold shares ÷ all free GPU capacity (0 when "
                      "no GPU is free): room that only a job asking for part of a GPU can use");
    if (allZero(s.shareFragmentation))
        f.notes.push_back("0 throughout: no shared GPU had room left while any GPU capacity was free (or no job asks "
                          "for part of a GPU)");
    return f;
}

Figure cpuMemReservedFigure(const JobTable& t)
{
    Figure f;
    f.name = "cpu_mem_reserved";
    f.title = "CPU and memory reserved over time";
    f.kind = FigureKind::TimeSeries;
    f.x = {"Time", "s", {"t_s"}};
    // Each resource as a share of the cluster's capacity when that is known, else in its unit.
    f.y = {"Reserved", "",
           {t.clusterCpuCores ? "cpu_reserved_fraction" : "cpu_reserved",
            t.clusterMemGb ? "mem_reserved_fraction" : "mem_reserved"}};
    f.addNumberColumn("t_s", "s");
    f.addNumberColumn("cpu_reserved", "cores");
    f.addNumberColumn("mem_reserved", "GB");
    f.addNumberColumn("cpu_reserved_fraction", "fraction");
    f.addNumberColumn("mem_reserved_fraction", "fraction");
    if (!t.series)
        return f;
    const auto& s = *t.series;
    const auto share = [](double v, const std::optional<double>& capacity) {
        return capacity && *capacity > 0 && !std::isnan(v) ? v / *capacity : std::nan("");
    };
    for (std::size_t i = 0; i < s.t_s.size(); ++i) {
        const double cpu = at(s.cpuReserved, i), mem = at(s.memReserved, i);
        f.appendRow({static_cast<double>(s.t_s[i]), cell(cpu), cell(mem), cell(share(cpu, t.clusterCpuCores)),
                     cell(share(mem, t.clusterMemGb))});
    }
    f.notes.push_back("sampled every " + std::to_string(s.step_s) + " s; " + s.origin);
    const auto capacityNote = [&](const char* what, const char* unit, const std::optional<double>& capacity,
                                  const char* defaultKey) {
        if (capacity)
            f.notes.push_back(std::string(what) + " fraction = reserved ÷ the cluster's " + formatDouble(*capacity) + " " + unit +
                              " (each server's own value, else resources.server_defaults." + defaultKey + ")");
        else
            f.notes.push_back(std::string("the cluster's ") + what + " capacity is unknown (some server does not say "
                              "and resources.server_defaults." + defaultKey + " is unset): the fraction is empty and "
                              "the chart shows " + unit);
    };
    capacityNote("CPU", "cores", t.clusterCpuCores, "cpu_cores");
    capacityNote("memory", "GB", t.clusterMemGb, "mem_gb");
    if (allZero(s.cpuReserved) && allZero(s.memReserved))
        f.notes.push_back("nothing reserved: no job asks for CPU or memory (the trace does not say and "
                          "resources.job_defaults gives none)");
    return f;
}

} // namespace clens
