#pragma once
// The job table with its filters (text, VC, status, waited for a cause) and a row count.
// Selecting a row selects the job everywhere.
#include "ui/run/sim_snapshot.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace clens::ui {

class JobFilterProxy;
class JobTableModel;

class JobTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit JobTablePanel(QWidget* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    void selectJob(std::int32_t job);

    JobTableModel* model() const { return model_; }
    JobFilterProxy* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }
    QLineEdit* filterEdit() const { return filter_; }

signals:
    void jobSelected(std::int32_t job);

private:
    void refreshVcs();
    void refreshCount();

    JobTableModel* model_;
    JobFilterProxy* proxy_;
    QTableView* view_;
    QLineEdit* filter_;
    QComboBox* vc_;
    QComboBox* status_;
    QComboBox* cause_;
    QLabel* count_;
    std::int32_t selected_ = -1;
    bool selecting_ = false;
};

} // namespace clens::ui
