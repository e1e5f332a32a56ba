#include "ui/style/heatmap_palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace clens::ui {

namespace palette {

QColor background() { return QColor(0xf7, 0xf8, 0xfa); }
QColor rackFrame() { return QColor(0xdd, 0xe1, 0xe6); }
QColor idle() { return QColor(0xd9, 0xdd, 0xe3); }
QColor busy() { return QColor(0x2f, 0x6f, 0xc7); }
QColor heldIdle() { return QColor(0xf0, 0x9a, 0x1a); }
QColor failed() { return QColor(0x3a, 0x3f, 0x47); }

QColor state(GpuState s)
{
    switch (s) {
    case GpuState::Idle: return idle();
    case GpuState::Busy: return busy();
    case GpuState::HeldIdle: return heldIdle();
    case GpuState::Failed: return failed();
    }
    return idle();
}

QColor tenant(std::int32_t vc)
{
    // Tableau-like categorical colours, strong first, then their lighter companions.
    static const std::array<QRgb, 20> colours{
        0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0x6b8e23,
        0x1f3b73, 0xb6992d, 0x8cd17d, 0x86bcb6, 0xd37295, 0xa0cbe8, 0xffbe7d, 0xd4a6c8, 0x499894, 0x79706e};
    if (vc < 0)
        return idle();
    return QColor(colours[static_cast<std::size_t>(vc) % colours.size()]);
}

QColor job(std::int32_t job)
{
    if (job < 0)
        return idle();
    // Golden-ratio hue steps keep neighbouring job indices apart.
    const double hue = std::fmod(0.12 + static_cast<double>(job) * 0.6180339887, 1.0);
    const int sat = 150 + (job * 37) % 80;
    const int val = 170 + (job * 53) % 60;
    return QColor::fromHsv(static_cast<int>(hue * 359), sat, val);
}

namespace {

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

QColor utilization(float u)
{
    u = std::clamp(u, 0.0f, 1.0f);
    const QColor low(0xd7, 0x30, 0x27), mid(0xf4, 0xc4, 0x30), high(0x1a, 0x98, 0x50);
    return u < 0.5f ? mix(low, mid, u * 2) : mix(mid, high, (u - 0.5f) * 2);
}

QColor reserved(double fraction)
{
    // ColorBrewer OrRd: light enough at 0% to read as "free", dark red where the server is full.
    static const std::array<QColor, 5> stops{QColor(0xfe, 0xf0, 0xd9), QColor(0xfd, 0xcc, 0x8a), QColor(0xfc, 0x8d, 0x59),
                                             QColor(0xe3, 0x4a, 0x33), QColor(0xa5, 0x0f, 0x15)};
    const double f = std::isnan(fraction) ? 0.0 : std::clamp(fraction, 0.0, 1.0) * 4;
    const auto i = std::min<std::size_t>(3, static_cast<std::size_t>(f));
    return mix(stops[i], stops[i + 1], f - static_cast<double>(i));
}

QColor used() { return QColor(0x1f, 0x4e, 0x9a); }
QColor reservedUnused() { return QColor(0x9c, 0xc3, 0xef); }
QColor usedAboveReserved() { return QColor(0xd7, 0x30, 0x1f); }
QColor poweredOff() { return QColor(0x67, 0x6e, 0x7a); }
QColor poweredOffHatch() { return QColor(0xa4, 0xab, 0xb6); }

QColor unknownCapacity() { return QColor(0xa9, 0xb4, 0xc2); }
QColor cpuOnlyServer() { return QColor(0x3f, 0x8f, 0x86); }
QColor shareMark() { return QColor(0x11, 0x14, 0x18); }
QColor stranded() { return QColor(0xd6, 0x3b, 0x2f); }

QColor fairshare() { return QColor(0x8e, 0x5c, 0xc2); }
QColor fragmentation() { return QColor(0xe0, 0x6c, 0x1f); }
QColor capacity() { return QColor(0x9a, 0xa3, 0xad); }
QColor power() { return QColor(0x2a, 0x9d, 0x8f); }
QColor running() { return busy(); }

QColor cause(DelayCause c)
{
    switch (c) {
    case DelayCause::Fairshare: return fairshare();
    case DelayCause::Fragmentation: return fragmentation();
    case DelayCause::Power: return power();
    case DelayCause::Capacity: break;
    }
    return capacity();
}

} // namespace palette
} // namespace clens::ui
