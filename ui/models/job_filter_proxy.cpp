#include "ui/models/job_filter_proxy.hpp"

#include "ui/models/job_table_model.hpp"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace clens::ui {

JobFilterProxy::JobFilterProxy(QObject* parent)
    : QAbstractProxyModel(parent)
{
}

JobFilterProxy::~JobFilterProxy()
{
    if (cancel_)
        cancel_->store(true);
}

void JobFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    beginResetModel();
    jobs_ = qobject_cast<JobTableModel*>(model);
    QAbstractProxyModel::setSourceModel(model);
    listed_.clear();
    proxyOf_.clear();
    if (!model) {
        endResetModel();
        return;
    }
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { beginResetModel(); });
    connect(model, &QAbstractItemModel::modelReset, this, &JobFilterProxy::onSourceReset);
    connect(model, &QAbstractItemModel::dataChanged, this, &JobFilterProxy::onSourceDataChanged);
    onSourceReset(); // ends the reset
}

void JobFilterProxy::onSourceReset()
{
    // Until the filtered order arrives, the new result's rows are listed in table order (the
    // reset began in modelAboutToBeReset, or here when the source was just set).
    const int n = jobs_ ? jobs_->rowCount() : 0;
    listed_.resize(static_cast<std::size_t>(n));
    proxyOf_.resize(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        listed_[static_cast<std::size_t>(r)] = r;
        proxyOf_[static_cast<std::size_t>(r)] = r;
    }
    endResetModel();
    reorder();
}

void JobFilterProxy::onSourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles)
{
    // The cursor column changed: shown values first, then the order if it depends on them.
    if (!listed_.empty())
        emit dataChanged(index(0, topLeft.column()), index(rowCount() - 1, bottomRight.column()), roles);
    const bool cursorColumn = topLeft.column() <= JobTableModel::AtCursor && bottomRight.column() >= JobTableModel::AtCursor;
    if (cursorColumn && (filter_.standing != JobStanding::Absent || sortColumn_ == JobTableModel::AtCursor))
        reorder();
}

void JobFilterProxy::setText(const QString& text)
{
    if (text == filter_.text)
        return;
    filter_.text = text;
    reorder();
}

void JobFilterProxy::setVc(std::optional<std::int32_t> vc)
{
    if (vc == filter_.vc)
        return;
    filter_.vc = vc;
    reorder();
}

void JobFilterProxy::setStatus(std::optional<JobStatus> status)
{
    if (status == filter_.status)
        return;
    filter_.status = status;
    reorder();
}

void JobFilterProxy::setWaitedFor(std::optional<DelayCause> cause)
{
    if (cause == filter_.cause)
        return;
    filter_.cause = cause;
    reorder();
}

void JobFilterProxy::setOnlyWaited(bool onlyWaited)
{
    if (onlyWaited == filter_.onlyWaited)
        return;
    filter_.onlyWaited = onlyWaited;
    reorder();
}

void JobFilterProxy::setStandingAtCursor(JobStanding standing)
{
    if (standing == filter_.standing)
        return;
    filter_.standing = standing;
    reorder();
}

void JobFilterProxy::sort(int column, Qt::SortOrder order)
{
    if (column == sortColumn_ && order == sortOrder_)
        return;
    sortColumn_ = column;
    sortOrder_ = order;
    reorder();
}

void JobFilterProxy::reorder()
{
    if (!jobs_)
        return;
    const std::uint64_t generation = ++generation_;
    if (cancel_)
        cancel_->store(true); // what is being computed is stale now
    cancel_.reset();
    const auto rows = jobs_->rows();
    const auto t = jobs_->time();
    if (rows->size() < backgroundFrom_) {
        install(*orderJobRows(*rows, t, filter_, sortColumn_, sortOrder_));
        setBusy(false);
        return;
    }
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    cancel_ = cancel;
    setBusy(true);
    auto* watcher = new QFutureWatcher<std::optional<std::vector<int>>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        auto listed = watcher->future().takeResult(); // moved: a large table's order is millions of rows
        watcher->deleteLater();
        if (generation != generation_ || !listed)
            return; // a newer order was asked for
        cancel_.reset();
        install(std::move(*listed));
        setBusy(false);
    });
    watcher->setFuture(QtConcurrent::run([rows, t, filter = filter_, column = sortColumn_, order = sortOrder_, cancel] {
        return orderJobRows(*rows, t, filter, column, order, [cancel] { return cancel->load(); });
    }));
}

void JobFilterProxy::install(std::vector<int> listed)
{
    if (listed == listed_)
        return;
    const bool sameRows = listed.size() == listed_.size() &&
                          std::all_of(listed.begin(), listed.end(), [&](int r) { return proxyOf_[static_cast<std::size_t>(r)] >= 0; });
    if (sameRows) { // a new order of the same rows: views keep their selection and current row
        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const auto before = persistentIndexList();
        std::vector<int> sources;
        sources.reserve(static_cast<std::size_t>(before.size()));
        for (const auto& i : before)
            sources.push_back(listed_[static_cast<std::size_t>(i.row())]);
        setListed(std::move(listed));
        QModelIndexList after;
        after.reserve(before.size());
        for (qsizetype k = 0; k < before.size(); ++k)
            after.push_back(index(proxyOf_[static_cast<std::size_t>(sources[static_cast<std::size_t>(k)])], before[k].column()));
        changePersistentIndexList(before, after);
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    } else {
        beginResetModel();
        setListed(std::move(listed));
        endResetModel();
    }
    emit ordered();
}

void JobFilterProxy::setListed(std::vector<int> listed)
{
    listed_ = std::move(listed);
    std::fill(proxyOf_.begin(), proxyOf_.end(), -1);
    for (std::size_t p = 0; p < listed_.size(); ++p)
        proxyOf_[static_cast<std::size_t>(listed_[p])] = static_cast<int>(p);
}

void JobFilterProxy::setBusy(bool busy)
{
    if (busy == busy_)
        return;
    busy_ = busy;
    emit busyChanged(busy);
}

QModelIndex JobFilterProxy::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QVariant JobFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    // Columns are the source's (also when no row is listed); rows are numbered as listed.
    if (orientation == Qt::Horizontal)
        return sourceModel() ? sourceModel()->headerData(section, orientation, role) : QVariant();
    return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
}

QModelIndex JobFilterProxy::parent(const QModelIndex&) const
{
    return {};
}

int JobFilterProxy::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(listed_.size());
}

int JobFilterProxy::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

QModelIndex JobFilterProxy::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || static_cast<std::size_t>(proxyIndex.row()) >= listed_.size())
        return {};
    return sourceModel()->index(listed_[static_cast<std::size_t>(proxyIndex.row())], proxyIndex.column());
}

QModelIndex JobFilterProxy::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid() || static_cast<std::size_t>(sourceIndex.row()) >= proxyOf_.size())
        return {};
    const int row = proxyOf_[static_cast<std::size_t>(sourceIndex.row())];
    return row < 0 ? QModelIndex() : index(row, sourceIndex.column());
}

} // namespace clens::ui
