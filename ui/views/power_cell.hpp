#pragma once
// How the cluster map draws a server that is powered off or booting
// (docs/autoscaling.md "Node power"), in every colour mode and in the legend: one 8×8 texture per state, so the painter
// path, the pixel path of tiny cells and the legend swatch agree.
#include <QImage>
#include <QPainter>

#include <cstdint>

namespace clens::ui {

// ClusterState::serverPower's values.
inline constexpr std::uint8_t kPoweredOn = 0, kPoweredOff = 1, kBooting = 2;

// Off: dark grey, cross-hatched in light grey. Booting: thick diagonal stripes of the power
// colour over the same grey. Dimmed when another job is selected.
const QImage& powerTexture(std::uint8_t power, bool dimmed);
// Fills the cell with the texture and, with `glyph` and a cell large enough, draws the power
// symbol on it (the map draws it on a server's first cell only, so a row reads as one server).
void paintPowerCell(QPainter& p, const QRect& cell, std::uint8_t power, bool dimmed, bool glyph = true);
// The same into the pixels of an RGB32 image (the tiny-cell path: no glyph).
void writePowerPixels(QImage& frame, const QRect& cell, std::uint8_t power, bool dimmed);

} // namespace clens::ui
