#pragma once
// Play/pause, speed, step to the previous/next event, a scrubber over the time window shown
// (the whole trace unless zoomed) and the current simulated time (a date-time for dated traces,
// elapsed time for relative ones).
#include "ui/time/time_format.hpp"

#include <QWidget>

#include <cstdint>
#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace clens::ui {

class PlaybackClock;
class TimeWindow;

class TimeControls : public QWidget {
    Q_OBJECT
public:
    explicit TimeControls(PlaybackClock* clock, QWidget* parent = nullptr);

    void setTimeFormat(const TimeFormat& format);
    // The scrubber then spans the window, not the whole trace.
    void setWindow(TimeWindow* window);
    // Where the next/previous change is (from the result's state index).
    using EventFinder = std::function<std::optional<std::int64_t>(std::int64_t)>;
    void setEventFinders(EventFinder next, EventFinder previous);

    QSlider* scrubber() const { return scrubber_; }
    QLabel* timeLabel() const { return time_; }
    QComboBox* speedCombo() const { return speed_; }
    static const std::vector<double>& speeds();

public slots:
    void stepForward();
    void stepBack();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void onTime(std::int64_t t);
    void onSpan();
    std::int64_t scrubFrom() const;
    std::int64_t scrubTo() const;

    PlaybackClock* clock_;
    TimeWindow* window_ = nullptr;
    TimeFormat format_;
    EventFinder next_, previous_;
    QToolButton* play_;
    QToolButton* back_;
    QToolButton* forward_;
    QComboBox* speed_;
    QSlider* scrubber_;
    QLabel* time_;
    QLabel* elapsed_;
    bool updating_ = false;
};

} // namespace clens::ui
