#include "core/synth/philly_like_generator.hpp"

#include "core/model/job_size.hpp"
#include "core/synth/philly_calibration.hpp"
#include "core/synth/philly_like_cluster.hpp"
#include "core/util/error.hpp"

#include <cmath>
#include <stdexcept>

namespace clens::synth {

namespace {
// The processed Philly table has no users. Users are not calibrated: 300 in all (the job log
// has several hundred), shared among VCs in proportion to their jobs (at least one each), and
// within a VC the k-th user submits in proportion to 1/k.
constexpr std::int64_t kUsers = 300;
constexpr std::int64_t kMaxJobs = 1'000'000'000;
constexpr std::int32_t kMaxServers = 1'000'000;
constexpr double kMaxLoad = 100.0;

std::int64_t vcTotal(const VcShare& vc)
{
    std::int64_t n = 0;
    for (auto j : vc.jobsByBucket)
        n += j;
    return n;
}
} // namespace

void validate(const GenerateOptions& o)
{
    if (o.jobs < 1 || o.jobs > kMaxJobs)
        throw ValueError("jobs", "must be between 1 and " + std::to_string(kMaxJobs));
    if (o.servers < 1 || o.servers > kMaxServers)
        throw ValueError("servers", "must be between 1 and " + std::to_string(kMaxServers));
    if (!std::isfinite(o.load) || o.load <= 0 || o.load > kMaxLoad)
        throw ValueError("load", "must be a number in (0, " + std::to_string(static_cast<int>(kMaxLoad)) + "]");
}

PhillyLikeGenerator::PhillyLikeGenerator(const GenerateOptions& options)
    : options_(options), cluster_((validate(options), makePhillyLikeCluster(options.servers))), rng_(options.seed),
      arrivals_(phillyMarginals().hourFactor, phillyMarginals().weekdayFactor)
{
    const auto& m = phillyMarginals();

    std::vector<std::int64_t> sizeWeights;
    for (const auto& s : m.sizes)
        if (s.gpus <= cluster_.gpuCount()) {
            sizes_.push_back(s.gpus);
            sizeWeights.push_back(s.jobs);
        }
    if (sizes_.empty())
        throw ValueError("no Philly job size fits a cluster of " + std::to_string(cluster_.gpuCount()) + " GPUs");
    sizeChoice_ = WeightedChoice(sizeWeights);

    for (int b = 0; b < kSizeBuckets; ++b) {
        std::vector<std::int64_t> w;
        for (const auto& vc : m.vcs)
            w.push_back(vc.jobsByBucket[static_cast<std::size_t>(b)]);
        vcByBucket_.emplace_back(w);
        runtime_.emplace_back(m.runtimeProbabilities, m.runtimeQuantiles[static_cast<std::size_t>(b)]);
    }

    std::vector<std::int64_t> statusWeights;
    for (const auto& s : kPhillyStatusMix)
        statusWeights.push_back(s.perMille);
    statusChoice_ = WeightedChoice(statusWeights);

    for (const auto& vc : m.vcs) {
        vcNames_.emplace_back(vc.name);
        const auto users = std::max<std::int64_t>(1, std::llround(static_cast<double>(kUsers * vcTotal(vc)) / static_cast<double>(m.jobs)));
        firstUserOfVc_.push_back(static_cast<std::int32_t>(userNames_.size()));
        std::vector<std::int64_t> w;
        for (std::int64_t k = 1; k <= users; ++k) {
            userNames_.push_back(std::string(vc.name) + "-u" + std::to_string(k));
            w.push_back(std::llround(1e6 / static_cast<double>(k)));
        }
        userOfVc_.emplace_back(w);
    }

    const double sizeTotal = static_cast<double>(sizeChoice_.total());
    for (std::size_t i = 0; i < sizes_.size(); ++i)
        expectedWork_ += static_cast<double>(sizeWeights[i]) / sizeTotal * sizes_[i] * runtime_[static_cast<std::size_t>(sizeBucket(sizes_[i]))].mean();
    rate_ = options_.load * cluster_.gpuCount() / expectedWork_;
}

Job PhillyLikeGenerator::next()
{
    Job j;
    ++produced_;
    j.id = "j" + std::to_string(produced_);
    operational_ += rng_.exponential() / rate_;
    j.submit_s = static_cast<std::int64_t>(std::floor(arrivals_.calendarTime(operational_)));
    j.gpus = sizes_[sizeChoice_.pick(rng_)];
    const auto bucket = static_cast<std::size_t>(sizeBucket(j.gpus));
    j.tenant = static_cast<std::int32_t>(vcByBucket_[bucket].pick(rng_));
    j.duration_s = std::max<std::int64_t>(1, std::llround(runtime_[bucket].value(rng_.uniform01())));
    j.status = kPhillyStatusMix[statusChoice_.pick(rng_)].status;
    const auto vc = static_cast<std::size_t>(j.tenant);
    j.user = firstUserOfVc_[vc] + static_cast<std::int32_t>(userOfVc_[vc].pick(rng_));
    return j;
}

Trace generatePhillyLikeTrace(PhillyLikeGenerator& generator)
{
    Trace trace;
    trace.meta.source = "generate --preset philly-like";
    trace.meta.format = "csv";
    trace.meta.timeBase = TimeBase::Relative;
    while (!generator.done()) {
        Job j = generator.next();
        j.tenant = trace.internTenant(generator.vcNames()[static_cast<std::size_t>(j.tenant)]);
        j.user = trace.internUser(generator.userNames()[static_cast<std::size_t>(j.user)]);
        trace.jobs.push_back(std::move(j));
    }
    return trace;
}

} // namespace clens::synth
