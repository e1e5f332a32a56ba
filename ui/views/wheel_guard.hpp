#pragma once
// Knobs in a scrolling panel ignore the mouse wheel unless they have focus (a click or Tab gives
// it), so scrolling the panel never changes a knob the pointer happens to pass; the wheel then
// scrolls the panel instead.
#include <QObject>

class QAbstractScrollArea;
class QWidget;

namespace clens::ui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // Guards every spin box, combo box and slider under root; the wheel goes to scroll.
    static void protect(QWidget* root, QAbstractScrollArea* scroll);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QAbstractScrollArea* scroll);
    QAbstractScrollArea* scroll_;
};

} // namespace clens::ui
