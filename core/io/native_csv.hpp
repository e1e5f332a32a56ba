#pragma once
// Native CSV (docs/formats.md "Native CSV"): cluster.csv
// `server,rack,gpus[,gpu_model,cpu_cores,mem_gb]` and jobs.csv
// `job_id,vc,user,submit_s,gpus,duration_s[,status,cpu_cores,mem_gb,gpu_milli,gpu_models]`. Header
// required; extra columns are ignored. A job's cpu_cores and mem_gb are for the whole job (empty =
// unknown); gpu_milli (1..1000, empty = 1000) below 1000 only for 1-GPU jobs; gpu_models
// '|'-separated (empty = any). A 0-GPU job is simulated when it asks for CPU or memory
// (docs/formats.md).
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
// Streaming form of writeNativeJobs: the header line, then one row per job. gpuModels is the
// job's set as Trace::gpuModelSets holds it ("" = any model).
void writeNativeJobsHeader(std::ostream& out);
void writeNativeJobRow(std::ostream& out, const Job& job, std::string_view vc, std::string_view user,
                       std::string_view gpuModels = {});

} // namespace clens
