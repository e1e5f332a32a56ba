#pragma once
// What a running job's containers use over time, for the autoscaler in the cluster
// (docs/autoscaling.md "Demand"). Built once per simulation from the container metrics and the
// phase model; each job attempt then walks it with a DemandWalk, deterministically:
//   metrics — job row i replays container (i mod n) from its first sample, looping: a sample's
//             cpu.usage.cores and mem.working.set hold until the next sample (the last one for
//             the container's median gap);
//   phases  — a walk over the phase graph, one phase *run* at a time: the start phase is drawn
//             from the containers' first phases; a run of phase p lasts n of p's steps, n drawn
//             from the geometric law of p's self-transitions (the run lengths of a step-by-step
//             walk), each step the mean of p's observed step durations; its demand holds at p's
//             mean + sd * z for CPU and memory alike, z ~ N(0, 1), cut at 0; the next phase is
//             drawn from p's transitions to other phases (a phase never left in the data lasts
//             for ever); random numbers from a SplitMix64 stream seeded by (seed, job row).
//             Why runs and not steps: docs/autoscaling.md "Demand".
// A walk is a few words (no per-job generator tables): thousands of jobs walk a run at a time,
// interleaved, and a large per-job state made the walk wait on memory (docs/autoscaling.md "Speed").
#include "core/model/container_metrics.hpp"
#include "core/phases/phase_model.hpp"

#include "core/sim/ziggurat.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace clens {

enum class DemandSource : std::uint8_t { None, Metrics, Phases };

struct DemandStep {
    double duration_s = 0;
    double cpu = 0; // cores
    double mem = 0; // MiB
    int phase = -1; // -1: unknown (a metrics row without a phase)
};

struct DemandProfile {
    struct Container {
        std::vector<DemandStep> steps;
    };
    struct Phase {
        bool seen = false;                 // some step of the data is in it
        double cpuMean = 0, cpuSd = 0;     // cores
        double memMean = 0, memSd = 0;     // MiB
        double meanDwell_s = 0;            // mean observed step duration
        // -1 / ln(probability that a step stays in this phase): a run lasts 1 + floor(E x this)
        // steps, E ~ Exp(1); 0: a step never stays; infinity: the phase is never left.
        double stepsPerExp = 0;
        std::vector<std::pair<double, int>> leave; // cumulative probability -> next (other) phase
    };
    std::vector<Container> containers;     // metrics replay, in order of first appearance
    std::vector<Phase> phases;             // phase walk (empty without a model)
    std::vector<std::pair<double, int>> start; // cumulative probability -> start phase
};

// DemandProfile::Phase::stepsPerExp of a phase a step stays in with probability `stay`.
inline double stepsPerExpOf(double stay)
{
    return stay >= 1.0 ? HUGE_VAL : stay <= 0.0 ? 0.0 : -1.0 / std::log(stay);
}

// Throws InputError (naming the metrics file and column) when the metrics lack
// cpu.usage.cores or mem.working.set, or have no row.
DemandProfile buildDemandProfile(const ContainerMetrics& metrics, const PhaseModel* model);

// std::max(0.0, v), the same value for every v (NaN included), without a branch: GCC compiles
// std::max to a compare and jump here, and a level below zero is drawn often enough in some
// phases to make that jump a coin toss.
inline double atLeastZero(double v)
{
#if defined(__SSE2__)
    return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(v), _mm_setzero_pd())); // v > 0 ? v : 0
#else
    return std::max(0.0, v);
#endif
}

// SplitMix64 (Steele, Lea & Flood 2014): one 64-bit word of state; a Boost.Random/standard
// uniform random bit generator, so Boost's ziggurat normal can draw from it.
class SplitMix64 {
public:
    using result_type = std::uint64_t;
    static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ull;
    explicit SplitMix64(std::uint64_t state = 0) : state_(state) {}
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return ~result_type{0}; }
    result_type operator()() { return mix(state_ += kGamma); }
    std::uint64_t state() const { return state_; }
    // The word drawn when the state has become z: the k-th word from state s is mix(s + k * kGamma).
    static std::uint64_t mix(std::uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    std::uint64_t state_;
};

