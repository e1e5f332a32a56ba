#pragma once
// Loading what `simulate` and `sweep` need: a scenario, a cluster and a trace.
#include "core/io/trace_format.hpp"
#include "core/sim/demand_model.hpp"
#include "core/sim/scenario.hpp"

#include <boost/program_options/options_description.hpp>

#include <functional>
#include <memory>
#include <ostream>
#include <string>

namespace clens::cli {

struct SimInputs {
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const Trace> trace;
};

// The flags naming what a simulation reads, worded alike for simulate, sweep and project create:
// --cluster and --trace (required), --format, --machines.
void addSimInputFlags(boost::program_options::options_description& desc, std::string& clusterPath, std::string& tracePath,
                      std::string& formatName, std::string& machinesPath);

// --cluster (native, Philly machine list or Alibaba node list), --trace in `formatName`
// (auto-detected by default); racks are grouped by `rackSize` when the cluster file has none.
SimInputs loadSimInputs(const std::string& clusterPath, const std::string& tracePath, const std::string& formatName,
                        const std::string& machinesPath, std::int32_t rackSize,
                        ImportOptions options = {});

// The autoscaler's container demand (docs/autoscaling.md) from --metrics (AI4DL CSV) and
// --phase-model (phase model JSON, applied to the metrics); null without --metrics. A model
// without metrics is a usage error (the phase walk is learnt from the metrics).
std::shared_ptr<const DemandProfile> loadDemand(const std::string& metricsPath, const std::string& modelPath);

// Writes text produced by fn to path, reporting a file that cannot be written.
void writeOutputFile(const std::string& path, const std::function<void(std::ostream&)>& fn);

} // namespace clens::cli
