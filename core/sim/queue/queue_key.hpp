#pragma once
// A waiting job's place in the queue (docs/queue-policies.md): smaller first, compared member by
// member; the input row breaks every tie. Under fifo it is (submit time, 0, row).
#include <compare>
#include <cstdint>

namespace clens {

struct QueueKey {
    double primary = 0;
    double secondary = 0;
    std::int32_t row = 0; // the job (index into Trace::jobs)

    auto operator<=>(const QueueKey&) const = default;
};

} // namespace clens
