#include "ui/views/color_mode.hpp"

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
    }
    return {};
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
    bool isNumber = false;
    const int number = name.toInt(&isNumber);
    if (isNumber && number >= 0 && number <= static_cast<int>(ColorMode::Utilization))
        return static_cast<ColorMode>(number);
    return std::nullopt;
}

bool isServerMode(ColorMode mode)
{
    return mode == ColorMode::CpuReserved || mode == ColorMode::MemoryReserved;
}

} // namespace clens::ui