// The entry a 32-bit uniform falls in (cumulative probabilities). A short list is counted
// without branches: which entry comes out is random, so a branch would be mispredicted often.
inline int drawFrom(const std::vector<std::pair<double, int>>& cdf, std::uint32_t bits)
{
    const double u = static_cast<double>(bits) * 0x1.0p-32;
    const auto n = cdf.size();
    std::size_t below = 0; // entries whose cumulative probability is <= u
    if (n <= 16) {
        for (std::size_t i = 0; i + 1 < n; ++i)
            below += u >= cdf[i].first ? 1 : 0;
    } else {
        below = static_cast<std::size_t>(std::upper_bound(cdf.begin(), cdf.end() - 1, u, [](double v, const auto& e) { return v < e.first; })
                                         - cdf.begin());
    }
    return cdf[below].second;
}

// DemandProfile::phases packed for the walk (one row of a cache line or two per phase), with the
// transitions' cumulative probabilities as 32-bit thresholds: a uniform of 32 bits b falls at or
// above a cumulative probability c exactly when b >= ceil(c * 2^32), as drawFrom() compares
// b * 2^-32 with c. Built once per simulation (the engine's), read by DemandWalk::nextRun().
struct PhaseWalkTable {
    static constexpr std::size_t kInlineLeave = 8;
    struct Row {
        double dwell_s = 0, stepsPerExp = 0;
        double cpuMean = 0, cpuSd = 0, memMean = 0, memSd = 0;
        std::uint64_t cut[kInlineLeave - 1] = {}; // thresholds of the first n - 1 entries
        std::int32_t to[kInlineLeave] = {};
        std::int32_t leave = 0;  // entries; -1: more than kInlineLeave (drawFrom over the profile's)
        bool neverLeft = false;  // never left in the data: lasts for ever

        // The next phase for a 32-bit uniform (leave > 0): the entry of the thresholds it is at or above.
        std::int32_t nextPhase(std::uint64_t bits) const
        {
            std::size_t below = 0;
            for (std::size_t i = 0; i + 1 < static_cast<std::size_t>(leave); ++i)
                below += bits >= cut[i] ? 1 : 0;
            return to[below];
        }
    };
    std::vector<Row> rows;
    explicit PhaseWalkTable(const DemandProfile& profile);
};

class DemandWalk {
public:
    DemandWalk() = default;
    DemandWalk(const DemandProfile& profile, DemandSource source, std::uint64_t seed, std::int32_t job);
    // Inline (forced: GCC keeps it out of line otherwise): the run calls it once per step of
    // every running job.
    [[gnu::always_inline]] DemandStep next()
    {
        if (source_ == DemandSource::Metrics) {
            const auto& steps = profile_->containers[container_].steps;
            const auto step = steps[row_];
            row_ = static_cast<std::uint32_t>((row_ + 1) % steps.size());
            return step;
        }
        DemandStep step;
        if (phase_ < 0) { // a model whose data never showed a phase: nothing is used
            step.duration_s = 3600;
            return step;
        }
        const auto& ph = profile_->phases[static_cast<std::size_t>(phase_)];
        step.phase = phase_;
        step.duration_s = ph.meanDwell_s * runSteps(ph);
        const double z = ziggurat::unitNormal(rng_);
        step.cpu = atLeastZero(ph.cpuMean + ph.cpuSd * z);
        step.mem = atLeastZero(ph.memMean + ph.memSd * z);
        phase_ = ph.leave.empty() ? phase_ : drawFrom(ph.leave, static_cast<std::uint32_t>(rng_()));
        return step;
    }

