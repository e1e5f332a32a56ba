#include "ui/phases/simulated_cluster_box.hpp"

#include "ui/analysis/latest_task_runner.hpp"
#include "ui/phases/phase_graph_view.hpp"
#include "ui/phases/phase_palette.hpp"
#include "ui/phases/simulated_phase_chart.hpp"

#include <QCheckBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace clens::ui {

SimulatedClusterBox::SimulatedClusterBox(PhaseGraphView* graph, QWidget* parent)
    : QWidget(parent)
    , graph_(graph)
    , toggle_(new QCheckBox(tr("Show the simulated cluster in the graph")))
    , label_(new QLabel)
    , chart_(new SimulatedPhaseChart)
    , runner_(new analysis::LatestTaskRunner(this))
{
    setObjectName(QStringLiteral("simulatedClusterBox"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    auto* title = new QLabel(tr("In the simulated cluster"));
    QFont f = title->font();
    f.setBold(true);
    title->setFont(f);
    layout->addWidget(title);
    label_->setWordWrap(true);
    label_->setTextFormat(Qt::RichText);
    layout->addWidget(label_);
    toggle_->setObjectName(QStringLiteral("showSimulatedCluster"));
    toggle_->setChecked(true);
    toggle_->setToolTip(tr("On: the graph shows the autoscaled jobs of the cluster simulation at the cluster's time. "
                           "Off: the transitions found in the metrics."));
    layout->addWidget(toggle_);
    layout->addWidget(chart_);
    connect(toggle_, &QCheckBox::toggled, this, [this] { refresh(); });
    connect(chart_, &SimulatedPhaseChart::seekRequested, this, &SimulatedClusterBox::seekRequested);
    hide();
}

void SimulatedClusterBox::setResult(std::shared_ptr<const SimResult> result, const TimeFormat& format,
                                    std::shared_ptr<const SimulatedPhaseIndex> index)
{
    format_ = format;
    if (!result || result->scaledRuns.empty()) {
        runner_->cancel();
        index_.reset();
        refresh();
        emit built();
        return;
    }
    struct Built {
        std::shared_ptr<const SimulatedPhaseIndex> index;
        SimulatedPhaseSeries series;
    };
    constexpr int kChartSamples = 400;
    runner_->run<Built>(
        [result, index, k = phaseCount_](const analysis::LatestTaskRunner::StaleFn&) {
            Built b{index ? index : std::make_shared<const SimulatedPhaseIndex>(*result), {}};
            b.series = simulatedPhaseSeries(*b.index, result->firstSubmit_s, result->lastEvent_s, kChartSamples, k);
            return b;
        },
        [this, origin = result->firstSubmit_s](Built b) {
            index_ = std::move(b.index);
            chart_->setSeries(b.series, origin);
            chart_->setTime(time_);
            refresh();
            emit built();
        },
        [this](const QString& error) { // say why the box stays empty
            index_.reset();
            refresh();
            label_->setText(tr("The phases of the simulated jobs could not be computed: %1").arg(error.toHtmlEscaped()));
            show();
            emit built();
        });
}

bool SimulatedClusterBox::building() const { return runner_->busy(); }

void SimulatedClusterBox::setTime(std::int64_t t)
{
    if (t == time_)
        return;
    time_ = t;
    chart_->setTime(t);
    if (index_)
        refresh();
}

void SimulatedClusterBox::setPhaseCount(int k)
{
    phaseCount_ = k;
    refresh();
}

QString SimulatedClusterBox::summary() const { return label_->text(); }

void SimulatedClusterBox::refresh()
{
    if (!index_ || index_->phaseCount() == 0) {
        current_.reset();
        graph_->setSimulated(std::nullopt);
        hide();
        emit refreshed();
        return;
    }
    current_ = index_->at(time_, phaseCount_);
    const auto& now = *current_;
    const QLocale locale;
    const int k = static_cast<int>(now.running.size());
    QStringList parts;
    for (int p = 0; p < k; ++p)
        parts << QStringLiteral("<span style='color:%1'>■</span> %2 %3")
                     .arg(phaseColor(p, k).name(), phaseName(p), locale.toString(now.running[static_cast<std::size_t>(p)]));
    if (now.runningUnknown > 0)
        parts << tr("unknown %1").arg(locale.toString(now.runningUnknown));
    const QString when = format_.instantShort(time_);
    const auto running = now.runningTotal();
    const auto changes = now.transitionTotal();
    const QString runningText = running == 1 ? tr("1 autoscaled job running") : tr("%1 autoscaled jobs running").arg(locale.toString(running));
    const QString changesText = changes == 1 ? tr("1 phase change") : tr("%1 phase changes").arg(locale.toString(changes));
    label_->setText(tr("<b>At %1</b>: %2 — %3.<br>%4 so far (click the chart below to move the time).")
                        .arg(when.toHtmlEscaped(), runningText, parts.join(QStringLiteral(" · ")), changesText));
    graph_->setSimulated(toggle_->isChecked() ? current_ : std::nullopt, when);
    show();
    emit refreshed();
}

} // namespace clens::ui
