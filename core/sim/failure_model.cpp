#include "core/sim/failure_model.hpp"

#include <boost/random/seed_seq.hpp>

#include <algorithm>
#include <cmath>

namespace clens {

ServerFailureModel::ServerFailureModel(std::uint64_t seed, std::int32_t servers, double mtbf_h) : mtbf_s_(mtbf_h * 3600.0)
{
    rngs_.reserve(static_cast<std::size_t>(servers));
    for (std::int32_t s = 0; s < servers; ++s) {
        boost::random::seed_seq seq{static_cast<std::uint32_t>(seed & 0xffffffffu), static_cast<std::uint32_t>(seed >> 32),
                                    static_cast<std::uint32_t>(s)};
        rngs_.emplace_back(seq);
    }
}

std::int64_t ServerFailureModel::nextTimeToFailure(std::int32_t server)
{
    const auto draw = rngs_[static_cast<std::size_t>(server)]();
    const double u = static_cast<double>(draw >> 11) * 0x1.0p-53; // [0, 1)
    const double ttf = std::ceil(-std::log(1.0 - u) * mtbf_s_); // 1 - u is exact for 53-bit u
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(ttf));
}

std::int64_t savedProgress(std::int64_t saved_s, double useful_s, std::int64_t checkpoint_s, std::int64_t service_s)
{
    if (checkpoint_s <= 0)
        return 0;
    // A tiny tolerance so that a run stopped exactly on a checkpoint keeps it despite rounding.
    const double total = static_cast<double>(saved_s) + useful_s + 1e-6;
    const auto saves = static_cast<std::int64_t>(std::floor(total / static_cast<double>(checkpoint_s)));
    return std::clamp<std::int64_t>(saves * checkpoint_s, saved_s, service_s);
}

} // namespace clens
