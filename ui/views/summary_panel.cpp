#include "ui/views/summary_panel.hpp"

#include "ui/models/scenario_diff.hpp"
#include "ui/models/summary_compare_model.hpp"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

#include <utility>

namespace clens::ui {

SummaryPanel::SummaryPanel(QWidget* parent)
    : QWidget(parent)
    , model_(new SummaryCompareModel(this))
{
    setObjectName(QStringLiteral("summary"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(8, 6, 8, 6);
    v->setSpacing(6);
    auto* buttons = new QHBoxLayout;
    pin_ = new QPushButton(tr("Pin as baseline"));
    pin_->setToolTip(tr("Keep this result to compare the next ones against it"));
    clear_ = new QPushButton(tr("Clear baseline"));
    buttons->addWidget(pin_);
    buttons->addWidget(clear_);
    buttons->addStretch(1);
    busy_ = new QLabel(tr("updating…"));
    busy_->setStyleSheet(QStringLiteral("color: #b06000;"));
    busy_->setToolTip(tr("A new simulation is running; these figures are from the previous one"));
    busy_->hide();
    buttons->addWidget(busy_);
    v->addLayout(buttons);
    diff_ = new QLabel;
    diff_->setWordWrap(true);
    diff_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    v->addWidget(diff_);

    table_ = new QTableView;
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 5);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(SummaryCompareModel::Metric, QHeaderView::Stretch);
    table_->horizontalHeader()->moveSection(SummaryCompareModel::Baseline, SummaryCompareModel::Current); // baseline → current
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->setFocusPolicy(Qt::NoFocus);
    table_->setShowGrid(false);
    table_->setAlternatingRowColors(true);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    v->addWidget(table_, 1);

    connect(pin_, &QPushButton::clicked, this, &SummaryPanel::pinRequested);
    connect(clear_, &QPushButton::clicked, this, &SummaryPanel::clearRequested);
    setCurrent(nullptr);
}

void SummaryPanel::setCurrent(SnapshotPtr snapshot)
{
    current_ = std::move(snapshot);
    model_->setCurrent(current_);
    pin_->setEnabled(current_ != nullptr);
    refreshDiff();
}

void SummaryPanel::setBaseline(SnapshotPtr baseline)
{
    baseline_ = std::move(baseline);
    model_->setBaseline(baseline_);
    clear_->setEnabled(baseline_ != nullptr);
    table_->setColumnHidden(SummaryCompareModel::Baseline, baseline_ == nullptr);
    table_->setColumnHidden(SummaryCompareModel::Change, baseline_ == nullptr);
    refreshDiff();
}

void SummaryPanel::setBusy(bool busy)
{
    busy_->setVisible(busy);
}

int SummaryPanel::rowsShown() const
{
    int shown = 0;
    for (int row = 0; row < model_->rowCount(); ++row)
        shown += table_->isRowHidden(row) ? 0 : 1;
    return shown;
}

int SummaryPanel::heightForAllRows() const
{
    const auto* v = layout();
    const QMargins m = v->contentsMargins();
    const int diff = diff_->heightForWidth(std::max(200, width() - m.left() - m.right()));
    const int table = table_->horizontalHeader()->sizeHint().height() + rowsShown() * table_->verticalHeader()->defaultSectionSize() +
                      2 * table_->frameWidth() + 2;
    return m.top() + pin_->sizeHint().height() + v->spacing() + diff + v->spacing() + table + m.bottom();
}

void SummaryPanel::refreshRows()
{
    // Rows that only matter when they are not zero (failures, preemption, hoarding).
    for (auto row : {SummaryCompareModel::ShareFragmentation, SummaryCompareModel::HeldIdle, SummaryCompareModel::Unfinished,
                     SummaryCompareModel::Preemptions, SummaryCompareModel::ServerFailures}) {
        const auto cur = SummaryCompareModel::value(current_.get(), row).value_or(0);
        const auto base = SummaryCompareModel::value(baseline_.get(), row).value_or(0);
        table_->setRowHidden(row, cur == 0 && base == 0);
    }
    // The autoscaler's and node power's rows, when either result has them.
    for (int row = 0; row < SummaryCompareModel::RowCount; ++row) {
        const auto r = static_cast<SummaryCompareModel::Row>(row);
        if (SummaryCompareModel::isAutoscalerRow(r) || SummaryCompareModel::isPowerRow(r))
            table_->setRowHidden(row, !SummaryCompareModel::value(current_.get(), r) && !SummaryCompareModel::value(baseline_.get(), r));
    }
}

void SummaryPanel::refreshDiff()
{
    refreshRows();
    if (!baseline_ || !current_ || !baseline_->result || !current_->result) {
        diff_->setText(tr("Pin this result as the baseline, change a knob, and compare."));
    } else {
        const QStringList diff = scenarioDiff(baseline_->result->scenario, current_->result->scenario);
        diff_->setText(diff.isEmpty() ? tr("Same scenario as the baseline.")
                                      : tr("<b>Changed:</b> %1").arg(diff.join(QStringLiteral("; ")).toHtmlEscaped()));
    }
    if (const int h = heightForAllRows(); h != std::exchange(lastHeightForAllRows_, h))
        emit heightForAllRowsChanged();
}

} // namespace clens::ui
