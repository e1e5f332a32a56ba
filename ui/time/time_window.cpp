#include "ui/time/time_window.hpp"

#include <algorithm>
#include <cmath>

namespace clens::ui {

TimeWindow::TimeWindow(QObject* parent)
    : QObject(parent)
{
}

void TimeWindow::setSpan(std::int64_t begin, std::int64_t end)
{
    end = std::max(begin, end);
    const bool whole = !zoomed();
    begin_ = begin;
    end_ = end;
    if (whole)
        set(begin_, end_);
    else
        show(from_, to_);
}

void TimeWindow::show(std::int64_t from, std::int64_t to)
{
    if (to < from)
        std::swap(from, to);
    const auto span = end_ - begin_;
    const auto minWidth = std::min(kMinWidth_s, span);
    auto width = std::clamp(to - from, minWidth, span);
    if (width > to - from) // widen about the middle
        from -= (width - (to - from)) / 2;
    from = std::clamp(from, begin_, end_ - width);
    set(from, from + width);
}

void TimeWindow::zoomAbout(std::int64_t anchor, double factor)
{
    if (!(factor > 0) || width() <= 0)
        return;
    anchor = std::clamp(anchor, from_, to_);
    const double fraction = static_cast<double>(anchor - from_) / static_cast<double>(width());
    const auto span = end_ - begin_;
    const auto width = std::clamp<std::int64_t>(std::llround(static_cast<double>(this->width()) * factor), std::min(kMinWidth_s, span), span);
    const auto from = anchor - std::llround(fraction * static_cast<double>(width));
    show(from, from + width);
}

void TimeWindow::pan(std::int64_t delta_s)
{
    show(from_ + delta_s, to_ + delta_s);
}

void TimeWindow::centreOn(std::int64_t t)
{
    const auto w = width();
    show(t - w / 2, t - w / 2 + w);
}

void TimeWindow::keepInView(std::int64_t t)
{
    const auto margin = width() / 10;
    if (t > to_)
        show(t + margin - width(), t + margin);
    else if (t < from_)
        show(t - margin, t - margin + width());
}

void TimeWindow::set(std::int64_t from, std::int64_t to)
{
    if (from == from_ && to == to_)
        return;
    from_ = from;
    to_ = to;
    emit changed(from_, to_);
}

} // namespace clens::ui
