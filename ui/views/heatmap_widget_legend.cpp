// The legend above the map: what each colour means now, with counts; shared GPUs, stranded
// GPUs, servers without GPUs and the CPU/memory bars explained in the GPU modes; the scale of the server modes and which servers'
// capacity is unknown; the used / reserved gauge; servers powered off or booting in every mode.
#include "ui/views/heatmap_widget.hpp"
#include "ui/views/power_cell.hpp"

#include <QLocale>

#include <algorithm>
#include <array>
#include <map>

namespace clens::ui {

std::vector<LegendEntry> HeatmapWidget::legend() const
{
    std::vector<LegendEntry> out;
    const QLocale locale;
    std::array<std::int64_t, 4> counts{};
    for (auto s : state_.gpu)
        ++counts[static_cast<std::size_t>(s)];
    if (state_.gpu.empty() && topology_) // no result yet: the cluster is idle
        counts[static_cast<std::size_t>(GpuState::Idle)] = topology_->gpuCount();
    const auto count = [&](GpuState s) { return locale.toString(counts[static_cast<std::size_t>(s)]); };
    switch (mode_) {
    case ColorMode::State:
        out.push_back({palette::busy(), tr("Busy %1").arg(count(GpuState::Busy))});
        out.push_back({palette::heldIdle(), tr("Held idle %1").arg(count(GpuState::HeldIdle))});
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        out.push_back({palette::failed(), tr("Failed %1").arg(count(GpuState::Failed))});
        break;
    case ColorMode::Tenant: {
        std::map<std::int32_t, std::int64_t> byVc;
        if (trace_)
            for (std::size_t g = 0; g < state_.job.size(); ++g) {
                const auto job = state_.job[g];
                if (job >= 0 && static_cast<std::size_t>(job) < trace_->jobs.size() && state_.gpu[g] != GpuState::Failed)
                    ++byVc[trace_->jobs[static_cast<std::size_t>(job)].tenant];
            }
        std::vector<std::pair<std::int32_t, std::int64_t>> sorted(byVc.begin(), byVc.end());
        std::stable_sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) { return a.second > b.second; });
        for (const auto& [vc, n] : sorted) {
            const QString name = trace_ && static_cast<std::size_t>(vc) < trace_->tenants.size()
                                     ? QString::fromStdString(trace_->tenants[static_cast<std::size_t>(vc)].name)
                                     : tr("VC %1").arg(vc);
            out.push_back({palette::tenant(vc), QStringLiteral("%1 %2").arg(name, locale.toString(n))});
        }
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        break;
    }
    case ColorMode::Job: {
        std::vector<std::int32_t> jobs;
        for (auto j : state_.job)
            if (j >= 0)
                jobs.push_back(j);
        std::sort(jobs.begin(), jobs.end());
        const auto running = std::unique(jobs.begin(), jobs.end()) - jobs.begin();
        out.push_back({palette::job(0), tr("One colour per job: %1 jobs on GPUs").arg(locale.toString(static_cast<qint64>(running)))});
        out.push_back({palette::idle(), tr("Idle %1").arg(count(GpuState::Idle))});
        break;
    }
    case ColorMode::Utilization:
        for (int pct : {0, 25, 50, 75, 100})
            out.push_back({palette::utilization(static_cast<float>(pct) / 100.0f), QStringLiteral("%1%").arg(pct)});
        out.push_back({palette::idle(), tr("Idle")});
        break;
    case ColorMode::CpuReserved:
    case ColorMode::MemoryReserved:
        legendForServers(out);
        break;
    case ColorMode::CpuUsed:
    case ColorMode::MemoryUsed:
        legendForUse(out);
        break;
    }
    if (!isServerMode(mode_))
        legendForGpuModes(out);
    legendForPower(out);
    if (counts[static_cast<std::size_t>(GpuState::Failed)] > 0 && mode_ != ColorMode::State)
        out.push_back({palette::failed(), tr("Failed %1").arg(count(GpuState::Failed))});
    return out;
}

void HeatmapWidget::legendForServers(std::vector<LegendEntry>& out) const
{
    const bool memory = mode_ == ColorMode::MemoryReserved;
    out.push_back({QColor(), memory ? tr("Each server by its memory reserved:") : tr("Each server by its CPU cores reserved:")});
    for (int pct : {0, 25, 50, 75, 100})
        out.push_back({palette::reserved(pct / 100.0), QStringLiteral("%1%").arg(pct)});
    std::int64_t unknown = 0, full = 0;
    const auto servers = topology_ ? topology_->serverCount() : 0;
    for (std::int32_t s = 0; s < servers; ++s) {
        const auto f = reservedFraction(s, mode_);
        unknown += f ? 0 : 1;
        full += f && *f >= 0.995 ? 1 : 0;
    }
    const QLocale locale;
    const auto servers_ = [&](std::int64_t n) { return n == 1 ? tr("1 server") : tr("%1 servers").arg(locale.toString(n)); };
    if (full > 0)
        out.push_back({QColor(), tr("full now: %1 of %2").arg(servers_(full), locale.toString(servers))});
    if (unknown > 0)
        out.push_back({palette::unknownCapacity(),
                       (memory ? tr("Memory unknown: %1 (not in the cluster file; set Resources → Server memory)")
                               : tr("CPU unknown: %1 (not in the cluster file; set Resources → Server CPU cores)"))
                           .arg(servers_(unknown))});
}

