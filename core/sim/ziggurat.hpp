#pragma once
// Boost.Random's ziggurat unit normal and unit exponential (Boost 1.81), drawn from a generator
// of 64 random bits exactly as Boost draws them — the same words, the same values — with the
// common case inline: the candidate inside its layer's rectangle, about 99% of draws. The rest of
// Boost's loop (the wedge test, the tail, a rejected candidate) runs out of line. Boost's own
// operator() is an out-of-line loop that cost about three times as much per draw in the phase
// walk (docs/autoscaling.md "Speed").
#include <boost/random/exponential_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>

#include <cmath>
#include <cstdint>

namespace clens::ziggurat {

// Boost's generate_int_float_pair<double, 8> for a generator of 64 random bits: one word, its low
// 8 bits the layer, the rest the position in it (bit 11 cleared, as Boost does).
struct Candidate {
    double r = 0;
    int bucket = 0;
};
[[gnu::always_inline]] inline Candidate candidateOf(std::uint64_t u)
{
    const int bucket = static_cast<int>(u & 0xff);
    u &= ~(std::uint64_t{1} << 11);
    // u >> 8 < 2^56: through a signed integer the conversion is one instruction, and exact alike.
    return {static_cast<double>(static_cast<std::int64_t>(u >> 8)) * (1.0 / static_cast<double>(std::uint64_t{1} << 56)), bucket};
}
template <class Engine>
[[gnu::always_inline]] inline Candidate candidate(Engine& eng)
{
    static_assert(Engine::min() == 0 && Engine::max() == ~std::uint64_t{0}, "a generator of 64 random bits");
    return candidateOf(eng());
}

// The rest of Boost's unit normal loop for a candidate outside its layer's rectangle.
template <class Engine>
[[gnu::noinline]] double normalRest(Engine& eng, double x, int i, int sign)
{
    using Unit = boost::random::detail::unit_normal_distribution<double>;
    const double* const tx = boost::random::detail::normal_table<double>::table_x;
    const double* const ty = boost::random::detail::normal_table<double>::table_y;
    if (i == 0)
        return Unit().generate_tail(eng) * sign;
    const double y01 = boost::random::uniform_01<double>()(eng);
    const double y = ty[i] + y01 * (ty[i + 1] - ty[i]);
    double aboveUpper, aboveLower;
    if (tx[i] >= 1) { // convex
        aboveUpper = (tx[i] - tx[i + 1]) * y01 - (tx[i] - x);
        aboveLower = y - (ty[i] + (tx[i] - x) * ty[i] * tx[i]);
    } else { // concave
        aboveLower = (tx[i] - tx[i + 1]) * y01 - (tx[i] - x);
        aboveUpper = y - (ty[i] + (tx[i] - x) * ty[i] * tx[i]);
    }
    if (aboveUpper < 0 && (aboveLower < 0 || y < Unit::f(x)))
        return x * sign;
    return Unit()(eng); // rejected: Boost's loop goes on from a new candidate
}

// boost::random::normal_distribution<double>(0, 1)(eng).
template <class Engine>
[[gnu::always_inline]] inline double unitNormal(Engine& eng)
{
    const double* const tx = boost::random::detail::normal_table<double>::table_x;
    const auto c = candidate(eng);
    const int sign = (c.bucket & 1) * 2 - 1;
    const int i = c.bucket >> 1;
    const double x = c.r * tx[i];
    if (x < tx[i + 1]) [[likely]]
        return x * sign;
    return normalRest(eng, x, i, sign);
}

// The rest of Boost's unit exponential loop for a candidate outside its layer's rectangle.
template <class Engine>
[[gnu::noinline]] double exponentialRest(Engine& eng, double x, int i)
{
    const double* const tx = boost::random::detail::exponential_table<double>::table_x;
    const double* const ty = boost::random::detail::exponential_table<double>::table_y;
    double shift = 0;
    for (;;) {
        if (i == 0) { // the tail is the body again, shifted
            shift += tx[1];
        } else {
            const double y01 = boost::random::uniform_01<double>()(eng);
            const double y = ty[i] + y01 * (ty[i + 1] - ty[i]);
            const double aboveUpper = (tx[i] - tx[i + 1]) * y01 - (tx[i] - x);
            const double aboveLower = y - (ty[i + 1] + (tx[i + 1] - x) * ty[i + 1]);
            if (aboveUpper < 0 && (aboveLower < 0 || y < std::exp(-x)))
                return x + shift;
        }
        const auto c = candidate(eng);
        i = c.bucket;
        x = c.r * tx[i];
        if (x < tx[i + 1])
            return shift + x;
    }
}

// boost::random::exponential_distribution<double>(1)(eng).
template <class Engine>
[[gnu::always_inline]] inline double unitExponential(Engine& eng)
{
    const double* const tx = boost::random::detail::exponential_table<double>::table_x;
    const auto c = candidate(eng);
    const double x = c.r * tx[c.bucket];
    if (x < tx[c.bucket + 1]) [[likely]]
        return x;
    return exponentialRest(eng, x, c.bucket);
}

} // namespace clens::ziggurat
