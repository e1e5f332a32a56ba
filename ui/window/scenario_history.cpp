#include "ui/window/scenario_history.hpp"

#include "ui/models/scenario_diff.hpp"

#include <QDateTime>
#include <QUndoCommand>
#include <QUndoStack>

namespace clens::ui {

namespace {

// The knobs a diff line names: "Placement: best-fit → spread" -> "Placement".
QStringList knobsOf(const QStringList& diff)
{
    QStringList knobs;
    for (const auto& line : diff)
        knobs << line.section(QLatin1Char(':'), 0, 0).trimmed();
    return knobs;
}
} // namespace

class ScenarioHistory::Step : public QUndoCommand {
public:
    Step(ScenarioHistory* history, Scenario before, Scenario after, const QString& what)
        : history_(history)
        , before_(std::move(before))
        , after_(std::move(after))
        , knobs_(knobsOf(scenarioDiff(before_, after_)))
        , named_(!what.isEmpty())
        , at_(QDateTime::currentMSecsSinceEpoch())
    {
        setText(named_ ? what : knobs_.isEmpty() ? QObject::tr("Change knobs") : QObject::tr("Change %1").arg(knobs_.join(QStringLiteral(", "))));
    }

    int id() const override { return named_ ? -1 : 1; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const Step*>(other);
        if (next->knobs_ != knobs_ || next->at_ - at_ > history_->sameGestureMs_)
            return false;
        after_ = next->after_;
        at_ = next->at_;
        setObsolete(before_ == after_); // moved there and back: nothing to undo
        return true;
    }

    void redo() override
    {
        if (std::exchange(firstRedo_, false))
            return; // pushed after the change was shown
        show(after_);
    }

    void undo() override { show(before_); }

private:
    void show(const Scenario& s)
    {
        history_->current_ = s;
        history_->apply_(s);
        emit history_->stepped(s);
    }

    ScenarioHistory* history_;
    Scenario before_, after_;
    QStringList knobs_;
    bool named_;
    qint64 at_;
    bool firstRedo_ = true;
};

ScenarioHistory::ScenarioHistory(std::function<void(const Scenario&)> apply, QObject* parent)
    : QObject(parent)
    , apply_(std::move(apply))
    , stack_(new QUndoStack(this))
{
}

void ScenarioHistory::changed(const Scenario& s, const QString& what)
{
    if (s == current_)
        return;
    auto* step = new Step(this, current_, s, what);
    current_ = s;
    stack_->push(step);
}

void ScenarioHistory::reset(const Scenario& s)
{
    stack_->clear();
    current_ = s;
}

} // namespace clens::ui