void HeatmapWidget::legendForGpuModes(std::vector<LegendEntry>& out) const
{
    std::int64_t shared = 0, several = 0, jobsOnShares = 0;
    for (std::size_t g = 0; g < marks_.size(); ++g)
        if (fills_[g] < 1000 || marks_[g]) {
            ++shared;
            several += marks_[g];
            jobsOnShares += g < state_.sharers.size() ? state_.sharers[g] : 0;
        }
    const auto strandedGpus = std::count(stranded_.begin(), stranded_.end(), std::uint8_t{1});
    std::int64_t cpuOnly = 0;
    if (topology_)
        for (const auto& s : topology_->servers())
            cpuOnly += s.gpus == 0 ? 1 : 0;
    const QLocale locale;
    if (shared > 0) {
        out.push_back({palette::busy(), tr("Shared GPU, filled part in use %1 (%2 jobs)")
                                            .arg(locale.toString(shared), locale.toString(jobsOnShares)),
                       450});
        if (several > 0)
            out.push_back({palette::busy(), tr("2+ jobs on one GPU %1").arg(locale.toString(several)), 800, true});
    }
    if (strandedGpus > 0)
        out.push_back({palette::idle(),
                       tr("Stranded: free, but server CPU or memory ≥ %1% reserved %2")
                           .arg(qRound(kStrandedAt * 100))
                           .arg(locale.toString(static_cast<qint64>(strandedGpus))),
                       1000, false, false, true});
    if (cpuOnly > 0)
        out.push_back({palette::cpuOnlyServer(), tr("No GPU, filled part = CPU reserved %1").arg(locale.toString(cpuOnly)),
                       400, false, true});
    if (showsGauges())
        out.push_back({palette::reserved(0.75), tr("Bars under a server's name: its CPU, memory reserved"), 1000, false, false,
                       false, true});
}

} // namespace clens::ui

namespace clens::ui {

void HeatmapWidget::legendForUse(std::vector<LegendEntry>& out) const
{
    const ColorMode resource = reservedModeOf(mode_);
    const bool memory = resource == ColorMode::MemoryReserved;
    out.push_back({QColor(), memory ? tr("Each cell: its server's memory, filled to the part reserved:")
                                    : tr("Each cell: its server's CPU cores, filled to the part reserved:")});
    out.push_back({palette::used(), tr("used")});
    out.push_back({palette::reservedUnused(), tr("reserved, not used")});
    std::int64_t unknown = 0, above = 0;
    const auto servers = topology_ ? topology_->serverCount() : 0;
    for (std::int32_t s = 0; s < servers; ++s) {
        const auto r = reservedFraction(s, resource);
        const auto u = usedFraction(s, resource);
        unknown += r ? 0 : 1;
        above += r && u && *u > *r + 1e-6 && powerOfServer(s) == kPoweredOn ? 1 : 0;
    }
    const QLocale locale;
    if (memory || above > 0)
        out.push_back({palette::usedAboveReserved(), above > 0 ? tr("used above reserved (OOM kills), servers %1").arg(locale.toString(above))
                                                               : tr("used above reserved (OOM kills)")});
    out.push_back({palette::idle(), tr("free")});
    if (unknown > 0)
        out.push_back({palette::unknownCapacity(),
                       (memory ? tr("Memory unknown: %1 servers (set Resources → Server memory)")
                               : tr("CPU unknown: %1 servers (set Resources → Server CPU cores)"))
                           .arg(locale.toString(unknown))});
}

void HeatmapWidget::legendForPower(std::vector<LegendEntry>& out) const
{
    std::int64_t off = 0, booting = 0;
    for (const auto p : state_.serverPower) {
        off += p == kPoweredOff ? 1 : 0;
        booting += p == kBooting ? 1 : 0;
    }
    const bool powerModelled = snapshot_ && snapshot_->result && snapshot_->result->scenario.power.enabled;
    if (!powerModelled && off == 0 && booting == 0)
        return;
    const QLocale locale;
    LegendEntry offEntry{palette::poweredOff(), tr("Servers powered off %1").arg(locale.toString(off))};
    offEntry.power = kPoweredOff;
    out.push_back(offEntry);
    LegendEntry bootEntry{palette::poweredOff(), tr("Servers booting %1").arg(locale.toString(booting))};
    bootEntry.power = kBooting;
    out.push_back(bootEntry);
}

} // namespace clens::ui
