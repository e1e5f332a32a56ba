#pragma once
// Maps the VC and user names met in a file to Trace tenant/user indices with one flat-hash
// lookup per row and no allocation for names already seen. (Trace::intern* builds a
// std::string per call, and libstdc++'s unordered_map compares every key in turn while it
// holds few of them; on a million-row import that was a fifth of the time.)
#include <boost/unordered/unordered_flat_map.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace clens {

class NameIndex {
public:
    // The index of name, asking intern(std::string) the first time the name is seen.
    template <class Intern>
    std::int32_t get(std::string_view name, Intern&& intern)
    {
        if (const auto it = map_.find(name); it != map_.end())
            return it->second;
        const std::int32_t index = intern(std::string(name));
        map_.emplace(std::string(name), index);
        return index;
    }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    struct Equal {
        using is_transparent = void;
        bool operator()(std::string_view a, std::string_view b) const { return a == b; }
    };
    boost::unordered_flat_map<std::string, std::int32_t, Hash, Equal> map_;
};

} // namespace clens
