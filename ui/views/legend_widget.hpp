#pragma once
// A row of colour swatches with labels that wraps to the available width. Swatches are drawn
// as the map draws its cells (partly filled, marked, outlined); an entry without a colour is a
// heading.
#include "ui/views/heatmap_widget.hpp"

#include <QWidget>

#include <vector>

namespace clens::ui {

class LegendWidget : public QWidget {
    Q_OBJECT
public:
    explicit LegendWidget(QWidget* parent = nullptr);
    void setEntries(std::vector<LegendEntry> entries);
    const std::vector<LegendEntry>& entries() const { return entries_; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    // Top-left of each entry for a given width; returns the total height.
    int place(int width, std::vector<QPoint>* positions) const;
    std::vector<LegendEntry> entries_;
};

} // namespace clens::ui
