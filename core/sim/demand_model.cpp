#include "core/sim/demand_model.hpp"

#include "core/phases/phase_stats.hpp"
#include "core/phases/step_durations.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace clens {

namespace {

constexpr double kBytesPerMib = 1024.0 * 1024.0;
constexpr double kMinStep_s = 1.0; // a step of a single-row container would last 0 s

std::vector<std::pair<double, int>> cumulative(const std::vector<double>& weights)
{
    double total = 0;
    for (const auto w : weights)
        total += w;
    std::vector<std::pair<double, int>> cdf;
    double acc = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (weights[i] > 0) {
            acc += weights[i];
            cdf.emplace_back(acc / total, static_cast<int>(i));
        }
    if (!cdf.empty())
        cdf.back().first = 1.0;
    return cdf;
}

} // namespace

DemandProfile buildDemandProfile(const ContainerMetrics& metrics, const PhaseModel* model)
{
    const auto cpuCol = metrics.requireColumn("cpu.usage.cores");
    const auto memCol = metrics.requireColumn("mem.working.set");
    if (metrics.totalRows() == 0)
        throw InputError(metrics.source, 0, "", "the container metrics have no row");
    std::optional<PhaseAssignment> phases;
    if (model)
        phases = assignPhases(*model, metrics);

    DemandProfile p;
    const int k = model ? model->k() : 0;
    p.phases.resize(static_cast<std::size_t>(k));
    std::vector<double> starts(static_cast<std::size_t>(k), 0.0), steps(static_cast<std::size_t>(k), 0.0);
    std::vector<std::vector<double>> moves(static_cast<std::size_t>(k), std::vector<double>(static_cast<std::size_t>(k), 0.0));
    for (std::size_t c = 0; c < metrics.containers.size(); ++c) {
        const auto& s = metrics.containers[c];
        const auto durations = stepDurations(s);
        DemandProfile::Container out;
        int last = -1;
        for (std::size_t r = 0; r < s.rows(); ++r) {
            DemandStep step;
            step.duration_s = std::max(kMinStep_s, durations[r]);
            step.cpu = std::max(0.0, metrics.value(s, r, cpuCol));
            step.mem = std::max(0.0, metrics.value(s, r, memCol) / kBytesPerMib);
            step.phase = phases ? phases->containers[c].labels[r] : -1;
            out.steps.push_back(step);
            if (step.phase < 0)
                continue;
            auto& ph = p.phases[static_cast<std::size_t>(step.phase)];
            ph.seen = true;
            ph.meanDwell_s += step.duration_s; // a sum until divided below
            ++steps[static_cast<std::size_t>(step.phase)];
            if (last < 0)
                starts[static_cast<std::size_t>(step.phase)] += 1;
            else
                moves[static_cast<std::size_t>(last)][static_cast<std::size_t>(step.phase)] += 1;
            last = step.phase;
        }
        p.containers.push_back(std::move(out));
    }
    if (model) {
        // The phase's CPU and memory statistics: the model's own, else those of the data.
        auto stats = model->phaseStats;
        if (stats.empty())
            stats = computePhaseStats(metrics, *phases);
        for (std::size_t ph = 0; ph < p.phases.size() && ph < stats.size(); ++ph) {
            const auto cpu = stats[ph].columns.find("cpu.usage.cores"), mem = stats[ph].columns.find("mem.working.set");
            if (cpu != stats[ph].columns.end()) {
                p.phases[ph].cpuMean = cpu->second.mean;
                p.phases[ph].cpuSd = cpu->second.std;
            }
            if (mem != stats[ph].columns.end()) {
                p.phases[ph].memMean = mem->second.mean / kBytesPerMib;
                p.phases[ph].memSd = mem->second.std / kBytesPerMib;
            }
        }
        for (std::size_t ph = 0; ph < p.phases.size(); ++ph) {
            auto& phase = p.phases[ph];
            if (steps[ph] > 0)
                phase.meanDwell_s /= steps[ph];
            double moved = 0;
            for (const auto w : moves[ph])
                moved += w;
            const double stay = moved > 0 ? moves[ph][ph] / moved : 1.0;
            phase.stepsPerExp = stepsPerExpOf(stay);
            moves[ph][ph] = 0;
            phase.leave = cumulative(moves[ph]);
        }
        p.start = cumulative(starts);
    }
    return p;
}

PhaseWalkTable::PhaseWalkTable(const DemandProfile& profile)
{
    rows.resize(profile.phases.size());
    for (std::size_t p = 0; p < profile.phases.size(); ++p) {
        const auto& ph = profile.phases[p];
        auto& row = rows[p];
        row.dwell_s = ph.meanDwell_s;
        row.stepsPerExp = ph.stepsPerExp;
        row.neverLeft = ph.stepsPerExp == HUGE_VAL;
        row.cpuMean = ph.cpuMean;
        row.cpuSd = ph.cpuSd;
        row.memMean = ph.memMean;
        row.memSd = ph.memSd;
        if (ph.leave.size() > kInlineLeave) {
            row.leave = -1;
            continue;
        }
        row.leave = static_cast<std::int32_t>(ph.leave.size());
        for (std::size_t i = 0; i < ph.leave.size(); ++i) {
            row.to[i] = ph.leave[i].second;
            if (i + 1 < ph.leave.size())
                row.cut[i] = static_cast<std::uint64_t>(std::ceil(ph.leave[i].first * 0x1.0p32));
        }
    }
}

DemandWalk::DemandWalk(const DemandProfile& profile, DemandSource source, std::uint64_t seed, std::int32_t job)
    : profile_(&profile), source_(source)
{
    if (source_ == DemandSource::Metrics) {
        container_ = static_cast<std::uint32_t>(static_cast<std::size_t>(job) % profile.containers.size());
        return;
    }
    // Seeded by (seed, job row): the first output of SplitMix64 started at seed + job x its step,
    // so neighbouring rows get unrelated streams.
    rng_ = SplitMix64(SplitMix64(seed + 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(job))());
    phase_ = profile.start.empty() ? -1 : drawFrom(profile.start, static_cast<std::uint32_t>(rng_() >> 32));
}

} // namespace clens
