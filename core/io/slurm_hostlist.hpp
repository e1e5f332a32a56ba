#pragma once
// Slurm host-list expressions (sacct NodeList, topology.conf Nodes=/Switches=), expanded to
// names in order: "gpu[01-04,07]" -> gpu01 gpu02 gpu03 gpu04 gpu07 (zero padding kept, as wide
// as the range's first bound), "a[1-2]-b[3-4]" (several brackets: every combination, last
// bracket fastest), "gpu01,cpu[1-2],login" (comma-separated, several prefixes).
// docs/formats.md "Slurm jobs (`sacct`)".
#include "core/util/error.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace clens {

// Throws ValueError with the reason in words for a malformed expression
// (unbalanced brackets, a descending or non-numeric range) or one naming over maxHosts hosts.
std::vector<std::string> expandSlurmHostList(std::string_view expr, std::size_t maxHosts = 1'000'000);

} // namespace clens
