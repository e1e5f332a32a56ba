#include "ui/views/power_cell.hpp"

#include "ui/style/heatmap_palette.hpp"

#include <array>

namespace clens::ui {
namespace {

constexpr int kTile = 8;

QRgb dimmedRgb(QRgb c)
{
    const QRgb bg = palette::background().rgb();
    const auto mix = [](int a, int b) { return (a * 35 + b * 65) / 100; };
    return qRgb(mix(qRed(c), qRed(bg)), mix(qGreen(c), qGreen(bg)), mix(qBlue(c), qBlue(bg)));
}

QImage makeTexture(std::uint8_t power, bool dimmed)
{
    QImage tile(kTile, kTile, QImage::Format_RGB32);
    QRgb base = palette::poweredOff().rgb();
    QRgb line = (power == kBooting ? palette::power() : palette::poweredOffHatch()).rgb();
    if (dimmed) {
        base = dimmedRgb(base);
        line = dimmedRgb(line);
    }
    for (int y = 0; y < kTile; ++y)
        for (int x = 0; x < kTile; ++x) {
            const bool onLine = power == kBooting ? (x + y) % kTile < kTile / 2 // broad stripes
                                                  : (x + y) % 4 == 0 || (x - y + kTile) % 4 == 0; // a fine cross-hatch
            tile.setPixel(x, y, onLine ? line : base);
        }
    return tile;
}

} // namespace

const QImage& powerTexture(std::uint8_t power, bool dimmed)
{
    static const std::array<QImage, 4> textures{makeTexture(kPoweredOff, false), makeTexture(kPoweredOff, true),
                                                makeTexture(kBooting, false), makeTexture(kBooting, true)};
    return textures[(power == kBooting ? 2 : 0) + (dimmed ? 1 : 0)];
}

void paintPowerCell(QPainter& p, const QRect& cell, std::uint8_t power, bool dimmed, bool glyph)
{
    p.fillRect(cell, QBrush(powerTexture(power, dimmed)));
    if (!glyph || cell.width() < 14 || cell.height() < 14)
        return;
    // The IEC power symbol: a circle open at the top and a bar through the gap.
    const int side = std::min(cell.width(), cell.height());
    const double r = side * 0.22;
    const QPointF c = QRectF(cell).center();
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(dimmed ? palette::poweredOffHatch() : QColor(0xf4, 0xf5, 0xf7), std::max(1.5, side / 12.0), Qt::SolidLine, Qt::RoundCap));
    p.drawArc(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), 60 * 16, -300 * 16); // open from 60° to 120°
    p.drawLine(QPointF(c.x(), c.y() - r * 1.25), QPointF(c.x(), c.y() - r * 0.1));
    p.restore();
}

void writePowerPixels(QImage& frame, const QRect& cell, std::uint8_t power, bool dimmed)
{
    const QImage& tile = powerTexture(power, dimmed);
    const QRect c = cell & frame.rect();
    for (int y = c.top(); y <= c.bottom(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(frame.scanLine(y));
        const auto* pattern = reinterpret_cast<const QRgb*>(tile.constScanLine(y % kTile));
        for (int x = c.left(); x <= c.right(); ++x)
            line[x] = pattern[x % kTile];
    }
}

} // namespace clens::ui
