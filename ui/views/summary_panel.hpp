#pragma once
// Headline metrics of the current result; "Pin as baseline" keeps it, and from then on every
// metric shows baseline, current and the change (green better, red worse), plus which knobs
// differ from the baseline.
#include "ui/run/sim_snapshot.hpp"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace clens::ui {

class SummaryCompareModel;

class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget* parent = nullptr);

    void setCurrent(SnapshotPtr snapshot);
    void setBaseline(SnapshotPtr baseline);
    // While a new run is computing, the figures shown are the previous run's: say so.
    void setBusy(bool busy);
    SummaryCompareModel* model() const { return model_; }
    QPushButton* pinButton() const { return pin_; }
    QTableView* table() const { return table_; }
    // The height that shows every row listed without scrolling (the window's default layout
    // gives the panel this much when the screen allows).
    int heightForAllRows() const;
    // Rows listed (the rest are hidden: zero, or of a model the results do not have).
    int rowsShown() const;

signals:
    void pinRequested();
    void clearRequested();
    // heightForAllRows() changed (rows shown or hidden, the diff line longer or shorter).
    void heightForAllRowsChanged();

private:
    void refreshDiff();
    void refreshRows();

    SummaryCompareModel* model_;
    QTableView* table_;
    QPushButton* pin_;
    QPushButton* clear_;
    QLabel* diff_;
    QLabel* busy_;
    SnapshotPtr current_, baseline_;
    int lastHeightForAllRows_ = -1;
};

} // namespace clens::ui
