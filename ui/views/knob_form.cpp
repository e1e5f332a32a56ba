#include "ui/views/knob_form.hpp"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>

namespace clens::ui {

QFormLayout* knobForm(QGroupBox* box)
{
    auto* f = new QFormLayout(box);
    f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    f->setLabelAlignment(Qt::AlignLeft);
    f->setContentsMargins(8, 6, 8, 8);
    f->setVerticalSpacing(5);
    return f;
}

QLabel* knobNote(const QString& text)
{
    auto* l = new QLabel(text);
    l->setWordWrap(true);
    l->setStyleSheet(QStringLiteral("color: #6a7380;"));
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 0.92);
    l->setFont(f);
    return l;
}

QDoubleSpinBox* knobDoubleSpin(double min, double max, double step, int decimals)
{
    auto* s = new QDoubleSpinBox;
    s->setRange(min, max);
    s->setSingleStep(step);
    s->setDecimals(decimals);
    s->setKeyboardTracking(false);
    return s;
}

double keptUnlessMoved(const QDoubleSpinBox* box, double previous)
{
    return box->value() == box->valueFromText(box->textFromValue(previous)) ? previous : box->value();
}

} // namespace clens::ui
