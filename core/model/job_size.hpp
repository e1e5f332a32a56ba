#pragma once
// The study's job-size buckets: 1, 2-4, 5-8, >8 GPUs.
#include <array>
#include <cstdint>
#include <string_view>

namespace clens {

constexpr int kSizeBuckets = 4;
constexpr std::array<std::string_view, kSizeBuckets> kSizeBucketLabels{"1", "2-4", "5-8", ">8"};

constexpr int sizeBucket(std::int32_t gpus)
{
    return gpus <= 1 ? 0 : gpus <= 4 ? 1 : gpus <= 8 ? 2 : 3;
}

} // namespace clens
