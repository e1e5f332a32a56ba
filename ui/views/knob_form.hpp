#pragma once
// The look shared by the scenario panel's groups: a form layout, grey notes, spin boxes that
// only report a typed value once it is complete.
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QString;

namespace clens::ui {

QFormLayout* knobForm(QGroupBox* box);
QLabel* knobNote(const QString& text);
QDoubleSpinBox* knobDoubleSpin(double min, double max, double step, int decimals);
// The previous exact value while the spin box shows it (the box rounds to its decimals); the
// box's value once the user moved it.
double keptUnlessMoved(const QDoubleSpinBox* box, double previous);

} // namespace clens::ui
