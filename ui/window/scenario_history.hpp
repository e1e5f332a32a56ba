#pragma once
// Undo and redo of the knobs (docs/gui.md "Undo, redo and the preset marker"): every change of
// the scenario — a knob moved, a preset, a scenario file, a sweep's run — is one step of a
// QUndoStack, named after the knobs it changed. A knob moved again within a moment (a slider
// dragged, a spin box stepped) adds to its step instead of making another.
#include "core/sim/scenario.hpp"

#include <QObject>
#include <QString>

#include <functional>

class QUndoStack;

namespace clens::ui {

class ScenarioHistory : public QObject {
    Q_OBJECT
public:
    // apply shows a scenario everywhere (panel, pages, session) without recording a step.
    ScenarioHistory(std::function<void(const Scenario&)> apply, QObject* parent = nullptr);

    QUndoStack* stack() const { return stack_; }
    // The scenario is now `s` (already shown): records the step from the one before. `what`
    // names the step ("Apply preset Strict locality"); empty: the knobs that changed.
    void changed(const Scenario& s, const QString& what = {});
    // New data: no step to undo; `s` is where it starts.
    void reset(const Scenario& s);
    const Scenario& current() const { return current_; }
    // The same knobs moved again within this many ms make one step (1,500 at first).
    void setSameGestureMs(qint64 ms) { sameGestureMs_ = ms; }

signals:
    // After an undo or a redo showed a scenario.
    void stepped(const clens::Scenario& s);

private:
    class Step;
    std::function<void(const Scenario&)> apply_;
    QUndoStack* stack_;
    Scenario current_;
    qint64 sameGestureMs_ = 1500;
};

} // namespace clens::ui
