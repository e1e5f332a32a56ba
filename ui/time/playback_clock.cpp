#include "ui/time/playback_clock.hpp"

#include <algorithm>
#include <cmath>

namespace clens::ui {

PlaybackClock::PlaybackClock(QObject* parent)
    : QObject(parent)
{
    timer_.setInterval(33);
    timer_.setTimerType(Qt::PreciseTimer);
    connect(&timer_, &QTimer::timeout, this, &PlaybackClock::tick);
}

const std::vector<double>& PlaybackClock::speedChoices()
{
    static const std::vector<double> s{1, 10, 60, 300, 1000, 3600, 10000, 30000, 100000};
    return s;
}

double PlaybackClock::suggestedSpeed(std::int64_t span_s)
{
    const double want = std::max(1.0, static_cast<double>(span_s) / 90.0);
    double best = speedChoices().front();
    for (double s : speedChoices())
        if (std::abs(std::log(s / want)) < std::abs(std::log(best / want)))
            best = s;
    return best;
}

void PlaybackClock::setSpan(std::int64_t begin, std::int64_t end)
{
    end = std::max(begin, end);
    if (begin != begin_ || end != end_) {
        begin_ = begin;
        end_ = end;
        emit spanChanged(begin_, end_);
    }
    const auto clamped = std::clamp(time_, begin_, end_);
    if (clamped != time_) {
        time_ = clamped;
        emit timeChanged(time_);
    }
}

void PlaybackClock::seek(std::int64_t t)
{
    t = std::clamp(t, begin_, end_);
    carry_ = 0;
    if (t == time_)
        return;
    time_ = t;
    emit timeChanged(time_);
}

void PlaybackClock::setSpeed(double simSecondsPerSecond)
{
    simSecondsPerSecond = std::max(0.001, simSecondsPerSecond);
    if (simSecondsPerSecond == speed_)
        return;
    speed_ = simSecondsPerSecond;
    emit speedChanged(speed_);
}

void PlaybackClock::play()
{
    if (timer_.isActive())
        return;
    if (time_ >= end_)
        seek(begin_); // replay from the start
    carry_ = 0;
    wall_.start();
    timer_.start();
    emit playingChanged(true);
}

void PlaybackClock::pause()
{
    if (!timer_.isActive())
        return;
    timer_.stop();
    emit playingChanged(false);
}

void PlaybackClock::togglePlay()
{
    isPlaying() ? pause() : play();
}

void PlaybackClock::tick()
{
    const double dt = static_cast<double>(wall_.restart()) / 1000.0;
    carry_ += dt * speed_;
    const double whole = std::floor(carry_);
    carry_ -= whole;
    const auto next = std::min(end_, time_ + static_cast<std::int64_t>(whole));
    if (next != time_) {
        time_ = next;
        emit timeChanged(time_);
    }
    if (time_ >= end_)
        pause();
}

} // namespace clens::ui
