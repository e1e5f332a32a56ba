#include "app/cli/sim_inputs.hpp"

#include "app/cli/cli_command.hpp"
#include "app/cli/cli_options.hpp"
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/util/atomic_file.hpp"

#include <boost/program_options.hpp>

#include <fstream>
#include <functional>
#include <stdexcept>

namespace clens::cli {

namespace po = boost::program_options;

void addSimInputFlags(po::options_description& desc, std::string& clusterPath, std::string& tracePath, std::string& formatName,
                      std::string& machinesPath)
{
    desc.add_options()
        ("cluster", po::value(&clusterPath)->required(), kClusterFileHelp)
        ("trace", po::value(&tracePath)->required(), "job trace (any supported format)")
        ("format", po::value(&formatName), "trace format: auto|csv|philly|philly-csv|alibaba|helios|swf|slurm|slurm-json|kubernetes")
        ("machines", po::value(&machinesPath), "Philly cluster_machine_list used to fix GPU counts of a Philly job log");
}

SimInputs loadSimInputs(const std::string& clusterPath, const std::string& tracePath, const std::string& formatName,
                        const std::string& machinesPath, std::int32_t rackSize,
                        ImportOptions options)
{
    const auto format = traceFormatFromString(formatName);
    if (!format)
        throw UsageError("unknown --format '" + formatName + "'");
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

std::shared_ptr<const DemandProfile> loadDemand(const std::string& metricsPath, const std::string& modelPath)
{
    if (metricsPath.empty()) {
        if (!modelPath.empty())
            throw UsageError("--phase-model needs --metrics: the phase walk is learnt from the container metrics");
        return nullptr;
    }
    const auto metrics = readAi4dlMetrics(metricsPath);
    if (modelPath.empty())
        return std::make_shared<const DemandProfile>(buildDemandProfile(metrics, nullptr));
    const auto model = loadPhaseModel(modelPath);
    return std::make_shared<const DemandProfile>(buildDemandProfile(metrics, &model));
}

void writeOutputFile(const std::string& path, const std::function<void(std::ostream&)>& fn)
{
    store::writeFileAtomically(path, fn);
}

} // namespace clens::cli
