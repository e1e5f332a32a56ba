#include "core/io/philly_machine_list.hpp"

#include "core/io/csv_import.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <unordered_set>

namespace clens {

namespace {
constexpr std::int64_t kMaxGpusPerServer = 4096;
}

Topology readPhillyMachineList(const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    const CsvHeader header = readCsvHeader(csv, "machineId, number of GPUs, ...");
    const auto cId = header.require("machineId");
    const auto cGpus = header.require("number of GPUs");
    const auto cMem = header.find("single GPU mem");
    const std::size_t needed = std::max(cId, cGpus) + 1;

    std::vector<ServerSpec> specs;
    std::unordered_set<std::string> seen;
    while (csv.next()) {
        const auto line = csv.line();
        requireFieldCount(csv, needed, header);
        ServerSpec s;
        s.name = std::string(requireText(csv.field(cId), {path, line, "machineId"}));
        if (!seen.insert(s.name).second)
            throw InputError(path, line, "machineId", "duplicate server '" + s.name + "'");
        s.gpus = static_cast<std::int32_t>(parseInt(csv.field(cGpus), {path, line, "number of GPUs"}, 0, kMaxGpusPerServer));
        if (cMem && *cMem < csv.size())
            s.gpuModel = std::string(trim(csv.field(*cMem)));
        specs.push_back(std::move(s));
    }
    if (specs.empty())
        throw InputError(path, 0, "", "machine list names no server");
    return Topology::build(std::move(specs), options.rackSize);
}

} // namespace clens
