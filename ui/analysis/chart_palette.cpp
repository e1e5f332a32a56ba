#include "ui/analysis/chart_palette.hpp"

#include <array>

namespace clens::ui::analysis::chart_palette {

// The same values as the main window's heatmap palette (job Gantt, inspector).
QColor fairshare() { return QColor(0x8e, 0x5c, 0xc2); }
QColor fragmentation() { return QColor(0xe0, 0x6c, 0x1f); }
QColor capacity() { return QColor(0x9a, 0xa3, 0xad); }
QColor power() { return QColor(0x2a, 0x9d, 0x8f); }

QColor causeColour(std::string_view column)
{
    if (column.starts_with("fairshare"))
        return fairshare();
    if (column.starts_with("fragmentation"))
        return fragmentation();
    if (column.starts_with("capacity"))
        return capacity();
    if (column.starts_with("power"))
        return power();
    return {};
}

QColor qualitative(int index)
{
    static const std::array<QRgb, 10> colours{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                              0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    const auto n = static_cast<int>(colours.size());
    const QColor c(colours[static_cast<std::size_t>(index % n)]);
    return index / n % 2 == 0 ? c : c.darker(150);
}

QPen seriesPen(std::string_view label, int index)
{
    QPen pen(qualitative(index), 2);
    // Size buckets: cool to warm as jobs grow.
    if (label == "1" || label.starts_with("1 GPU"))
        pen.setColor(QColor(0x4e, 0x79, 0xa7));
    else if (label == "2-4" || label.starts_with("4 GPUs"))
        pen.setColor(QColor(0x59, 0xa1, 0x4f));
    else if (label == "5-8" || label.starts_with("8 GPUs"))
        pen.setColor(QColor(0xf2, 0x8e, 0x2b));
    else if (label == ">8" || label.starts_with("16 GPUs"))
        pen.setColor(QColor(0xe1, 0x57, 0x59));
    else if (label == "all") {
        pen.setColor(QColor(0x20, 0x20, 0x20));
        pen.setStyle(Qt::DashLine);
    } else if (label.starts_with("Baseline")) {
        pen.setColor(QColor(0x8a, 0x8f, 0x96));
        pen.setWidthF(2.5);
    } else if (label.starts_with("Current")) {
        pen.setColor(QColor(0x2f, 0x6f, 0xc7));
        pen.setWidthF(2.5);
    }
    else if (label.starts_with("Finished sooner"))
        pen.setColor(better());
    else if (label.starts_with("Finished later"))
        pen.setColor(worse());
    if (label.find("distributed") != std::string_view::npos)
        pen.setStyle(Qt::DashLine);
    return pen;
}

QColor gridLine() { return QColor(0xe3, 0xe6, 0xea); }
QColor noteText() { return QColor(0x5a, 0x60, 0x69); }
QColor better() { return QColor(0x1b, 0x7f, 0x3b); }
QColor worse() { return QColor(0xc0, 0x39, 0x2b); }

} // namespace clens::ui::analysis::chart_palette
