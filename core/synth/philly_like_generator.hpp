#pragma once
// The `philly-like` synthetic workload (docs/generate.md "What is calibrated, and from what"): jobs
// drawn from the Philly marginals (philly_calibration.hpp) on a Philly-like cluster, with an
// arrival rate chosen so the offered load is the requested fraction of the cluster's GPUs.
//
// Per job, in this order: the gap to the next arrival (exponential in operational time, see
// ArrivalPattern), the GPU count (Philly's size mix, restricted to sizes that fit the cluster),
// the VC (Philly's VC mix within that size bucket), the run time (inverse of the bucket's
// empirical quantile function, rounded to whole seconds, at least 1), the status (published mix)
// and the user. Same options => the same jobs, on every platform.
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/synth/arrival_pattern.hpp"
#include "core/synth/quantile_function.hpp"
#include "core/synth/random_source.hpp"
#include "core/synth/weighted_choice.hpp"
#include "core/util/error.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace clens::synth {

struct GenerateOptions {
    std::int64_t jobs = 1000;
    std::uint64_t seed = 1;
    std::int32_t servers = 552; // the Philly machine list
    double load = 0.8;          // offered GPU load as a fraction of the cluster's GPUs
};

// Throws ValueError whose field names the bad option (jobs, servers, load).
void validate(const GenerateOptions& options);

class PhillyLikeGenerator {
public:
    explicit PhillyLikeGenerator(const GenerateOptions& options);

    const Topology& cluster() const { return cluster_; }
    // Names that Job::tenant and Job::user index for jobs from next().
    const std::vector<std::string>& vcNames() const { return vcNames_; }
    const std::vector<std::string>& userNames() const { return userNames_; }

    // E[GPUs x run time] of one job, in GPU-seconds.
    double expectedGpuSecondsPerJob() const { return expectedWork_; }
    // Mean arrivals per second over a week: load x cluster GPUs / expectedGpuSecondsPerJob().
    double arrivalRate() const { return rate_; }
    const ArrivalPattern& arrivals() const { return arrivals_; }
    // GPU counts that may be drawn (those that fit the cluster) and their weights.
    const std::vector<std::int32_t>& sizes() const { return sizes_; }

    bool done() const { return produced_ >= options_.jobs; }
    // The next job (ids j1, j2, ...); call only while !done().
    Job next();

private:
    GenerateOptions options_;
    Topology cluster_;
    RandomSource rng_;
    ArrivalPattern arrivals_;
    std::vector<std::int32_t> sizes_;
    WeightedChoice sizeChoice_;
    std::vector<WeightedChoice> vcByBucket_;
    std::vector<QuantileFunction> runtime_; // per size bucket
    WeightedChoice statusChoice_;
    std::vector<std::string> vcNames_;
    std::vector<std::string> userNames_;
    std::vector<std::int32_t> firstUserOfVc_;
    std::vector<WeightedChoice> userOfVc_;
    double expectedWork_ = 0;
    double rate_ = 0;
    double operational_ = 0;
    std::int64_t produced_ = 0;
};

// All jobs in a Trace (tenants and users in order of first appearance, as the native CSV reader
// would build them). For tests and small traces; the CLI streams with PhillyLikeGenerator.
Trace generatePhillyLikeTrace(PhillyLikeGenerator& generator);

} // namespace clens::synth
