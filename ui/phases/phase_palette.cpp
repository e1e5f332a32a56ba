#include "ui/phases/phase_palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace clens::ui {

namespace {

// Anchors of the ramp (muted so that translucent bands stay readable under the lines). No red:
// red marks under-provisioned steps on the chart.
constexpr std::array<QRgb, 5> kRamp{0x4C72B0, 0x5FB3C9, 0x55A868, 0xE1B12C, 0xDD7A3C};

QColor mix(QColor a, QColor b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

QColor phaseColor(int phase, int phaseCount)
{
    if (phaseCount <= 1 || phase < 0)
        return QColor(kRamp.front());
    const double pos = std::clamp(static_cast<double>(phase) / (phaseCount - 1), 0.0, 1.0) * (kRamp.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, kRamp.size() - 1);
    return mix(QColor(kRamp[lo]), QColor(kRamp[hi]), pos - static_cast<double>(lo));
}

QColor noPhaseColor() { return QColor(0xB0, 0xB0, 0xB0); }

QString phaseName(int phase) { return phase < 0 ? QStringLiteral("—") : QStringLiteral("P%1").arg(phase); }

} // namespace clens::ui
