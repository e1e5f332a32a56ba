#pragma once
// The Results dock as tall as its rows (Makespan was below the fold), up to two thirds of its
// column (half on a short screen, where the inspector's reason for a wait would not show
// otherwise); the inspector below it has the rest. Rows appear and disappear with the results
// (failures, preemptions, the autoscaler's): the dock follows them as long as the user leaves it
// at the height it was fitted to.
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace clens::ui {

class SummaryPanel;

class ResultsDockFit : public QObject {
    Q_OBJECT
public:
    ResultsDockFit(QMainWindow* window, QDockWidget* results, QDockWidget* inspector, SummaryPanel* summary);
    void fit();

private:
    QMainWindow* window_;
    QDockWidget* results_;
    QDockWidget* inspector_;
    SummaryPanel* summary_;
    int fitted_ = -1; // the Results dock's height when last fitted (-1: not fitted)
};

} // namespace clens::ui
