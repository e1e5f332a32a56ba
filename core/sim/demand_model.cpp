#include "core/sim/demand_model.hpp"

#include "core/phases/phase_stats.hpp"
#include "core/phases/step_durations.hpp"
#include "core/util/input_error.hpp"

#include <boost/random/normal_distribution.hpp>

#include <algorithm>
#include <cmath>

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
    std::vector<double> starts(static_cast<std::size_t>(k), 0.0);
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
            ph.dwells_s.push_back(step.duration_s);
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
            p.phases[ph].next = cumulative(moves[ph]);
        }
        p.start = cumulative(starts);
    }
    return p;
}

DemandWalk::DemandWalk(const DemandProfile& profile, DemandSource source, std::uint64_t seed, std::int32_t job)
    : profile_(&profile), source_(source)
{
    if (source_ == DemandSource::Metrics) {
        container_ = static_cast<std::size_t>(job) % profile.containers.size();
        return;
    }
    // mt19937_64 seeded by (seed, job row), mixed into one 64-bit seed (splitmix64's finaliser):
    // an attempt starts a walk, so seeding must be cheap.
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (static_cast<std::uint64_t>(job) + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    rng_ = std::make_unique<boost::random::mt19937_64>(z ^ (z >> 31));
    phase_ = profile.start.empty() ? -1 : draw(profile.start);
}

double DemandWalk::uniform() { return static_cast<double>((*rng_)() >> 11) * 0x1.0p-53; }

int DemandWalk::draw(const std::vector<std::pair<double, int>>& cdf)
{
    const double u = uniform();
    const auto it = std::upper_bound(cdf.begin(), cdf.end(), u, [](double v, const auto& e) { return v < e.first; });
    return it == cdf.end() ? cdf.back().second : it->second;
}

DemandStep DemandWalk::next()
{
    if (source_ == DemandSource::Metrics) {
        const auto& steps = profile_->containers[container_].steps;
        const auto step = steps[row_];
        row_ = (row_ + 1) % steps.size();
        return step;
    }
    DemandStep step;
    if (phase_ < 0) { // a model whose data never showed a phase: nothing is used
        step.duration_s = 3600;
        return step;
    }
    const auto& ph = profile_->phases[static_cast<std::size_t>(phase_)];
    step.phase = phase_;
    step.duration_s = ph.dwells_s[static_cast<std::size_t>(uniform() * static_cast<double>(ph.dwells_s.size()))];
    const double z = boost::random::normal_distribution<double>(0.0, 1.0)(*rng_);
    step.cpu = std::max(0.0, ph.cpuMean + ph.cpuSd * z);
    step.mem = std::max(0.0, ph.memMean + ph.memSd * z);
    if (!ph.next.empty())
        phase_ = draw(ph.next);
    return step;
}

} // namespace clens
