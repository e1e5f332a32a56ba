#include "core/io/slurm_nodes.hpp"

#include "core/io/slurm_topology_conf.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_error.hpp"
#include "core/util/line_reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>
#include <unordered_set>

namespace clens {

SlurmGres parseSlurmGres(std::string_view gres)
{
    SlurmGres g;
    if (gres.empty() || gres == "(null)")
        return g;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= gres.size(); ++i) {
        if (i < gres.size() && gres[i] == '(')
            ++depth;
        else if (i < gres.size() && gres[i] == ')')
            --depth;
        if (i < gres.size() && (gres[i] != ',' || depth > 0))
            continue;
        auto entry = gres.substr(start, i - start);
        start = i + 1;
        entry = entry.substr(0, entry.find('('));
        if (entry.substr(0, 3) != "gpu" || (entry.size() > 3 && entry[3] != ':'))
            continue; // other generic resources (nvme, mps, shard)
        // gpu:COUNT, gpu:TYPE:COUNT; a missing count means 1.
        std::vector<std::string_view> parts;
        for (std::size_t p = 0;;) {
            const auto colon = entry.find(':', p);
            parts.push_back(entry.substr(p, colon == std::string_view::npos ? colon : colon - p));
            if (colon == std::string_view::npos)
                break;
            p = colon + 1;
        }
        long long count = 1;
        std::string_view type;
        const auto isCount = [](std::string_view s, long long& v) {
            const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
            return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
        };
        if (parts.size() == 2 && !isCount(parts[1], count)) {
            type = parts[1];
            count = 1;
        } else if (parts.size() == 3) {
            type = parts[1];
            if (!isCount(parts[2], count))
                throw ValueError("bad GPU count in '" + std::string(entry) + "'");
        } else if (parts.size() > 3)
            throw ValueError("bad GPU entry '" + std::string(entry) + "' (expected gpu:TYPE:COUNT)");
        if (count < 0 || count > 4096)
            throw ValueError("GPU count in '" + std::string(entry) + "' is outside 0..4096");
        g.gpus += count;
        if (!type.empty() && std::find(g.types.begin(), g.types.end(), type) == g.types.end())
            g.types.emplace_back(type);
    }
    return g;
}

