#pragma once
// A count with its words in the right number, for notes people read: countedText(1, "pod has",
// "pods have") is "1 pod has", countedText(3, …) "3 pods have".
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

inline std::string countedText(std::int64_t n, std::string_view one, std::string_view many)
{
    return std::to_string(n) + ' ' + std::string(n == 1 ? one : many);
}

// An importer's note "<count> <one|many><rest>", added only when count is not 0.
inline void addCountedNote(std::vector<std::string>& notes, std::int64_t count, std::string_view one, std::string_view many,
                           std::string_view rest)
{
    if (count)
        notes.push_back(countedText(count, one, many) + std::string(rest));
}

} // namespace clens
