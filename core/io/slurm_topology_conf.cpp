#include "core/io/slurm_topology_conf.hpp"

#include "core/io/slurm_hostlist.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"
#include "core/util/line_reader.hpp"

#include <sstream>
#include <stdexcept>

namespace clens {

SlurmLeafSwitches readSlurmTopologyConf(const std::string& path)
{
    LineReader in(path);
    SlurmLeafSwitches out;
    std::string_view raw;
    bool anySwitch = false;
    while (in.next(raw)) {
        const auto line = trim(raw.substr(0, raw.find('#')));
        if (line.empty())
            continue;
        std::string name, nodes;
        std::istringstream words{std::string(line)};
        std::string word;
        while (words >> word) {
            const auto eq = word.find('=');
            if (eq == std::string::npos)
                throw InputError(path, in.line(), "", "expected Key=Value words, got '" + word.substr(0, 40) + "'");
            const auto key = word.substr(0, eq);
            if (key == "SwitchName")
                name = word.substr(eq + 1);
            else if (key == "Nodes")
                nodes = word.substr(eq + 1);
        }
        if (name.empty())
            throw InputError(path, in.line(), "SwitchName",
                             "line names no switch (topology/tree lines start with SwitchName=; topology/block is not read)");
        anySwitch = true;
        if (nodes.empty())
            continue; // a switch above the leaves
        std::vector<std::string> hosts;
        try {
            hosts = expandSlurmHostList(nodes);
        } catch (const ValueError& e) {
            failField({path, in.line(), "Nodes"}, e.what());
        }
        out.switches.push_back(name);
        for (auto& h : hosts) {
            const auto [it, added] = out.switchOfNode.try_emplace(std::move(h), name);
            if (!added && it->second != name)
                throw InputError(path, in.line(), "Nodes",
                                 "node '" + it->first + "' is under two leaf switches, '" + it->second + "' and '" + name + "'");
        }
    }
    if (!anySwitch)
        throw InputError(path, 0, "", "file names no switch (expected SwitchName=... Nodes=... lines)");
    return out;
}

} // namespace clens
