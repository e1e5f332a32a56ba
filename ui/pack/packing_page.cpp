#include "ui/pack/packing_page.hpp"

#include "core/pack/packing_arrivals.hpp"
#include "core/pack/packing_curve_csv.hpp"
#include "ui/analysis/latest_task_runner.hpp"
#include "ui/io/save_text.hpp"
#include "ui/pack/packing_chart.hpp"
#include "ui/pack/packing_map_panel.hpp"
#include "ui/pack/policy_style.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/views/chart_export.hpp"
#include "ui/views/heatmap_widget.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <chrono>
#include <sstream>

namespace clens::ui {

namespace {

constexpr PlacementPolicy kPolicies[] = {PlacementPolicy::BestFit, PlacementPolicy::FirstFit, PlacementPolicy::Spread,
                                         PlacementPolicy::Fgd, PlacementPolicy::FgdFirst};

} // namespace

struct PackingPage::Outcome {
    std::vector<PackGridCell> cells;
    QString error;
    double seconds = 0;
    std::size_t pods = 0;
};

PackingPage::PackingPage(QWidget* parent)
    : QWidget(parent)
    , runner_(new analysis::LatestTaskRunner(this))
    , debounce_(new QTimer(this))
    , progressTimer_(new QTimer(this))
    , playTimer_(new QTimer(this))
{
    setObjectName(QStringLiteral("packingPage"));
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 6, 6, 6);
    v->addWidget(buildControls());
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(buildMaps());
    chart_ = new PackingChart;
    split->addWidget(chart_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    v->addWidget(split, 1);

    debounce_->setSingleShot(true);
    debounce_->setInterval(150); // a few clicks on a spin box make one run
    connect(debounce_, &QTimer::timeout, this, &PackingPage::run);
    progressTimer_->setInterval(100); // throttled: the workers only store a number
    connect(progressTimer_, &QTimer::timeout, this, [this] { progressBar_->setValue(progress_->load()); });
    playTimer_->setInterval(60);
    connect(playTimer_, &QTimer::timeout, this, &PackingPage::stepPlayback);
}

PackingPage::~PackingPage() { runner_->cancel(); }

QWidget* PackingPage::buildControls()
{
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(new QLabel(tr("Policies")));
    for (const auto p : kPolicies) {
        auto* box = new QCheckBox(policyName(p));
        box->setObjectName(QStringLiteral("policy-") + policyName(p));
        box->setChecked(p == PlacementPolicy::BestFit || p == PlacementPolicy::Fgd);
        box->setStyleSheet(QStringLiteral("QCheckBox { color: %1; font-weight: 600; }").arg(policyColour(p).darker(115).name()));
        connect(box, &QCheckBox::toggled, this, [this, box](bool on) {
            if (!on && policies().empty()) { // one policy at least
                box->setChecked(true);
                return;
            }
            scheduleRun();
        });
        policyBoxes_.emplace_back(p, box);
        h->addWidget(box);
    }
    h->addSpacing(12);
    h->addWidget(new QLabel(tr("Inflate")));
    inflate_ = new QDoubleSpinBox;
    inflate_->setObjectName(QStringLiteral("inflate"));
    inflate_->setRange(0.1, 5.0);
    inflate_->setSingleStep(0.1);
    inflate_->setDecimals(2);
    inflate_->setValue(1.3);
    inflate_->setToolTip(tr("Pods arrive until their GPU request reaches this many times the cluster's GPU capacity"));
    h->addWidget(inflate_);
    h->addWidget(new QLabel(tr("Seed")));
    firstSeed_ = new QSpinBox;
    firstSeed_->setRange(0, 1'000'000);
    firstSeed_->setValue(42);
    h->addWidget(firstSeed_);
    h->addWidget(new QLabel(tr("Seeds")));
    seeds_ = new QSpinBox;
    seeds_->setRange(1, 100);
    seeds_->setValue(1);
    seeds_->setToolTip(tr("The curves are the mean over this many seeds; the map plays the first"));
    h->addWidget(seeds_);
    shuffleNodes_ = new QCheckBox(tr("Shuffle nodes"));
    shuffleNodes_->setObjectName(QStringLiteral("shuffle-nodes"));
    shuffleNodes_->setToolTip(tr("Try the servers in a random order drawn from each seed, as the FGD artifact does, "
                                 "instead of the cluster file's order (first-fit and fgd-first take the first that fits)"));
    h->addWidget(shuffleNodes_);
    connect(shuffleNodes_, &QCheckBox::toggled, this, &PackingPage::scheduleRun);
    connect(inflate_, &QDoubleSpinBox::valueChanged, this, &PackingPage::scheduleRun);
    connect(firstSeed_, &QSpinBox::valueChanged, this, &PackingPage::scheduleRun);
    connect(seeds_, &QSpinBox::valueChanged, this, &PackingPage::scheduleRun);
    progressBar_ = new QProgressBar;
    progressBar_->setRange(0, 100);
    progressBar_->setMaximumWidth(120);
    progressBar_->hide();
    h->addWidget(progressBar_);
    status_ = new QLabel;
    status_->setObjectName(QStringLiteral("packingStatus"));
    status_->setStyleSheet(QStringLiteral("color: #4a5360;"));
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long status never widens the window
    status_->setMinimumWidth(120);
    h->addWidget(status_, 1);
    export_ = makePageExportButton(tr("Curves (CSV)…"), this, [this](bool csv) { chooseExport(csv); });
    h->addWidget(export_);
    return row;
}

QWidget* PackingPage::buildMaps()
{
    auto* column = new QWidget;
    auto* v = new QVBoxLayout(column);
    v->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Colour the maps by")));
    colourBy_ = new QComboBox;
    for (const auto mode : {ColorMode::State, ColorMode::Tenant, ColorMode::CpuReserved, ColorMode::MemoryReserved})
        colourBy_->addItem(toDisplayString(mode), static_cast<int>(mode));
    connect(colourBy_, &QComboBox::currentIndexChanged, this, [this](int i) {
        for (auto* panel : maps_)
            panel->setColorMode(static_cast<ColorMode>(colourBy_->itemData(i).toInt()));
    });
    top->addWidget(colourBy_);
    auto* stranded = new QLabel(tr("Striped red: free GPU capacity on a server out of CPU or memory (stranded)."));
    stranded->setStyleSheet(QStringLiteral("color: #4a5360;"));
    top->addWidget(stranded, 1);
    v->addLayout(top);
    auto* row = new QSplitter(Qt::Horizontal);
    for (auto*& panel : maps_) {
        panel = new PackingMapPanel;
        row->addWidget(panel);
    }
    v->addWidget(row, 1);
    auto* scrub = new QHBoxLayout;
    play_ = new QToolButton;
    play_->setText(tr("Play"));
    play_->setCheckable(true);
    connect(play_, &QToolButton::toggled, this, [this](bool on) {
        if (on && slider_->value() >= slider_->maximum())
            slider_->setValue(0);
        on ? playTimer_->start() : playTimer_->stop();
        play_->setText(on ? tr("Pause") : tr("Play"));
    });
    scrub->addWidget(play_);
    scrub->addWidget(new QLabel(tr("Arrived")));
    slider_ = new QSlider(Qt::Horizontal);
    slider_->setObjectName(QStringLiteral("arrivedSlider"));
    slider_->setRange(0, 130);
    slider_->setValue(100);
    slider_->setToolTip(tr("% of the cluster's GPU capacity arrived"));
    connect(slider_, &QSlider::valueChanged, this, [this](int pct) {
        chart_->setCursor(pct);
        refreshMap();
    });
    scrub->addWidget(slider_, 1);
    v->addLayout(scrub);
    return column;
}

void PackingPage::setInputs(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace)
{
    cluster_ = std::move(cluster);
    trace_ = std::move(trace);
    for (auto* panel : maps_)
        panel->setCluster(cluster_, trace_);
    cells_.clear();
    chart_->setSeries({});
    run();
}

void PackingPage::setPolicies(const std::vector<PlacementPolicy>& policies)
{
    for (const auto& [p, box] : policyBoxes_) {
        const QSignalBlocker block(box);
        box->setChecked(std::find(policies.begin(), policies.end(), p) != policies.end());
    }
    scheduleRun();
}

std::vector<PlacementPolicy> PackingPage::policies() const
{
    std::vector<PlacementPolicy> out;
    for (const auto& [p, box] : policyBoxes_)
        if (box->isChecked())
            out.push_back(p);
    return out;
}

void PackingPage::setInflate(double inflate) { inflate_->setValue(inflate); }

void PackingPage::setSeeds(int first, int count)
{
    firstSeed_->setValue(first);
    seeds_->setValue(count);
}

void PackingPage::setArrivedPct(int pct) { slider_->setValue(pct); }
int PackingPage::arrivedPct() const { return slider_->value(); }

void PackingPage::showOnMap(int which, PlacementPolicy policy) { maps_[which]->showPolicy(policy); }

HeatmapWidget* PackingPage::map(int which) const { return maps_[which]->map(); }
QString PackingPage::mapCaption(int which) const { return maps_[which]->caption(); }
bool PackingPage::secondMapShown() const { return maps_[1]->isVisibleTo(const_cast<PackingPage*>(this)); }

bool PackingPage::busy() const { return runner_->busy() || debounce_->isActive(); }
QString PackingPage::statusText() const { return status_->text(); }

void PackingPage::scheduleRun()
{
    if (cluster_ && trace_)
        debounce_->start();
}

void PackingPage::run()
{
    debounce_->stop();
    if (!cluster_ || !trace_)
        return;
    if (cluster_->gpuCount() == 0) {
        runner_->cancel();
        status_->setText(tr("The cluster has no GPU: nothing to pack."));
        return;
    }
    PackGrid grid;
    grid.placements = policies();
    grid.inflates = {inflate_->value()};
    grid.firstSeed = static_cast<std::uint64_t>(firstSeed_->value());
    grid.seeds = seeds_->value();
    grid.nodeOrder = shuffleNodes_->isChecked() ? NodeOrder::Shuffled : NodeOrder::File;
    grid.keepFirstRuns = true;
    progress_->store(0);
    progressBar_->setValue(0);
    progressBar_->show();
    progressTimer_->start();
    const int experiments = static_cast<int>(grid.placements.size()) * grid.seeds;
    status_->setText(experiments == 1 ? tr("Packing… 1 experiment") : tr("Packing… %1 experiments").arg(experiments));
    const auto cluster = cluster_;
    const auto trace = trace_;
    const auto progress = progress_;
    runner_->run<std::shared_ptr<const Outcome>>(
        [cluster, trace, grid, progress](const analysis::LatestTaskRunner::StaleFn& stale) {
            auto out = std::make_shared<Outcome>();
            const auto t0 = std::chrono::steady_clock::now();
            try {
                const auto pods = packingTrace(*trace);
                out->cells = runPackingGrid(*cluster, pods, grid, 0, [&](std::size_t done, std::size_t total) {
                    progress->store(static_cast<int>(100 * done / std::max<std::size_t>(1, total)));
                    return !stale();
                });
                for (const auto& cell : out->cells)
                    if (!cell.ok && out->error.isEmpty())
                        out->error = QString::fromStdString(cell.error);
                if (!out->cells.empty() && out->cells.front().firstRun)
                    out->pods = out->cells.front().firstRun->steps.size();
            } catch (const std::exception& e) { // nothing crosses the thread boundary as an exception
                out->error = QString::fromStdString(e.what());
            }
            out->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            return std::shared_ptr<const Outcome>(out);
        },
        [this](std::shared_ptr<const Outcome> outcome) { onOutcome(std::move(outcome)); },
        [this](const QString& error) {
            auto failed = std::make_shared<Outcome>();
            failed->error = error;
            onOutcome(std::move(failed));
        });
}

void PackingPage::onOutcome(std::shared_ptr<const Outcome> outcome)
{
    progressTimer_->stop();
    progressBar_->hide();
    if (!outcome || !outcome->error.isEmpty()) {
        const auto message = outcome ? outcome->error : tr("the experiment failed");
        status_->setText(tr("Packing failed: %1").arg(message));
        emit failed(message);
        return;
    }
    cells_ = outcome->cells;
    if (cells_.empty())
        return;
    std::vector<PackingChart::Series> series;
    int maxPct = 100;
    for (const auto& cell : cells_) {
        series.push_back({policyName(cell.placement), policyColour(cell.placement), cell.curve});
        if (!cell.curve.empty())
            maxPct = std::max(maxPct, cell.curve.back().arrivedPct);
    }
    // Left: the first policy, right: the last (best-fit against fgd at first).
    maps_[0]->setCells(&cells_, cells_.front().placement);
    maps_[1]->setCells(&cells_, cells_.back().placement);
    maps_[1]->setVisible(cells_.size() > 1);
    chart_->setSeries(series);
    slider_->setMaximum(maxPct);
    chart_->setCursor(slider_->value());
    const QLocale locale;
    const QString seeds = seeds_->value() == 1 ? tr("1 seed") : tr("%1 seeds").arg(seeds_->value());
    runSummary_ = tr("%1 pods arrive on %2 GPUs (inflate %3), %4 from %5: %6 s")
                      .arg(locale.toString(static_cast<qulonglong>(outcome->pods)), locale.toString(cluster_->gpuCount()))
                      .arg(inflate_->value())
                      .arg(seeds)
                      .arg(firstSeed_->value())
                      .arg(outcome->seconds, 0, 'f', 2);
    status_->setText(runSummary_);
    refreshMap();
    emit resultsReady();
}

void PackingPage::refreshMap()
{
    for (auto* panel : maps_)
        panel->showArrived(slider_->value(), static_cast<std::uint64_t>(firstSeed_->value()));
}

void PackingPage::stepPlayback()
{
    if (slider_->value() >= slider_->maximum()) {
        play_->setChecked(false);
        return;
    }
    slider_->setValue(slider_->value() + 1);
}

QString PackingPage::exportChart(const QString& path, QSize size) { return exportPlot(*chart_, path, size); }

QString PackingPage::exportChart(const QString& path, const ChartExportOptions& options)
{
    const auto error = exportPlot(*chart_, path, options.size, chartFrame(options, {runSummary_}));
    if (error.isEmpty())
        status_->setText(tr("Exported to %1").arg(path));
    return error;
}

QString PackingPage::exportCurves(const QString& path) const
{
    if (cells_.empty())
        return tr("There are no curves to export yet.");
    std::ostringstream text;
    writePackingCurveCsv(text, cells_);
    return saveTextAtomically(path, text.str());
}

void PackingPage::chooseExport(bool csv)
{
    const auto error = runPageExport(
        this, csv,
        {tr("Export the curves"), [this](const QString& path) { return exportCurves(path); }, QStringLiteral("packing.png"),
         ChartExportOptions::titled(tr("GPUs allocated as pods arrive, by placement policy"), QSize(1200, 750)),
         [this](const QString& path, const ChartExportOptions& options) { return exportChart(path, options); }},
        status_);
    if (!error.isEmpty())
        emit failed(error);
}

} // namespace clens::ui
