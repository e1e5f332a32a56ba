#include "ui/views/time_controls.hpp"

#include "ui/time/playback_clock.hpp"
#include "ui/time/time_window.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace clens::ui {

const std::vector<double>& TimeControls::speeds()
{
    return PlaybackClock::speedChoices();
}

TimeControls::TimeControls(PlaybackClock* clock, QWidget* parent)
    : QWidget(parent)
    , clock_(clock)
{
    setObjectName(QStringLiteral("timeControls"));
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(6, 4, 6, 4);
    h->setSpacing(6);
    const auto button = [this](QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        b->setAutoRaise(true);
        b->setIconSize(QSize(20, 20));
        return b;
    };
    back_ = button(QStyle::SP_MediaSkipBackward, tr("Previous event (cluster change)"));
    play_ = button(QStyle::SP_MediaPlay, tr("Play / pause (Space)"));
    play_->setObjectName(QStringLiteral("playButton"));
    forward_ = button(QStyle::SP_MediaSkipForward, tr("Next event (cluster change)"));
    h->addWidget(back_);
    h->addWidget(play_);
    h->addWidget(forward_);

    speed_ = new QComboBox(this);
    const QLocale locale;
    for (double s : speeds())
        speed_->addItem(QStringLiteral("%1×").arg(locale.toString(static_cast<qint64>(s))), s);
    speed_->setToolTip(tr("Simulated seconds per second of playback"));
    h->addWidget(speed_);

    scrubber_ = new QSlider(Qt::Horizontal, this);
    scrubber_->setObjectName(QStringLiteral("scrubber"));
    scrubber_->setToolTip(tr("Drag to move through the trace"));
    h->addWidget(scrubber_, 1);

    time_ = new QLabel(this);
    time_->setObjectName(QStringLiteral("timeLabel"));
    QFont f = time_->font();
    f.setFamily(QStringLiteral("monospace"));
    f.setStyleHint(QFont::Monospace);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    f.setBold(true);
    time_->setFont(f);
    time_->setMinimumWidth(QFontMetrics(f).horizontalAdvance(QStringLiteral("0000-00-00 00:00:00 CEST")) + 8);
    time_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    h->addWidget(time_);
    elapsed_ = new QLabel(this);
    elapsed_->setStyleSheet(QStringLiteral("color: #6a7380;"));
    elapsed_->setMinimumWidth(QFontMetrics(elapsed_->font()).horizontalAdvance(QStringLiteral("day 00 of 00")) + 6);
    h->addWidget(elapsed_);

    connect(play_, &QToolButton::clicked, clock_, &PlaybackClock::togglePlay);
    connect(back_, &QToolButton::clicked, this, &TimeControls::stepBack);
    connect(forward_, &QToolButton::clicked, this, &TimeControls::stepForward);
    connect(speed_, &QComboBox::currentIndexChanged, this, [this](int i) { clock_->setSpeed(speed_->itemData(i).toDouble()); });
    connect(scrubber_, &QSlider::valueChanged, this, [this](int v) {
        if (!updating_)
            clock_->seek(scrubFrom() + v);
    });
    connect(clock_, &PlaybackClock::timeChanged, this, &TimeControls::onTime);
    connect(clock_, &PlaybackClock::spanChanged, this, &TimeControls::onSpan);
    connect(clock_, &PlaybackClock::playingChanged, this, [this](bool playing) {
        play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    connect(clock_, &PlaybackClock::speedChanged, this, [this](double s) {
        int best = 0;
        for (int i = 0; i < speed_->count(); ++i)
            if (std::abs(speed_->itemData(i).toDouble() - s) < std::abs(speed_->itemData(best).toDouble() - s))
                best = i;
        speed_->setCurrentIndex(best);
    });
    speed_->setCurrentIndex(speed_->findData(clock_->speed()) >= 0 ? speed_->findData(clock_->speed()) : 4);
    onSpan();
}

void TimeControls::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // On a small screen the scrubber keeps its length: "day 48 of 109" goes into the time's tooltip.
    const bool roomy = width() >= 720;
    elapsed_->setVisible(roomy);
    time_->setToolTip(roomy ? QString() : elapsed_->text());
}

void TimeControls::setWindow(TimeWindow* window)
{
    if (window_)
        disconnect(window_, nullptr, this, nullptr);
    window_ = window;
    if (window_)
        connect(window_, &TimeWindow::changed, this, &TimeControls::onSpan);
    onSpan();
}

std::int64_t TimeControls::scrubFrom() const
{
    return window_ && window_->width() > 0 ? window_->from() : clock_->begin();
}

std::int64_t TimeControls::scrubTo() const
{
    return window_ && window_->width() > 0 ? window_->to() : clock_->end();
}

void TimeControls::setTimeFormat(const TimeFormat& format)
{
    format_ = format;
    onTime(clock_->time());
}

void TimeControls::setEventFinders(EventFinder next, EventFinder previous)
{
    next_ = std::move(next);
    previous_ = std::move(previous);
}

void TimeControls::stepForward()
{
    if (!next_)
        return;
    if (const auto t = next_(clock_->time()))
        clock_->seek(*t);
}

void TimeControls::stepBack()
{
    if (!previous_)
        return;
    if (const auto t = previous_(clock_->time()))
        clock_->seek(*t);
}

void TimeControls::onSpan()
{
    updating_ = true;
    scrubber_->setRange(0, static_cast<int>(std::min<std::int64_t>(scrubTo() - scrubFrom(), INT32_MAX)));
    scrubber_->setPageStep(std::max(1, scrubber_->maximum() / 50));
    scrubber_->setSingleStep(std::max(1, scrubber_->maximum() / 1000));
    updating_ = false;
    onTime(clock_->time());
}

void TimeControls::onTime(std::int64_t t)
{
    updating_ = true;
    scrubber_->setValue(static_cast<int>(std::clamp<std::int64_t>(t - scrubFrom(), 0, INT32_MAX)));
    updating_ = false;
    time_->setText(format_.instantWithZone(t));
    const auto totalDays = (clock_->end() - clock_->begin()) / 86400 + 1;
    if (format_.dated() && totalDays > 1)
        elapsed_->setText(tr("day %1 of %2").arg((t - clock_->begin()) / 86400 + 1).arg(totalDays));
    else
        elapsed_->setText(format_.dated() ? TimeFormat::elapsed(t - clock_->begin()) : QString());
    if (elapsed_->isHidden())
        time_->setToolTip(elapsed_->text());
}

} // namespace clens::ui