    // next() for the phase walk, over the profile's packed table (the same draws, the same step).
    [[gnu::always_inline]] DemandStep nextRun(const PhaseWalkTable& table)
    {
        DemandStep step;
        if (phase_ < 0) {
            step.duration_s = 3600;
            return step;
        }
        const auto& row = table.rows[static_cast<std::size_t>(phase_)];
        step.phase = phase_;
        if (!row.neverLeft && row.leave > 0) {
            // The usual run draws three words: an exponential and a normal that both take their
            // first candidate (each does 99% of the time) and the transition's. Drawn side by
            // side from the state they start from, and checked: the same words, the same values.
            constexpr auto g = SplitMix64::kGamma;
            const auto s0 = rng_.state();
            const auto e = ziggurat::candidateOf(SplitMix64::mix(s0 + g));
            const auto n = ziggurat::candidateOf(SplitMix64::mix(s0 + 2 * g));
            const auto w3 = SplitMix64::mix(s0 + 3 * g);
            const double* const etx = boost::random::detail::exponential_table<double>::table_x;
            const double* const ntx = boost::random::detail::normal_table<double>::table_x;
            const double ex = e.r * etx[e.bucket];
            const int ni = n.bucket >> 1;
            const double nx = n.r * ntx[ni];
            if (ex < etx[e.bucket + 1] && nx < ntx[ni + 1]) [[likely]] {
                rng_ = SplitMix64(s0 + 3 * g);
                const double beyond = ex * row.stepsPerExp;
                step.duration_s = row.dwell_s * (1.0 + static_cast<double>(static_cast<std::int64_t>(std::min(beyond, kForeverSteps))));
                const double z = nx * ((n.bucket & 1) * 2 - 1);
                step.cpu = atLeastZero(row.cpuMean + row.cpuSd * z);
                step.mem = atLeastZero(row.memMean + row.memSd * z);
                phase_ = row.nextPhase(static_cast<std::uint32_t>(w3));
                return step;
            }
        }
        double steps = kForeverSteps;
        if (!row.neverLeft) {
            const double beyond = ziggurat::unitExponential(rng_) * row.stepsPerExp;
            steps = 1.0 + static_cast<double>(static_cast<std::int64_t>(std::min(beyond, kForeverSteps)));
        }
        step.duration_s = row.dwell_s * steps;
        const double z = ziggurat::unitNormal(rng_);
        step.cpu = atLeastZero(row.cpuMean + row.cpuSd * z);
        step.mem = atLeastZero(row.memMean + row.memSd * z);
        if (row.leave > 0) {
            phase_ = row.nextPhase(static_cast<std::uint32_t>(rng_()));
        } else if (row.leave < 0) {
            phase_ = drawFrom(profile_->phases[static_cast<std::size_t>(phase_)].leave, static_cast<std::uint32_t>(rng_()));
        }
        return step;
    }
    DemandSource source() const { return source_; }

    // Steps in a run: 1 + floor(E / -ln stay), E ~ Exp(1) — the geometric law of a walk that
    // stays with probability stay at each step (P(more than k) = stay^k); Boost's ziggurat
    // exponential (ziggurat.hpp) costs a fraction of a logarithm. A phase never left lasts for ever.
    // (A multiplication, and truncation for floor as the product is never negative: a division
    // and a floor cost more than the rest of a run's draw here.)
    double runSteps(const DemandProfile::Phase& ph)
    {
        if (ph.stepsPerExp == HUGE_VAL)
            return kForeverSteps;
        const double beyond = ziggurat::unitExponential(rng_) * ph.stepsPerExp;
        return 1.0 + static_cast<double>(static_cast<std::int64_t>(std::min(beyond, kForeverSteps)));
    }
    static constexpr double kForeverSteps = 1e12;

private:
    const DemandProfile* profile_ = nullptr;
    DemandSource source_ = DemandSource::None;
    std::int32_t phase_ = -1;
    std::uint32_t container_ = 0, row_ = 0;
    SplitMix64 rng_;
};

// Where a job is in its demand: the walk, the step in progress (its demand and phase) and that
// step's time left. A copy replays the same demand from here. 64 bytes: the engine keeps one per
// running autoscaled job in the state a tick visits.
struct DemandCursor {
    DemandWalk walk;
    double cpu = 0, mem = 0; // the step in progress
    std::int32_t phase = -1;
    double stepLeft = 0;

    void take(const DemandStep& s)
    {
        cpu = s.cpu;
        mem = s.mem;
        phase = s.phase;
        stepLeft = s.duration_s;
    }
    // Calls piece(duration, cpu, mem) for the demand of [0, length_s) from here, step by step (a
    // step cut at length_s carries over), until piece returns false; the cursor ends where the
    // walk stopped (at length_s when piece never said stop).
    template <class Piece>
    void walkFor(double length_s, Piece&& piece)
    {
        double t = 0;
        while (t < length_s) {
            if (stepLeft <= 0)
                take(walk.next());
            const double dt = std::min(stepLeft, length_s - t);
            t += dt;
            stepLeft -= dt;
            if (!piece(dt, cpu, mem))
                return;
        }
    }
};

} // namespace clens
