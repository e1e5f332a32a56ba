#include "core/pack/packing_curve.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace clens {

std::vector<PackPoint> packingCurve(const PackResult& run)
{
    std::vector<PackPoint> out;
    if (run.capacityMilli <= 0)
        return out;
    const auto cap = static_cast<double>(run.capacityMilli);
    std::size_t n = 0; // steps in out.back()
    for (const auto& s : run.steps) {
        const auto pct = static_cast<std::int32_t>(std::lround(100.0 * static_cast<double>(s.arrivedMilli) / cap));
        if (out.empty() || out.back().arrivedPct != pct) {
            out.push_back({pct, 0, 0, 0, 1});
            n = 0;
        }
        auto& p = out.back();
        ++n;
        const auto w = 1.0 / static_cast<double>(n); // running mean
        p.allocatedGpuPct += w * (100.0 * static_cast<double>(s.allocatedMilli) / cap - p.allocatedGpuPct);
        p.fragmentedGpuPct += w * (100.0 * s.fragmentedMilli / cap - p.fragmentedGpuPct);
        p.failedPods = s.failed;
    }
    return out;
}

std::vector<PackPoint> meanCurve(const std::vector<std::vector<PackPoint>>& curves)
{
    std::map<std::int32_t, PackPoint> sum;
    for (const auto& curve : curves)
        for (const auto& p : curve) {
            auto [it, inserted] = sum.try_emplace(p.arrivedPct, PackPoint{p.arrivedPct, 0, 0, 0, 0});
            auto& s = it->second;
            const auto w = static_cast<double>(p.runs); // a curve that is itself a mean counts its runs
            s.allocatedGpuPct += w * p.allocatedGpuPct;
            s.fragmentedGpuPct += w * p.fragmentedGpuPct;
            s.failedPods += w * p.failedPods;
            s.runs += p.runs;
        }
    std::vector<PackPoint> out;
    for (auto [pct, s] : sum) {
        const auto k = static_cast<double>(s.runs);
        s.allocatedGpuPct /= k;
        s.fragmentedGpuPct /= k;
        s.failedPods /= k;
        out.push_back(s);
    }
    return out;
}

} // namespace clens
