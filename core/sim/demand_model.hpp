#pragma once
// What a running job's containers use over time, for the autoscaler in the cluster
// (docs/autoscaling.md "Demand"). Built once per simulation from the container metrics and the
// phase model; each job attempt then walks it with a DemandWalk, deterministically:
//   metrics — job row i replays container (i mod n) from its first sample, looping: a sample's
//             cpu.usage.cores and mem.working.set hold until the next sample (the last one for
//             the container's median gap);
//   phases  — a walk over the phase graph: the start phase is drawn from the containers' first
//             phases, each step lasts a duration drawn from that phase's observed step durations,
//             the next phase is drawn from the transition probabilities (a phase never left in
//             the data stays), and the step's demand is the phase's mean + sd * z for CPU and
//             memory alike, z ~ N(0, 1), cut at 0; random numbers from a Boost.Random mt19937_64
//             seeded by (seed, job row).
#include "core/model/container_metrics.hpp"
#include "core/phases/phase_model.hpp"

#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

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
        std::vector<double> dwells_s;      // observed step durations
        std::vector<std::pair<double, int>> next; // cumulative probability -> next phase
    };
    std::vector<Container> containers;     // metrics replay, in order of first appearance
    std::vector<Phase> phases;             // phase walk (empty without a model)
    std::vector<std::pair<double, int>> start; // cumulative probability -> start phase
};

// Throws InputError (naming the metrics file and column) when the metrics lack
// cpu.usage.cores or mem.working.set, or have no row.
DemandProfile buildDemandProfile(const ContainerMetrics& metrics, const PhaseModel* model);

class DemandWalk {
public:
    DemandWalk(const DemandProfile& profile, DemandSource source, std::uint64_t seed, std::int32_t job);
    DemandStep next();

private:
    int draw(const std::vector<std::pair<double, int>>& cdf);
    double uniform();

    const DemandProfile* profile_;
    DemandSource source_;
    std::size_t container_ = 0, row_ = 0;
    int phase_ = -1;
    std::unique_ptr<boost::random::mt19937_64> rng_; // phases only
};

} // namespace clens
