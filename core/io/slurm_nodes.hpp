#pragma once
// Slurm nodes: `scontrol show node --oneliner` (one "NodeName=... CPUTot=... RealMemory=...
// Gres=gpu:a100:8(S:0-1) ..." record a line; the multi-line form without --oneliner is read too)
// -> cluster. Racks: the leaf switches of ImportOptions::topologyPath (topology.conf) when given,
// else racks of rackSize in file order.
// docs/formats.md "Slurm cluster (`scontrol show node`, `topology.conf`)".
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"
#include "core/util/error.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace clens {

Topology readSlurmNodes(const std::string& path, const ImportOptions& options = {},
                        std::vector<std::string>* notes = nullptr);

// GPUs in a node's Gres ("gpu:a100:8(S:0-1),gpu:v100:2,nvme:1" -> 10, types a100, v100).
// Throws ValueError naming a bad entry.
struct SlurmGres {
    long long gpus = 0;
    std::vector<std::string> types; // in order, without duplicates
};
SlurmGres parseSlurmGres(std::string_view gres);

} // namespace clens
