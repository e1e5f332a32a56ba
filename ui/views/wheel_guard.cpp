#include "ui/views/wheel_guard.hpp"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollBar>
#include <QWheelEvent>

namespace clens::ui {

WheelGuard::WheelGuard(QAbstractScrollArea* scroll)
    : QObject(scroll)
    , scroll_(scroll)
{
}

void WheelGuard::protect(QWidget* root, QAbstractScrollArea* scroll)
{
    auto* guard = new WheelGuard(scroll);
    const auto guardAll = [&](auto* widget) {
        widget->setFocusPolicy(Qt::StrongFocus); // not Qt::WheelFocus: the wheel must not focus it
        widget->installEventFilter(guard);
    };
    for (auto* w : root->findChildren<QAbstractSpinBox*>())
        guardAll(w);
    for (auto* w : root->findChildren<QComboBox*>())
        guardAll(w);
    for (auto* w : root->findChildren<QAbstractSlider*>())
        guardAll(w);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::Wheel)
        return QObject::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (widget && widget->hasFocus())
        return false;
    QApplication::sendEvent(scroll_->verticalScrollBar(), event);
    return true;
}

} // namespace clens::ui
