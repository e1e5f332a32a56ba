#include "ui/views/duration_knob.hpp"

#include "ui/time/time_format.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

#include <cstdlib>

namespace clens::ui {

const std::vector<std::int64_t>& DurationKnob::stops()
{
    static const std::vector<std::int64_t> s{0,    60,    120,   300,   600,   900,   1200,  1800,  2700,
                                             3600, 5400,  7200,  10800, 14400, 21600, 28800, 43200, 86400,
                                             172800};
    return s;
}

DurationKnob::DurationKnob(bool allowNever, QString zeroText, QWidget* parent)
    : QWidget(parent)
    , allowNever_(allowNever)
    , zeroText_(std::move(zeroText))
    , slider_(new QSlider(Qt::Horizontal, this))
    , label_(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    slider_->setRange(0, static_cast<int>(stops().size()) - (allowNever ? 0 : 1));
    slider_->setPageStep(2);
    slider_->setTickPosition(QSlider::NoTicks);
    label_->setMinimumWidth(label_->fontMetrics().horizontalAdvance(QStringLiteral("12 h 30 min")));
    label_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(slider_, 1);
    layout->addWidget(label_);
    connect(slider_, &QSlider::valueChanged, this, &DurationKnob::onSlider);
    setValue(0);
}

void DurationKnob::setValue(std::optional<std::int64_t> seconds)
{
    if (!seconds && !allowNever_)
        seconds = 0;
    value_ = seconds;
    int position = static_cast<int>(stops().size()); // never
    if (seconds) {
        position = 0;
        for (std::size_t i = 0; i < stops().size(); ++i)
            if (std::llabs(stops()[i] - *seconds) < std::llabs(stops()[static_cast<std::size_t>(position)] - *seconds))
                position = static_cast<int>(i);
    }
    updating_ = true;
    slider_->setValue(position);
    updating_ = false;
    refreshLabel();
}

void DurationKnob::onSlider(int position)
{
    if (updating_)
        return;
    std::optional<std::int64_t> v;
    if (position < static_cast<int>(stops().size()))
        v = stops()[static_cast<std::size_t>(position)];
    if (v == value_)
        return;
    value_ = v;
    refreshLabel();
    emit valueChanged(value_);
}

void DurationKnob::refreshLabel()
{
    if (!value_)
        label_->setText(tr("never"));
    else if (*value_ == 0)
        label_->setText(zeroText_);
    else
        label_->setText(TimeFormat::duration(*value_));
}

} // namespace clens::ui
