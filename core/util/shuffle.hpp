#pragma once
// Fisher-Yates shuffle with Boost.Random. std::shuffle's algorithm is implementation-defined,
// so a seed would not give the same order with every standard library.
#include <boost/random/uniform_int_distribution.hpp>

#include <utility>
#include <vector>

namespace clens {

template <class T, class Engine>
void shuffleInPlace(std::vector<T>& v, Engine& rng)
{
    for (std::size_t i = v.size(); i > 1; --i) {
        boost::random::uniform_int_distribution<std::size_t> pick(0, i - 1);
        std::swap(v[i - 1], v[pick(rng)]);
    }
}

} // namespace clens
