#include "ui/pack/packing_map_panel.hpp"

#include "core/pack/packing_state.hpp"
#include "ui/pack/policy_style.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/legend_widget.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <cmath>

namespace clens::ui {

PackingMapPanel::PackingMapPanel(QWidget* parent)
    : QWidget(parent)
    , policy_(new QComboBox)
    , map_(new HeatmapWidget)
    , legend_(new LegendWidget)
    , caption_(new QLabel)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Policy")));
    policy_->setObjectName(QStringLiteral("mapPolicy"));
    top->addWidget(policy_);
    top->addStretch(1);
    v->addLayout(top);
    map_->setObjectName(QStringLiteral("packingMap"));
    v->addWidget(map_, 1);
    connect(map_, &HeatmapWidget::legendChanged, this, [this] { legend_->setEntries(map_->legend()); });
    v->addWidget(legend_);
    caption_->setObjectName(QStringLiteral("mapCaption"));
    caption_->setWordWrap(true);
    caption_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    v->addWidget(caption_);
    connect(policy_, &QComboBox::currentIndexChanged, this, &PackingMapPanel::refresh);
}

void PackingMapPanel::setCluster(std::shared_ptr<const Topology> cluster, std::shared_ptr<const Trace> trace)
{
    cluster_ = cluster;
    map_->setCluster(std::move(cluster), std::move(trace));
    map_->setSnapshot(nullptr);
    cells_ = nullptr;
    const QSignalBlocker block(policy_);
    policy_->clear();
    caption_->clear();
}

void PackingMapPanel::setCells(const std::vector<PackGridCell>* cells, PlacementPolicy preferred)
{
    const auto previous = policy_->currentText();
    cells_ = cells;
    const QSignalBlocker block(policy_);
    policy_->clear();
    for (std::size_t i = 0; cells && i < cells->size(); ++i)
        policy_->addItem(policyName((*cells)[i].placement), static_cast<int>(i));
    int pick = policy_->findText(previous); // the user's pick stays while it is a result
    if (pick < 0)
        pick = policy_->findText(policyName(preferred));
    policy_->setCurrentIndex(std::max(0, pick));
    refresh();
}

void PackingMapPanel::showPolicy(PlacementPolicy policy)
{
    const int i = policy_->findText(policyName(policy));
    if (i >= 0)
        policy_->setCurrentIndex(i);
}

void PackingMapPanel::showArrived(int pct, std::uint64_t seed)
{
    pct_ = pct;
    seed_ = seed;
    refresh();
}

void PackingMapPanel::setColorMode(ColorMode mode) { map_->setColorMode(mode); }

const PackGridCell* PackingMapPanel::cell() const
{
    const int i = policy_->currentIndex() < 0 ? -1 : policy_->currentData().toInt();
    if (!cells_ || i < 0 || i >= static_cast<int>(cells_->size()) || !(*cells_)[static_cast<std::size_t>(i)].firstRun)
        return nullptr;
    return &(*cells_)[static_cast<std::size_t>(i)];
}

QString PackingMapPanel::caption() const { return caption_->text(); }

void PackingMapPanel::refresh()
{
    const auto* c = cell();
    if (!c || !cluster_) {
        caption_->clear();
        return;
    }
    const auto& run = *c->firstRun;
    const auto n = arrivalsUpToPct(run, pct_);
    ClusterState state;
    packingStateAt(run, *cluster_, n, state);
    map_->setState(state);
    if (n == 0) {
        caption_->setText(tr("%1, seed %2: no pod has arrived yet.").arg(policyName(c->placement)).arg(seed_));
        return;
    }
    const QLocale locale;
    const auto& s = run.steps[n - 1];
    const auto cap = static_cast<double>(run.capacityMilli);
    caption_->setText(tr("<b>%1</b>, seed %2, after %3 pods (%4% of the GPU capacity arrived): <b>%5%</b> allocated, "
                         "%6% fragmented, %7 pods failed.")
                          .arg(policyName(c->placement))
                          .arg(seed_)
                          .arg(locale.toString(static_cast<qulonglong>(n)))
                          .arg(std::lround(100.0 * static_cast<double>(s.arrivedMilli) / cap))
                          .arg(100.0 * static_cast<double>(s.allocatedMilli) / cap, 0, 'f', 1)
                          .arg(100.0 * s.fragmentedMilli / cap, 0, 'f', 1)
                          .arg(locale.toString(s.failed)));
}

} // namespace clens::ui
