#pragma once
// One job's life on a bar: waiting stretches coloured by cause, running stretches in blue,
// held-idle (gang hoarding) in amber, trial runs lighter; a tick at the current time.
#include "ui/run/sim_snapshot.hpp"

#include <QWidget>

namespace clens::ui {

class JobGantt : public QWidget {
    Q_OBJECT
public:
    explicit JobGantt(QWidget* parent = nullptr);
    void setJob(SnapshotPtr snapshot, std::int32_t job);
    void setTime(std::int64_t t);

    QSize sizeHint() const override { return {300, 46}; }
    QSize minimumSizeHint() const override { return {120, 46}; }

signals:
    void seekRequested(std::int64_t t);

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    bool span(std::int64_t& from, std::int64_t& to) const;
    QRect barRect() const;

    SnapshotPtr snapshot_;
    std::int32_t job_ = -1;
    std::int64_t time_ = 0;
};

} // namespace clens::ui
