#pragma once
// Server failures and checkpoints (docs/simulation.md "Failures",
// docs/simulation.md "Checkpoints"). Each server draws its times to failure from its own
// Boost.Random mt19937_64, seeded through boost::random::seed_seq with {seed low 32 bits, seed high
// 32 bits, server index}; u is the top 53 bits of a draw scaled to [0,1); TTF = max(1,
// ceil(−ln(1−u)·MTBF)) seconds.
#include <boost/random/mersenne_twister.hpp>

#include <cstdint>
#include <vector>

namespace clens {

class ServerFailureModel {
public:
    ServerFailureModel(std::uint64_t seed, std::int32_t servers, double mtbf_h);
    // The next time to failure of this server, in whole seconds (>= 1).
    std::int64_t nextTimeToFailure(std::int32_t server);

private:
    double mtbf_s_;
    std::vector<boost::random::mt19937_64> rngs_;
};

// Progress saved after running `useful_s` more seconds of useful work from `saved_s`, with a
// checkpoint every `checkpoint_s` of useful work (0 = no checkpoints: nothing is ever saved).
std::int64_t savedProgress(std::int64_t saved_s, double useful_s, std::int64_t checkpoint_s, std::int64_t service_s);

} // namespace clens
