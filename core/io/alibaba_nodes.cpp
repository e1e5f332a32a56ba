#include "core/io/alibaba_nodes.hpp"

#include "core/io/csv_import.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <unordered_set>

namespace clens {

namespace {
constexpr std::int64_t kMaxGpusPerServer = 4096;
}

Topology readAlibabaNodes(const std::string& path, const ImportOptions& options, std::vector<std::string>* notes)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(csv, "sn,cpu_milli,memory_mib,gpu,model");
    const auto cName = header.require("sn");
    const auto cGpus = header.require("gpu");
    const auto cCpu = header.find("cpu_milli");
    const auto cMem = header.find("memory_mib");
    const auto cModel = header.find("model");
    const std::size_t needed = std::max(cName, cGpus) + 1;

    std::vector<ServerSpec> specs;
    std::unordered_set<std::string> seen;
    std::int64_t withoutGpu = 0;
    while (csv.next()) {
        const auto line = csv.line();
        requireFieldCount(csv, needed, header);
        const auto optional = [&](const std::optional<std::size_t>& c) {
            return c && *c < csv.size() ? trim(csv.field(*c)) : std::string_view();
        };
        ServerSpec s;
        s.name = std::string(requireText(csv.field(cName), {path, line, "sn"}));
        if (!seen.insert(s.name).second)
            throw InputError(path, line, "sn", "duplicate node '" + s.name + "'");
        s.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "gpu"}, 0, kMaxGpusPerServer));
        if (const auto cpu = optional(cCpu); !cpu.empty())
            s.cpuCores = parseDouble(cpu, {path, line, "cpu_milli"}, 0, 1e9) / 1000.0;
        if (const auto mem = optional(cMem); !mem.empty())
            s.memGb = parseDouble(mem, {path, line, "memory_mib"}, 0, 1e12) / 1024.0;
        if (const auto model = optional(cModel); model != "nan")
            s.gpuModel = std::string(model);
        withoutGpu += s.gpus == 0;
        specs.push_back(std::move(s));
    }
    if (specs.empty())
        throw InputError(path, 0, "", "node list names no node (a header line and no row)");
    if (notes && withoutGpu)
        notes->push_back(std::to_string(withoutGpu) + " of the " + std::to_string(specs.size())
                         + " nodes have no GPU: they serve pods asking for CPU and memory only");
    return Topology::build(std::move(specs), options.rackSize);
}

} // namespace clens
