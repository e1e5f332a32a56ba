#pragma once
// The one home of the bounds every importer and the scenario reader put on times and GPU counts
// (docs/formats.md "Limits"): past them a value is an input error, not a run that would take
// forever or overflow.
#include <cstdint>

namespace clens {

inline constexpr std::int64_t kMaxSeconds = std::int64_t{1} << 40; // ~35,000 years
inline constexpr std::int64_t kMaxGpusPerJob = 1'000'000;
// The simulation's clock stops here (docs/simulation.md "Jobs that cannot finish"), so every time a
// result holds lies within ±kMaxClockSeconds, and a difference of two of them cannot overflow.
inline constexpr std::int64_t kMaxClockSeconds = std::int64_t{1} << 50; // 1,024 x kMaxSeconds

} // namespace clens
