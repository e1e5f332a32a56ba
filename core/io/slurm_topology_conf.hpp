#pragma once
// Slurm `topology.conf` (topology/tree plugin): "SwitchName=s1 Nodes=gpu[01-08]" lines name the
// leaf switches, "SwitchName=spine Switches=s[1-3]" the ones above. Each leaf switch becomes a
// rack holding its nodes. docs/formats.md "Slurm cluster (`scontrol show node`, `topology.conf`)".
#include <string>
#include <unordered_map>
#include <vector>

namespace clens {

struct SlurmLeafSwitches {
    std::unordered_map<std::string, std::string> switchOfNode; // node -> leaf switch
    std::vector<std::string> switches;                         // leaf switches in file order
};

// Throws InputError (file, line, field) for a malformed line, a bad host list or a node under
// two leaf switches.
SlurmLeafSwitches readSlurmTopologyConf(const std::string& path);

} // namespace clens
