#pragma once
// The stretch of simulated time the time views show (docs/gui.md "Zooming into time"): the
// timelines, the scrubber and the overview bar all draw [from, to], a part of the span the
// clock scrubs. Zooming keeps the instant under the mouse still; a window never leaves the span
// and never gets narrower than a minute (or the span, when that is shorter).
#include <QObject>

#include <cmath>
#include <cstdint>

namespace clens::ui {

class TimeWindow : public QObject {
    Q_OBJECT
public:
    static constexpr std::int64_t kMinWidth_s = 60;

    explicit TimeWindow(QObject* parent = nullptr);

    std::int64_t from() const { return from_; }
    std::int64_t to() const { return to_; }
    std::int64_t width() const { return to_ - from_; }
    std::int64_t spanBegin() const { return begin_; }
    std::int64_t spanEnd() const { return end_; }
    // Whether it shows less than the whole span.
    bool zoomed() const { return from_ > begin_ || to_ < end_; }

    // A new span (a new result). An unzoomed window follows it; a zoomed one keeps its range,
    // moved inside the new span, so moving a knob does not lose the place the user zoomed to.
    void setSpan(std::int64_t begin, std::int64_t end);

public slots:
    // [from, to] clamped into the span: a range wider than the span is the span; one narrower
    // than the minimum widens about its middle.
    void show(std::int64_t from, std::int64_t to);
    // Width x factor (< 1 zooms in), keeping `anchor` at the same fraction of the window.
    void zoomAbout(std::int64_t anchor, double factor);
    void zoomIn() { zoomAbout(from_ + width() / 2, 0.5); }
    void zoomOut() { zoomAbout(from_ + width() / 2, 2.0); }
    // Moves the window by delta seconds, stopping at the span's ends.
    void pan(std::int64_t delta_s);
    // Keeps the width; puts t in the middle (as far as the span allows).
    void centreOn(std::int64_t t);
    void showAll() { show(begin_, end_); }
    // The mouse wheel, in QWheelEvent::angleDelta units (120 a notch): each notch up zooms in
    // 0.8x about `anchor` / pans back a tenth of the width (down: the other way).
    void wheelZoom(std::int64_t anchor, int angleDelta) { zoomAbout(anchor, std::pow(0.8, angleDelta / 120.0)); }
    void wheelPan(int angleDelta) { pan(-static_cast<std::int64_t>(static_cast<double>(width()) * 0.1 * angleDelta / 120.0)); }
    // Keeps t in view (playback, a jump to an event): a window t has left moves so t sits a
    // tenth of its width inside the edge it crossed.
    void keepInView(std::int64_t t);

signals:
    void changed(std::int64_t from, std::int64_t to);

private:
    void set(std::int64_t from, std::int64_t to);

    std::int64_t begin_ = 0, end_ = 0, from_ = 0, to_ = 0;
};

} // namespace clens::ui
