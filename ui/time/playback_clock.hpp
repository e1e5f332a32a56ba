#pragma once
// The simulated "now" every view shows. Playing advances it by speed x wall time (speed =
// simulated seconds per wall second); seeking jumps. Emits timeChanged on every move.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cstdint>
#include <vector>

namespace clens::ui {

class PlaybackClock : public QObject {
    Q_OBJECT
public:
    explicit PlaybackClock(QObject* parent = nullptr);

    std::int64_t time() const { return time_; }
    std::int64_t begin() const { return begin_; }
    std::int64_t end() const { return end_; }
    double speed() const { return speed_; }
    bool isPlaying() const { return timer_.isActive(); }

    // The speeds offered to the user (simulated seconds per second), 1x to 100,000x.
    static const std::vector<double>& speedChoices();
    // The choice that plays a span of this length in about a minute and a half.
    static double suggestedSpeed(std::int64_t span_s);

    // The scrubbable span; the current time is clamped into it.
    void setSpan(std::int64_t begin, std::int64_t end);

public slots:
    void seek(std::int64_t t);
    void setSpeed(double simSecondsPerSecond);
    void play();
    void pause();
    void togglePlay();

signals:
    void timeChanged(std::int64_t t);
    void spanChanged(std::int64_t begin, std::int64_t end);
    void playingChanged(bool playing);
    void speedChanged(double speed);

private:
    void tick();

    QTimer timer_;
    QElapsedTimer wall_;
    std::int64_t begin_ = 0, end_ = 0, time_ = 0;
    double speed_ = 1000;
    double carry_ = 0; // fractional simulated seconds not yet applied
};

} // namespace clens::ui
