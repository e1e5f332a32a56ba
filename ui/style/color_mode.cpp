#include "ui/style/color_mode.hpp"

#include <QCoreApplication>

namespace clens::ui {

QString toDisplayString(ColorMode mode)
{
    switch (mode) {
    case ColorMode::State: return QCoreApplication::translate("ColorMode", "State");
    case ColorMode::Tenant: return QCoreApplication::translate("ColorMode", "Tenant (VC)");
    case ColorMode::Job: return QCoreApplication::translate("ColorMode", "Job");
    case ColorMode::Utilization: return QCoreApplication::translate("ColorMode", "Utilization");
    case ColorMode::CpuReserved: return QCoreApplication::translate("ColorMode", "CPU reserved");
    case ColorMode::MemoryReserved: return QCoreApplication::translate("ColorMode", "Memory reserved");
    case ColorMode::CpuUsed: return QCoreApplication::translate("ColorMode", "CPU used / reserved");
    case ColorMode::MemoryUsed: return QCoreApplication::translate("ColorMode", "Memory used / reserved");
    }
    return {};
}

QString shortDisplayString(ColorMode mode)
{
    switch (mode) {
    case ColorMode::CpuReserved: return QCoreApplication::translate("ColorMode", "CPU");
    case ColorMode::MemoryReserved: return QCoreApplication::translate("ColorMode", "Memory");
    case ColorMode::CpuUsed: return QCoreApplication::translate("ColorMode", "CPU used");
    case ColorMode::MemoryUsed: return QCoreApplication::translate("ColorMode", "Mem used");
    default: return toDisplayString(mode);
    }
}

QString modeToolTip(ColorMode mode)
{
    switch (mode) {
    case ColorMode::CpuReserved:
        return QCoreApplication::translate("ColorMode", "CPU reserved: every server in the colour of the share of its CPU cores reserved at this instant");
    case ColorMode::MemoryReserved:
        return QCoreApplication::translate("ColorMode", "Memory reserved: every server in the colour of the share of its memory reserved at this instant");
    case ColorMode::CpuUsed:
        return QCoreApplication::translate("ColorMode", "CPU used / reserved: each server's cells filled to the share of its cores reserved, "
                                                        "the part its jobs use dark (the autoscaler)");
    case ColorMode::MemoryUsed:
        return QCoreApplication::translate("ColorMode", "Memory used / reserved: each server's cells filled to the share of its memory reserved, "
                                                        "the part its jobs use dark (red above the reservation)");
    default: return {};
    }
}

QString colorModeName(ColorMode mode)
{
    switch (mode) {
    case ColorMode::State: return QStringLiteral("state");
    case ColorMode::Tenant: return QStringLiteral("tenant");
    case ColorMode::Job: return QStringLiteral("job");
    case ColorMode::Utilization: return QStringLiteral("utilization");
    case ColorMode::CpuReserved: return QStringLiteral("cpu");
    case ColorMode::MemoryReserved: return QStringLiteral("memory");
    case ColorMode::CpuUsed: return QStringLiteral("cpu-used");
    case ColorMode::MemoryUsed: return QStringLiteral("memory-used");
    }
    return {};
}

std::optional<ColorMode> colorModeFromName(const QString& name)
{
    for (const auto mode : kColorModes)
        if (name == colorModeName(mode))
            return mode;
    if (name == QLatin1String("vc"))
        return ColorMode::Tenant;
    if (name == QLatin1String("util"))
        return ColorMode::Utilization;
    if (name == QLatin1String("mem"))
        return ColorMode::MemoryReserved;
    if (name == QLatin1String("mem-used"))
        return ColorMode::MemoryUsed;
    bool isNumber = false;
    const int number = name.toInt(&isNumber);
    if (isNumber && number >= 0 && number <= static_cast<int>(ColorMode::Utilization))
        return static_cast<ColorMode>(number);
    return std::nullopt;
}

bool isServerMode(ColorMode mode)
{
    return mode == ColorMode::CpuReserved || mode == ColorMode::MemoryReserved || isUsedMode(mode);
}

bool isUsedMode(ColorMode mode)
{
    return mode == ColorMode::CpuUsed || mode == ColorMode::MemoryUsed;
}

ColorMode reservedModeOf(ColorMode mode)
{
    return mode == ColorMode::MemoryReserved || mode == ColorMode::MemoryUsed ? ColorMode::MemoryReserved : ColorMode::CpuReserved;
}

} // namespace clens::ui
