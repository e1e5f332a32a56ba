#include "ui/sweep/sweep_knobs.hpp"

#include <QCoreApplication>

namespace clens::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("SweepKnobs", text); }
} // namespace

const std::vector<SweepKnob>& sweepKnobs()
{
    static const std::vector<SweepKnob> knobs{
        {"locality.relax_to_rack_after_s", tr("Relax to rack after (s)"), "0, 300, 600, null"},
        {"locality.relax_to_any_after_s", tr("Relax to any server after (s)"), "0, 600, 1800, null"},
        {"locality.rack_size", tr("Rack size (servers)"), "4, 8, 16"},
        {"gang.policy", tr("Gang policy"), "strict, elastic, none"},
        {"gang.min_fraction", tr("Elastic minimum fraction"), "0.25..1 step 0.25"},
        {"gang.elastic_after_s", tr("Elastic start after (s)"), "0, 600, 1800"},
        {"quota.mode", tr("Quota mode"), "none, strict, borrow, borrow-preempt"},
        {"placement", tr("Placement"), "best-fit, first-fit, spread, fgd"},
        {"backfill", tr("Backfill"), "none, greedy"},
        {"queue.policy", tr("Queue policy"), "fifo, sjf, qssf, las, fair-share"},
        {"queue.starvation_factor", tr("Starvation factor"), "0, 2, 4"},
        {"queue.preempt_overhead_s", tr("Preemption overhead (s)"), "0, 30, 120"},
        {"slowdown.per_extra_server", tr("Slowdown per extra server"), "0..0.3 step 0.1"},
        {"slowdown.cross_rack", tr("Cross-rack slowdown"), "0..0.4 step 0.1"},
        {"failures.server_mtbf_h", tr("Server MTBF (h)"), "0, 1000, 5000"},
        {"failures.repair_h", tr("Repair time (h)"), "1, 4, 12"},
        {"failures.checkpoint_s", tr("Checkpoint every (s)"), "0, 600, 3600"},
        {"autoscaler.usage", tr("Autoscaler demand"), "none, metrics, phases"},
        {"autoscaler.policy", tr("Autoscaler policy"), "request, prev.step.max, prev.step.rules, phase.rule"},
        {"autoscaler.interval_s", tr("Autoscaler interval (s)"), "60, 300, 900"},
        {"autoscaler.sigma", tr("Autoscaler sigma"), "1..3 step 0.5"},
        {"autoscaler.headroom", tr("Autoscaler headroom"), "0, 0.1, 0.2"},
        {"power.enabled", tr("Node power"), "false, true"},
        {"power.idle_off_after_s", tr("Power off idle servers after (s)"), "300, 1800, 3600"},
        {"power.spare_servers", tr("Spare powered servers"), "0, 2, 8"},
        {"power.boot_s", tr("Boot time (s)"), "60, 300, 600"},
        {"arrivals.speedup", tr("Arrival speed-up"), "1, 1.5, 2"},
        {"seed", tr("Seed"), "1..5 step 1"},
    };
    return knobs;
}

const SweepKnob* sweepKnob(const QString& key)
{
    for (const auto& k : sweepKnobs())
        if (k.key == key)
            return &k;
    return nullptr;
}

QString sweepKnobLabel(const QString& key)
{
    const auto* k = sweepKnob(key);
    return k ? k->label : key;
}

} // namespace clens::ui
