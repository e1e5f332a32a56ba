#pragma once
// Where a job of a finished run stands at an instant: not in the system, waiting (and for what)
// or running. Waiting means a waiting interval holds the instant (they cover all of a job's time
// in the queue, re-queues included); running means started, not yet ended and not waiting again.
#include "core/sim/sim_result.hpp"

#include <cstdint>

namespace clens {

enum class JobStanding : std::uint8_t { Absent, Waiting, Running };

struct JobMoment {
    JobStanding standing = JobStanding::Absent;
    const WaitInterval* wait = nullptr; // waiting: the interval holding the instant
};

// `job` indexes SimResult::jobs; an index out of range, or a job not simulated, is absent.
JobMoment jobMomentAt(const SimResult& result, std::int32_t job, std::int64_t t);

} // namespace clens
