#include "ui/views/inspector_panel.hpp"

#include "ui/models/resource_text.hpp"
#include "ui/models/wait_interval_model.hpp"
#include "ui/time/time_format.hpp"
#include "ui/views/job_gantt.hpp"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

namespace clens::ui {
namespace {

QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

// About 110 lines: a flat list of the inspector's rows and sections, in the order they show.
InspectorPanel::InspectorPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("inspector"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(8, 6, 8, 6);
    v->setSpacing(6);

    empty_ = new QLabel(tr("Click a GPU on the cluster map or a row of the job table to see the job's "
                           "placement and why it waited."));
    empty_->setWordWrap(true);
    empty_->setStyleSheet(QStringLiteral("color: #6a7380;"));
    empty_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    v->addWidget(empty_);

    // The details scroll when the dock is short, rather than squeezing the text.
    details_ = new QScrollArea;
    auto* scroll = static_cast<QScrollArea*>(details_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* body = new QWidget;
    scroll->setWidget(body);
    auto* d = new QVBoxLayout(body);
    d->setContentsMargins(0, 0, 4, 0);
    d->setSpacing(6);
    v->addWidget(details_, 1);

    auto* head = new QHBoxLayout;
    title_ = new QLabel;
    QFont tf = title_->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.3);
    tf.setBold(true);
    title_->setFont(tf);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    head->addWidget(title_, 1);
    toStart_ = new QPushButton(tr("Go to start"));
    toEnd_ = new QPushButton(tr("Go to end"));
    toStart_->setToolTip(tr("Move the time cursor to when the job started"));
    toEnd_->setToolTip(tr("Move the time cursor to just before the job ended"));
    zoom_ = new QPushButton(tr("Zoom"));
    zoom_->setObjectName(QStringLiteral("zoomToJob"));
    zoom_->setToolTip(tr("Zoom the timelines and the scrubber to the job's life, from its submission to its end"));
    d->addLayout(head);
    auto* moves = new QHBoxLayout; // a row of its own: the dock stays narrow on a 1280-px screen
    moves->addWidget(toStart_);
    moves->addWidget(toEnd_);
    moves->addWidget(zoom_);
    moves->addStretch(1);
    d->addLayout(moves);
    subtitle_ = new QLabel;
    subtitle_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    d->addWidget(subtitle_);

    why_ = new QLabel;
    why_->setWordWrap(true);
    why_->setTextFormat(Qt::RichText);
    // Margin, not stylesheet padding: QLabel's word wrap miscomputes its height with padding.
    why_->setStyleSheet(QStringLiteral("QLabel { background: #fff7ea; border: 1px solid #f0d9b0; border-radius: 4px; }"));
    why_->setMargin(6);
    d->addWidget(why_); // above the bar: on a short screen the reason is what must show

    gantt_ = new JobGantt;
    d->addWidget(gantt_);

    auto* form = form_ = new QFormLayout;
    form->setVerticalSpacing(3);
    form->setLabelAlignment(Qt::AlignLeft);
    for (const QString& name : {tr("Asked"), tr("Submitted"), tr("Started"), tr("Ended"), tr("Placement"), tr("Servers"),
                                tr("Attempts"), tr("Queue"), tr("Run"), tr("GPU time"), tr("Autoscaler"), tr("Power")}) {
        auto* value = new QLabel;
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        form->addRow(name + QLatin1Char(':'), value);
        fields_.emplace_back(name, value);
    }
    d->addLayout(form);

    auto* wl = new QLabel(tr("Waiting intervals"));
    QFont bf = wl->font();
    bf.setBold(true);
    wl->setFont(bf);
    d->addWidget(wl);
    waits_ = new WaitIntervalModel(this);
    waitTable_ = new QTableView;
    waitTable_->setModel(waits_);
    waitTable_->verticalHeader()->hide();
    waitTable_->verticalHeader()->setDefaultSectionSize(waitTable_->fontMetrics().height() + 6);
    waitTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    waitTable_->horizontalHeader()->setStretchLastSection(true);
    waitTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    waitTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    waitTable_->setColumnHidden(WaitIntervalModel::To, true); // "waited" says as much, in less room
    waitTable_->setMinimumHeight(90);
    d->addWidget(waitTable_, 1);

    connect(gantt_, &JobGantt::seekRequested, this, &InspectorPanel::seekRequested);
    connect(waitTable_, &QTableView::activated, this, [this](const QModelIndex& i) {
        if (const WaitInterval* w = waits_->intervalAt(i.row()))
            emit seekRequested(w->from_s);
    });
    connect(toStart_, &QPushButton::clicked, this, [this] {
        if (snapshot_ && job_ >= 0)
            if (const auto& s = snapshot_->result->jobs[static_cast<std::size_t>(job_)].start_s)
                emit seekRequested(*s);
    });
    connect(zoom_, &QPushButton::clicked, this, [this] {
        if (const auto view = snapshot_ ? snapshot_->jobView(job_) : std::nullopt)
            emit zoomRequested(view->first, view->second);
    });
    connect(toEnd_, &QPushButton::clicked, this, [this] {
        if (snapshot_ && job_ >= 0)
            if (const auto& e = snapshot_->result->jobs[static_cast<std::size_t>(job_)].end_s)
                emit seekRequested(*e - 1);
    });
    refresh();
}

void InspectorPanel::setSnapshot(SnapshotPtr snapshot)
{
    snapshot_ = std::move(snapshot);
    refresh();
}

void InspectorPanel::setJob(std::int32_t job)
{
    job_ = job;
    refresh();
}

void InspectorPanel::setTime(std::int64_t t)
{
    gantt_->setTime(t);
}

QString InspectorPanel::title() const
{
    return title_->text();
}

QString InspectorPanel::whyText() const
{
    return why_->text();
}

QString InspectorPanel::fieldText(const QString& name) const
{
    for (const auto& [n, label] : fields_)
        if (n == name)
            return label->text();
    return {};
}

QString InspectorPanel::explainWait(const SimResult& result, std::int32_t job)
{
    const JobResult& r = result.jobs[static_cast<std::size_t>(job)];
    if (!r.start_s && r.queueDelay_s == 0)
        return tr("It never started: it cannot fit on this cluster (or within its VC's strict quota).");
    if (r.queueDelay_s == 0)
        return tr("It started as soon as it was submitted.") + restartsText(result, job);
    // Time per cause and resource waited for, largest first.
    struct Part {
        std::int64_t seconds;
        DelayCause cause;
        WaitResource resource;
    };
    std::vector<Part> parts;
    const auto add = [&](std::int64_t seconds, DelayCause cause, WaitResource resource) {
        for (Part& p : parts)
            if (p.cause == cause && p.resource == resource) {
                p.seconds += seconds;
                return;
            }
        parts.push_back({seconds, cause, resource});
    };
    if (r.waitCount > 0 && static_cast<std::size_t>(r.firstWait) + r.waitCount <= result.waits.size()) {
        for (std::uint32_t i = r.firstWait; i < r.firstWait + r.waitCount; ++i)
            add(result.waits[i].to_s - result.waits[i].from_s, result.waits[i].cause, result.waits[i].resource);
    } else { // no intervals kept: the totals per cause
        add(r.fragmentationDelay_s, DelayCause::Fragmentation, WaitResource::Gpus);
        add(r.fairshareDelay_s, DelayCause::Fairshare, WaitResource::Gpus);
        add(r.capacityDelay_s, DelayCause::Capacity, WaitResource::Gpus);
        add(r.powerDelay_s, DelayCause::Power, WaitResource::Gpus);
    }
    std::stable_sort(parts.begin(), parts.end(), [](const Part& a, const Part& b) { return a.seconds > b.seconds; });
    QStringList pieces;
    for (const Part& p : parts)
        if (p.seconds > 0)
            pieces << tr("<b>%1 %2</b> (%3)")
                          .arg(TimeFormat::duration(p.seconds), WaitIntervalModel::causeLabel(p.cause, p.resource),
                               WaitIntervalModel::causeExplanation(p.cause, p.resource));
    QString text = (r.start_s ? tr("It waited <b>%1</b>: ") : tr("It was still waiting after <b>%1</b>: "))
                       .arg(TimeFormat::duration(r.queueDelay_s));
    text += pieces.join(QStringLiteral("; ")) + QLatin1Char('.');
    if (r.preemptions > 0)
        text += QLatin1Char(' ') + (r.preemptions == 1 ? tr("It was <b>preempted once</b>.") : tr("It was <b>preempted %1 times</b>.").arg(r.preemptions));
    return text + restartsText(result, job);
}

QString InspectorPanel::restartsText(const SimResult& result, std::int32_t job)
{
    const JobResult& r = result.jobs[static_cast<std::size_t>(job)];
    if (r.attempts <= 1)
        return {};
    // Each placement after the first follows one of these; what the counts leave are server
    // failures (an interrupted trial runs again too).
    const int oom = result.resourcesOf(static_cast<std::size_t>(job)).oomKills;
    const bool trial = result.scenario.failures.trialRun_s > 0 && result.trace
                       && result.trace->jobs[static_cast<std::size_t>(job)].gpus > 1;
    const int other = r.attempts - 1 - oom - r.preemptions - (trial ? 1 : 0);
    QStringList after;
    if (trial)
        after << tr("a trial run first");
    if (oom > 0)
        after << (oom == 1 ? tr("1 OOM kill") : tr("%1 OOM kills").arg(oom));
    if (r.preemptions > 0)
        after << (r.preemptions == 1 ? tr("1 preemption") : tr("%1 preemptions").arg(r.preemptions));
    if (other > 0)
        after << (result.scenario.failures.serverMtbf_h > 0 ? (other == 1 ? tr("1 server failure") : tr("%1 server failures").arg(other))
                                                            : (other == 1 ? tr("1 other restart") : tr("%1 other restarts").arg(other)));
    return QLatin1Char(' ') + tr("It was placed %1 times: %2.").arg(r.attempts).arg(after.join(QStringLiteral(", ")));
}

QString InspectorPanel::placementText(const SimSnapshot& snapshot, std::int32_t job)
{
    const SimResult& r = *snapshot.result;
    const auto intervals = snapshot.jobIntervals.intervalsOf(job);
    if (!r.cluster)
        return {};
    if (intervals.empty())
        return reservedServersText(snapshot, job);
    // The last placement: intervals ending at the job's last release instant, trials excluded.
    std::int64_t lastEnd = 0;
    for (auto i : intervals)
        if (r.occupancy[i].use != GpuUse::Trial)
            lastEnd = std::max(lastEnd, r.occupancy[i].to_s);
    std::map<std::int32_t, std::set<std::int32_t>> byServer;
    for (auto i : intervals) {
        const GpuInterval& iv = r.occupancy[i];
        if (iv.use == GpuUse::Trial || iv.to_s != lastEnd || iv.gpu < 0 || iv.gpu >= r.cluster->gpuCount())
            continue;
        const auto s = r.cluster->serverOfGpu(iv.gpu);
        byServer[s].insert(iv.gpu - r.cluster->servers()[static_cast<std::size_t>(s)].firstGpu);
    }
    QStringList out;
    for (const auto& [s, gpus] : byServer) {
        QStringList g;
        for (auto x : gpus)
            g << QString::number(x);
        out << QStringLiteral("%1 [%2]").arg(QString::fromStdString(r.cluster->servers()[static_cast<std::size_t>(s)].name),
                                              g.join(QLatin1Char(',')));
    }
    return out.join(QStringLiteral(", "));
}

QString InspectorPanel::reservedServersText(const SimSnapshot& snapshot, std::int32_t job)
{
    const SimResult& r = *snapshot.result;
    const auto reservations = snapshot.jobReservations.of(job);
    std::int64_t lastEnd = 0;
    for (auto i : reservations)
        lastEnd = std::max(lastEnd, r.reservations[i].to_s);
    QStringList out;
    for (auto i : reservations) {
        const ReservationInterval& v = r.reservations[i];
        if (v.to_s != lastEnd || v.server < 0 || v.server >= r.cluster->serverCount())
            continue;
        out << tr("%1 (%2, %3)")
                   .arg(QString::fromStdString(r.cluster->servers()[static_cast<std::size_t>(v.server)].name),
                        resource_text::cores(static_cast<double>(v.cpuMilli) / 1000.0),
                        resource_text::gigabytes(static_cast<double>(v.memMib) / 1024.0));
    }
    return out.join(QStringLiteral(", "));
}

void InspectorPanel::refresh()
{
    const bool valid = snapshot_ && snapshot_->result && snapshot_->result->trace && job_ >= 0 &&
                       static_cast<std::size_t>(job_) < snapshot_->result->jobs.size() &&
                       static_cast<std::size_t>(job_) < snapshot_->result->trace->jobs.size();
    empty_->setVisible(!valid);
    details_->setVisible(valid);
    waits_->setJob(valid ? snapshot_ : nullptr, valid ? job_ : -1);
    gantt_->setJob(valid ? snapshot_ : nullptr, valid ? job_ : -1);
    if (!valid) {
        title_->clear();
        why_->clear();
        for (auto& f : fields_)
            f.second->clear();
        return;
    }
    const SimResult& result = *snapshot_->result;
    const Trace& trace = *result.trace;
    const Job& job = trace.jobs[static_cast<std::size_t>(job_)];
    const JobResult& r = result.jobs[static_cast<std::size_t>(job_)];
    const TimeFormat tf(trace.meta.timeBase, result.firstSubmit_s);

    title_->setText(tr("Job %1").arg(QString::fromStdString(job.id)));
    const QString vc = static_cast<std::size_t>(job.tenant) < trace.tenants.size()
                           ? QString::fromStdString(trace.tenants[static_cast<std::size_t>(job.tenant)].name)
                           : QString();
    const QString user = static_cast<std::size_t>(job.user) < trace.users.size()
                             ? QString::fromStdString(trace.users[static_cast<std::size_t>(job.user)])
                             : QString();
    QStringList parts{tr("VC %1").arg(vc)};
    if (!user.isEmpty())
        parts << tr("user %1").arg(user);
    const JobResources& asked = result.resourcesOf(static_cast<std::size_t>(job_));
    parts << resource_text::gpus(job.gpus, asked.gpuMilli) << qstr(toString(r.status));
    subtitle_->setText(parts.join(QStringLiteral(" · ")));
    why_->setText(explainWait(result, job_));

    const auto set = [&](const QString& name, const QString& text) {
        for (auto& [n, label] : fields_)
            if (n == name)
                label->setText(text);
    };
    set(tr("Asked"), resource_text::request(trace, job, asked));
    set(tr("Submitted"), tf.instant(job.submit_s));
    set(tr("Started"), r.start_s ? tr("%1 (after %2)").arg(tf.instant(*r.start_s), TimeFormat::duration(*r.start_s - job.submit_s))
                                 : tr("never"));
    set(tr("Ended"), r.end_s ? tr("%1 (job took %2)").arg(tf.instant(*r.end_s), TimeFormat::duration(*r.end_s - job.submit_s))
                             : tr("never"));
    if (r.start_s) {
        set(tr("Placement"), tr("%1 · %2 · %3 · level <b>%4</b>")
                                 .arg(resource_text::gpus(r.allocatedGpus, asked.gpuMilli))
                                 .arg(r.servers == 1 ? tr("1 server") : tr("%1 servers").arg(r.servers))
                                 .arg(r.racks == 1 ? tr("1 rack") : tr("%1 racks").arg(r.racks))
                                 .arg(qstr(toString(r.level))));
        set(tr("Servers"), placementText(*snapshot_, job_));
        set(tr("Run"), tr("slowdown ×%1, GPU utilization %2%")
                           .arg(r.slowdown, 0, 'f', 2)
                           .arg(qRound(r.effectiveUtil * 100)));
    } else {
        set(tr("Placement"), tr("none"));
        set(tr("Servers"), QString());
        set(tr("Run"), QString());
    }
    set(tr("Attempts"), r.preemptions > 0 ? tr("%1 (%2 preempted)").arg(r.attempts).arg(r.preemptions) : QString::number(r.attempts));
    set(tr("GPU time"), tr("%1 GPU-h").arg(static_cast<double>(r.gpuSeconds) / 3600.0, 0, 'f', 1));
    // Rows only for a job a queue policy ranked, the autoscaler scaled or that waited for power.
    for (const auto& [name, text] : {std::pair{tr("Queue"), queueText(result, job_)}, std::pair{tr("Autoscaler"), autoscalerText(result, job_)},
                                     std::pair{tr("Power"), powerText(result, job_)}}) {
        set(name, text);
        for (auto& [n, label] : fields_)
            if (n == name)
                form_->setRowVisible(label, !text.isEmpty());
    }
    toStart_->setEnabled(r.start_s.has_value());
    toEnd_->setEnabled(r.end_s.has_value());
}

} // namespace clens::ui