namespace {

// Key=Value words of one node record; a word without '=' continues the previous value
// (OS=Linux 5.15.0 #101-Ubuntu SMP ..., Reason=...).
std::vector<std::pair<std::string_view, std::string>> keyValues(std::string_view record)
{
    std::vector<std::pair<std::string_view, std::string>> kv;
    std::size_t p = 0;
    while (p < record.size()) {
        while (p < record.size() && (record[p] == ' ' || record[p] == '\t'))
            ++p;
        if (p == record.size())
            break;
        auto end = record.find_first_of(" \t", p);
        if (end == std::string_view::npos)
            end = record.size();
        const auto word = record.substr(p, end - p);
        const auto eq = word.find('=');
        const bool isKey = eq != std::string_view::npos && eq > 0
            && std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(eq),
                           [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
        if (isKey || kv.empty())
            kv.emplace_back(isKey ? word.substr(0, eq) : std::string_view(), std::string(isKey ? word.substr(eq + 1) : word));
        else
            kv.back().second += " " + std::string(word);
        p = end;
    }
    return kv;
}

struct NodeCounts {
    std::int64_t withoutGpu = 0, mixedTypes = 0, down = 0, noCpu = 0, noMem = 0, outsideSwitches = 0;
};

ServerSpec readNode(const std::string& path, std::int64_t line, std::string_view record, NodeCounts& n)
{
    ServerSpec s;
    std::string state;
    bool sawCpu = false, sawMem = false;
    for (const auto& [key, value] : keyValues(record)) {
        const auto v = std::string_view(value);
        if (key == "NodeName")
            s.name = std::string(requireText(v, {path, line, "NodeName"}));
        else if (key == "CPUTot") {
            s.cpuCores = parseDouble(v, {path, line, "CPUTot"}, 0, 1e6);
            sawCpu = true;
        } else if (key == "RealMemory") {
            s.memGb = parseDouble(v, {path, line, "RealMemory"}, 0, 1e12) / 1024.0; // MiB
            sawMem = true;
        } else if (key == "Gres") {
            try {
                const auto g = parseSlurmGres(trim(v));
                s.gpus = static_cast<std::int32_t>(std::min<long long>(g.gpus, 4096));
                if (!g.types.empty())
                    s.gpuModel = g.types.front();
                n.mixedTypes += g.types.size() > 1;
            } catch (const ValueError& e) {
                failField({path, line, "Gres"}, e.what());
            }
        } else if (key == "State")
            state = value;
    }
    if (s.name.empty())
        throw InputError(path, line, "NodeName", "record has no NodeName");
    n.withoutGpu += s.gpus == 0;
    n.noCpu += !sawCpu;
    n.noMem += !sawMem;
    n.down += state.find("DOWN") != std::string::npos || state.find("DRAIN") != std::string::npos
        || state.find("FAIL") != std::string::npos;
    return s;
}

} // namespace

Topology readSlurmNodes(const std::string& path, const ImportOptions& options, std::vector<std::string>* notes)
{
    LineReader in(path);
    std::vector<ServerSpec> specs;
    std::unordered_set<std::string> seen;
    NodeCounts n;
    std::string record;
    std::int64_t recordLine = 0;
    const auto flush = [&] {
        if (record.empty())
            return;
        auto s = readNode(path, recordLine, record, n);
        if (!seen.insert(s.name).second)
            throw InputError(path, recordLine, "NodeName", "duplicate node '" + s.name + "'");
        specs.push_back(std::move(s));
        record.clear();
    };
    std::string_view line;
    while (in.next(line)) {
        if (trim(line).empty())
            continue;
        if (line.front() == ' ' || line.front() == '\t') { // continuation of a multi-line record
            if (record.empty())
                throw InputError(path, in.line(), "", "indented line before any NodeName= record");
            record += " ";
            record += trim(line);
            continue;
        }
        flush();
        if (line.substr(0, 9) != "NodeName=")
            throw InputError(path, in.line(), "", "expected a node record starting with NodeName=, got '"
                                                      + std::string(line.substr(0, 40)) + "'");
        record = std::string(line);
        recordLine = in.line();
    }
    flush();
    if (specs.empty())
        throw InputError(path, 0, "", "file names no node (expected scontrol show node --oneliner output)");

    std::vector<std::string> local;
    auto& out = notes ? *notes : local;
    if (!options.topologyPath.empty()) {
        const auto leaves = readSlurmTopologyConf(options.topologyPath);
        std::int64_t unknown = 0;
        for (auto& s : specs) {
            if (const auto it = leaves.switchOfNode.find(s.name); it != leaves.switchOfNode.end())
                s.rack = it->second;
            else
                ++n.outsideSwitches;
        }
        for (const auto& [node, sw] : leaves.switchOfNode)
            unknown += !seen.count(node);
        out.push_back("racks: the " + std::to_string(leaves.switches.size()) + " leaf switches of "
                      + options.topologyPath);
        if (n.outsideSwitches)
            out.push_back(countedText(n.outsideSwitches, "node is", "nodes are")
                          + " under no leaf switch: grouped into racks of rack_size in file order");
        if (unknown)
            out.push_back(countedText(unknown, "node of topology.conf is", "nodes of topology.conf are") + " not in the node list (ignored)");
    }
    addCountedNote(out, n.withoutGpu, "node has", "nodes have",
        n.withoutGpu == 1 ? " no GPU in Gres: it serves jobs asking for CPU and memory only" : " no GPU in Gres: they serve jobs asking for CPU and memory only");
    addCountedNote(out, n.mixedTypes, "node has", "nodes have", " GPUs of several types: the first type is the node's model");
    addCountedNote(out, n.down, "node is", "nodes are", " DOWN, DRAINED or FAILED now: kept (the simulation treats them as available)");
    addCountedNote(out, n.noCpu, "node has", "nodes have", " no CPUTot: CPU unknown");
    addCountedNote(out, n.noMem, "node has", "nodes have", " no RealMemory: memory unknown");
    return Topology::build(std::move(specs), options.rackSize);
}

} // namespace clens
