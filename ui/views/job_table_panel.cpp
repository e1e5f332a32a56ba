#include "ui/views/job_table_panel.hpp"

#include "ui/io/jobs_csv_export.hpp"
#include "ui/models/job_filter_proxy.hpp"
#include "ui/models/job_table_model.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>


namespace clens::ui {

JobTablePanel::JobTablePanel(QWidget* parent)
    : QWidget(parent)
    , model_(new JobTableModel(this))
    , proxy_(new JobFilterProxy(this))
    , export_(new JobsCsvExport(this))
{
    setObjectName(QStringLiteral("jobTable"));
    proxy_->setSourceModel(model_);
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    v->setSpacing(4);
    auto* bar = new QHBoxLayout;
    filter_ = new QLineEdit;
    filter_->setPlaceholderText(tr("Filter by job, VC or user…"));
    filter_->setClearButtonEnabled(true);
    bar->addWidget(filter_, 2);
    vc_ = new QComboBox;
    bar->addWidget(vc_);
    status_ = new QComboBox;
    status_->addItem(tr("any status"), -1);
    for (auto s : {JobStatus::Pass, JobStatus::Killed, JobStatus::Failed, JobStatus::Unfinished})
        status_->addItem(QString::fromUtf8(toString(s).data()), static_cast<int>(s));
    bar->addWidget(status_);
    cause_ = new QComboBox;
    cause_->addItem(tr("waited or not"), -2);
    cause_->addItem(tr("waited"), -1);
    cause_->addItem(tr("waited for fragmentation"), static_cast<int>(DelayCause::Fragmentation));
    cause_->addItem(tr("waited for fair share"), static_cast<int>(DelayCause::Fairshare));
    cause_->addItem(tr("waited for capacity"), static_cast<int>(DelayCause::Capacity));
    cause_->addItem(tr("waited for power"), static_cast<int>(DelayCause::Power));
    bar->addWidget(cause_);
    atCursor_ = new QComboBox;
    atCursor_->setObjectName(QStringLiteral("atCursorFilter"));
    atCursor_->setToolTip(tr("Only the jobs waiting, or running, at the cursor time (the \"At cursor\" column says why they wait)"));
    atCursor_->addItem(tr("any time"), static_cast<int>(JobStanding::Absent));
    atCursor_->addItem(tr("waiting at the cursor"), static_cast<int>(JobStanding::Waiting));
    atCursor_->addItem(tr("running at the cursor"), static_cast<int>(JobStanding::Running));
    bar->addWidget(atCursor_);
    count_ = new QLabel;
    count_->setStyleSheet(QStringLiteral("color: #6a7380;"));
    bar->addWidget(count_);
    exportButton_ = new QToolButton;
    exportButton_->setObjectName(QStringLiteral("exportJobs"));
    exportButton_->setText(tr("Export CSV…"));
    exportButton_->setToolTip(tr("The jobs listed (as filtered and sorted), with every column of clusterlens-cli simulate --jobs-out"));
    connect(exportButton_, &QToolButton::clicked, this, [this] {
        if (export_->busy()) { // the button reads "Cancel export" meanwhile
            export_->cancel();
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the jobs listed"), {}, tr("CSV (*.csv)"));
        if (!path.isEmpty())
            startExport(path);
    });
    bar->addWidget(exportButton_);
    connect(export_, &JobsCsvExport::progressed, this,
            [this](int percent) { emit exported(tr("Exporting the jobs listed… %1%").arg(percent)); });
    const auto done = [this](const QString& message) {
        exportButton_->setText(tr("Export CSV…"));
        emit exported(message);
    };
    connect(export_, &JobsCsvExport::exported, this,
            [done](const QString& path, qint64 jobs) { done(tr("Exported %1 jobs to %2").arg(jobs).arg(path)); });
    connect(export_, &JobsCsvExport::failed, this, done);
    connect(export_, &JobsCsvExport::cancelled, this,
            [done](const QString& path) { done(tr("Export cancelled: %1 is as it was").arg(path)); });
    v->addLayout(bar);

    view_ = new QTableView;
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(-1, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 5);
    view_->horizontalHeader()->setDefaultSectionSize(90);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    v->addWidget(view_, 1);

    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& t) { refilter([&] { proxy_->setText(t); }); });
    connect(vc_, &QComboBox::currentIndexChanged, this, [this] {
        const int vc = vc_->currentData().toInt();
        refilter([&] { proxy_->setVc(vc < 0 ? std::nullopt : std::optional<std::int32_t>(vc)); });
    });
    connect(status_, &QComboBox::currentIndexChanged, this, [this] {
        const int s = status_->currentData().toInt();
        refilter([&] { proxy_->setStatus(s < 0 ? std::nullopt : std::optional<JobStatus>(static_cast<JobStatus>(s))); });
    });
    connect(cause_, &QComboBox::currentIndexChanged, this, [this] {
        const int c = cause_->currentData().toInt();
        refilter([&] {
            proxy_->setOnlyWaited(c == -1);
            proxy_->setWaitedFor(c < 0 ? std::nullopt : std::optional<DelayCause>(static_cast<DelayCause>(c)));
        });
    });
    connect(atCursor_, &QComboBox::currentIndexChanged, this, [this] {
        refilter([&] { proxy_->setStandingAtCursor(static_cast<JobStanding>(atCursor_->currentData().toInt())); });
    });
    // An order computed on a worker (a large table) arrives later: the rows moving under the
    // view are not the user choosing a job, and the selected job is shown again once listed.
    connect(proxy_, &QAbstractItemModel::modelAboutToBeReset, this, [this] { selecting_ = true; });
    connect(proxy_, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { selecting_ = true; });
    connect(proxy_, &JobFilterProxy::ordered, this, [this] {
        selecting_ = false;
        refreshCount();
        selectJob(selected_);
    });
    connect(proxy_, &JobFilterProxy::busyChanged, this, &JobTablePanel::refreshCount);
    cursorTimer_ = new QTimer(this);
    cursorTimer_->setSingleShot(true);
    connect(cursorTimer_, &QTimer::timeout, this, &JobTablePanel::applyTime);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (selecting_ || !current.isValid())
            return;
        const auto job = proxy_->data(current, JobTableModel::JobIndexRole).toInt();
        selected_ = job;
        emit jobSelected(job);
    });
    refreshVcs();
}

