#pragma once
// The generator's only source of randomness: Boost.Random's mt19937_64 (the same sequence on
// every platform) turned into numbers by our own exact arithmetic, never by std distributions
// (they differ between standard libraries) — so a seed gives the same trace everywhere.
#include <boost/random/mersenne_twister.hpp>

#include <cmath>
#include <cstdint>

namespace clens::synth {

class RandomSource {
public:
    explicit RandomSource(std::uint64_t seed) : engine_(seed) {}

    // Uniform in [0, 1) with 53 random bits.
    double uniform01() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
    // Uniform integer in [0, n) (n > 0); the modulo bias is below n / 2^64.
    std::uint64_t below(std::uint64_t n) { return engine_() % n; }
    // Exponential with mean 1 by inversion.
    double exponential() { return -std::log1p(-uniform01()); }

private:
    boost::random::mt19937_64 engine_;
};

} // namespace clens::synth
