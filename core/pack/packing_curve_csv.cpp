#include "core/pack/packing_curve_csv.hpp"

#include "core/sim/scenario_names.hpp"
#include "core/util/number_format.hpp"

#include <charconv>
#include <string>

namespace clens {

namespace {

std::string fixed4(double v)
{
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 4);
    return std::string(buf, r.ptr);
}

} // namespace

void writePackingCurveCsv(std::ostream& out, const std::vector<PackGridCell>& cells)
{
    const bool grid = cells.size() > 1;
    if (grid)
        out << "placement,inflate,";
    out << "arrived_pct,allocated_gpu_pct,fragmented_gpu_pct,failed_pods\n";
    for (const auto& cell : cells)
        for (const auto& p : cell.curve) {
            if (grid)
                out << toString(cell.placement) << ',' << formatDouble(cell.inflate) << ',';
            out << p.arrivedPct << ',' << fixed4(p.allocatedGpuPct) << ',' << fixed4(p.fragmentedGpuPct) << ','
                << fixed4(p.failedPods) << '\n';
        }
}

} // namespace clens
