// The inspector's row for the queue policy's key a job last waited under
// (docs/queue-policies.md "The queue key").
#include "ui/time/time_format.hpp"
#include "ui/views/inspector_panel.hpp"

#include <QLocale>

#include <cmath>

namespace clens::ui {

QString InspectorPanel::queueText(const SimResult& result, std::int32_t job)
{
    if (job < 0 || static_cast<std::size_t>(job) >= result.jobs.size())
        return {};
    const double key = result.jobs[static_cast<std::size_t>(job)].queueKey;
    if (!std::isfinite(key))
        return {};
    const QLocale locale;
    const auto seconds = [](double s) { return TimeFormat::duration(std::llround(std::max(0.0, s))); };
    const auto& queue = result.scenario.queue;
    switch (queue.policy) {
    case QueuePolicyKind::Fifo:
    case QueuePolicyKind::FairShare:
        return {}; // submission order: nothing the other rows do not say
    case QueuePolicyKind::Sjf:
        return tr("shortest first: ranked by its <b>%1</b> of service").arg(seconds(key));
    case QueuePolicyKind::Srtf:
        return tr("shortest remaining first: ranked by its <b>%1</b> of remaining service").arg(seconds(key));
    case QueuePolicyKind::Qssf:
        return tr("smallest predicted first: ranked by <b>%1</b> predicted GPU-hours").arg(locale.toString(key / 3600.0, 'f', 1));
    case QueuePolicyKind::Las: {
        const auto& thresholds = queue.lasThresholdsGpuS;
        const auto q = static_cast<std::size_t>(std::max(0.0, key));
        QString text = tr("<b>queue %1</b> of 0–%2").arg(q).arg(thresholds.size());
        if (q > 0 && q <= thresholds.size())
            text += tr(" (attained ≥ %1 GPU-s)").arg(locale.toString(thresholds[q - 1], 'f', 0));
        return text;
    }
    }
    return {};
}

} // namespace clens::ui