std::vector<std::int32_t> JobTablePanel::listedJobs() const
{
    // Straight from the listed table rows (no QVariant per row: a table may hold millions).
    const auto& rows = *model_->rows();
    std::vector<std::int32_t> jobs;
    jobs.reserve(proxy_->listedRows().size());
    for (const int row : proxy_->listedRows())
        jobs.push_back(rows.jobAt(row));
    return jobs;
}

void JobTablePanel::startExport(const QString& path)
{
    const auto& snapshot = model_->snapshot();
    if (!snapshot || !snapshot->result || !snapshot->result->trace) {
        emit exported(tr("There are no jobs to export yet."));
        return;
    }
    if (export_->busy())
        return;
    exportButton_->setText(tr("Cancel export"));
    export_->start(path, snapshot->result, listedJobs());
}

void JobTablePanel::setSnapshot(SnapshotPtr snapshot)
{
    const bool newTrace = !model_->snapshot() || !snapshot || !snapshot->result ||
                          model_->snapshot()->result->trace != snapshot->result->trace;
    model_->setSnapshot(std::move(snapshot));
    if (newTrace)
        refreshVcs();
    if (newTrace) {
        // Formats without users (Philly processed CSV, SWF) would show an empty column.
        bool anyUser = false;
        if (const auto& snap = model_->snapshot(); snap && snap->result && snap->result->trace)
            for (const auto& u : snap->result->trace->users)
                anyUser |= !u.empty();
        view_->setColumnHidden(JobTableModel::User, !anyUser);
    }
    // What jobs ask besides GPUs depends on the knobs too (resources.job_defaults).
    bool resized = false;
    for (const auto c : JobTableModel::kOptionalColumns) {
        const bool hide = !model_->anyAsks(c);
        resized |= hide != view_->isColumnHidden(c);
        view_->setColumnHidden(c, hide);
    }
    if (newTrace || resized) {
        view_->resizeColumnsToContents();
        // Sized for its longest text, whatever the cursor shows now.
        view_->setColumnWidth(JobTableModel::AtCursor,
                              view_->fontMetrics().horizontalAdvance(tr("waiting: fragmentation — memory")) + 12);
    }
    selectJob(selected_);
    refreshCount();
}

void JobTablePanel::setTime(std::int64_t t)
{
    pendingTime_ = t;
    if (cursorTimer_->isActive())
        return;
    if (!sinceApplied_.isValid() || sinceApplied_.elapsed() >= kCursorEvery_ms)
        applyTime();
    else
        cursorTimer_->start(static_cast<int>(kCursorEvery_ms - sinceApplied_.elapsed()));
}

void JobTablePanel::showOnlyAtCursor(JobStanding standing)
{
    cursorTimer_->stop();
    applyTime();
    atCursor_->setCurrentIndex(std::max(0, atCursor_->findData(static_cast<int>(standing))));
}

void JobTablePanel::applyTime()
{
    sinceApplied_.start();
    if (pendingTime_ == model_->time())
        return;
    refilter([&] { model_->setTime(pendingTime_); });
}

void JobTablePanel::refilter(const std::function<void()>& change)
{
    // Rows leaving the table move the view's current row; that is not the user choosing a job,
    // so the selected job stays selected (and shown again if it comes back).
    selecting_ = true;
    change();
    selecting_ = false;
    refreshCount();
    selectJob(selected_);
}

void JobTablePanel::refreshVcs()
{
    const QSignalBlocker block(vc_);
    const int previous = vc_->currentData().isValid() ? vc_->currentData().toInt() : -1;
    vc_->clear();
    vc_->addItem(tr("all VCs"), -1);
    if (model_->snapshot() && model_->snapshot()->result && model_->snapshot()->result->trace) {
        const auto& tenants = model_->snapshot()->result->trace->tenants;
        for (std::size_t i = 0; i < tenants.size(); ++i)
            vc_->addItem(QString::fromStdString(tenants[i].name), static_cast<int>(i));
    }
    const int at = vc_->findData(previous);
    vc_->setCurrentIndex(at >= 0 ? at : 0);
    proxy_->setVc(vc_->currentData().toInt() < 0 ? std::nullopt : std::optional<std::int32_t>(vc_->currentData().toInt()));
}

void JobTablePanel::refreshCount()
{
    const QLocale locale;
    count_->setText(proxy_->busy() ? tr("ordering %1 jobs…").arg(locale.toString(model_->rowCount()))
                                   : tr("%1 of %2 jobs").arg(locale.toString(proxy_->rowCount()), locale.toString(model_->rowCount())));
}

void JobTablePanel::selectJob(std::int32_t job)
{
    selected_ = job;
    const int row = model_->rowOfJob(job);
    const QModelIndex index = row >= 0 ? proxy_->mapFromSource(model_->index(row, 0)) : QModelIndex();
    selecting_ = true;
    if (index.isValid()) {
        view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        view_->scrollTo(index);
    } else {
        view_->selectionModel()->clearSelection();
    }
    selecting_ = false;
}

} // namespace clens::ui
