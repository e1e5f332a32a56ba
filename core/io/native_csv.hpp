#pragma once
// Native CSV (DESIGN §4): cluster.csv `server,rack,gpus[,gpu_model,cpu_cores,mem_gb]` and
// jobs.csv `job_id,vc,user,submit_s,gpus,duration_s[,status]`. Header required; extra columns
// are ignored.
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <ostream>
#include <string>
#include <string_view>

namespace clens {

Topology readNativeCluster(const std::string& path, const ImportOptions& options = {});
Trace readNativeJobs(const std::string& path, const ImportOptions& options = {});

void writeNativeCluster(std::ostream& out, const Topology& cluster);
void writeNativeJobs(std::ostream& out, const Trace& trace);
// Streaming form of writeNativeJobs: the header line, then one row per job.
void writeNativeJobsHeader(std::ostream& out);
void writeNativeJobRow(std::ostream& out, const Job& job, std::string_view vc, std::string_view user);

} // namespace clens
