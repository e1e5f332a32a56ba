#pragma once
// A count with its words in the right number, for notes people read: countedText(1, "pod has",
// "pods have") is "1 pod has", countedText(3, …) "3 pods have".
#include <cstdint>
#include <string>
#include <string_view>

namespace clens {

inline std::string countedText(std::int64_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}

} // namespace clens
