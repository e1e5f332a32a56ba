#include "app/cli/sim_inputs.hpp"

#include "app/cli/cli_command.hpp"

#include <fstream>
#include <functional>
#include <stdexcept>

namespace clens::cli {

SimInputs loadSimInputs(const std::string& clusterPath, const std::string& tracePath, const std::string& formatName,
                        const std::string& machinesPath, std::int32_t rackSize)
{
    const auto format = traceFormatFromString(formatName);
    if (!format)
        throw UsageError("unknown --format '" + formatName + "'");
    ImportOptions options;
    options.machinesPath = machinesPath;
    options.rackSize = rackSize;
    SimInputs in;
    in.trace = std::make_shared<const Trace>(loadTrace(tracePath, *format, options));
    auto cluster = loadClusterForTrace(clusterPath, *in.trace, options);
    if (cluster.racksInferred() && cluster.rackSize() != rackSize)
        cluster = cluster.regrouped(rackSize);
    in.cluster = std::make_shared<const Topology>(std::move(cluster));
    return in;
}

void writeOutputFile(const std::string& path, const std::function<void(std::ostream&)>& fn)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw std::runtime_error("cannot write '" + path + "'");
    fn(out);
    out.flush();
    if (!out)
        throw std::runtime_error("error while writing '" + path + "'");
}

} // namespace clens::cli
