#pragma once
// The cluster's own GPU quotas (Slurm GrpTRES, Kubernetes ResourceQuota) as the scenario's
// quota.vc: the CLI's `--quotas FILE` and the GUI's import options
// (docs/cli.md "Import options for Slurm and Kubernetes").
#include "core/io/import_options.hpp"
#include "core/io/tenant_quotas.hpp"
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"

#include <string>
#include <vector>

namespace clens {

// Adds the quotas of the trace's tenants to scenario.quota.vcGpus (rules below); `source` names
// where they came from in the note. Returns what to tell the user.
std::vector<std::string> applyTenantQuotas(TenantQuotas quotas, const std::string& source, const Trace& trace,
                                           Scenario& scenario, const std::vector<std::string>& gridKeys = {});

// Adds the file's quotas of the trace's tenants to scenario.quota.vcGpus (a VC the scenario
// already names keeps its value); quota.mode none becomes strict. Keys a sweep grid varies
// (`quota.mode`, `quota.vc.<VC>`) are the grid's: left as they are. Returns what to tell the user.
std::vector<std::string> applyTenantQuotaFile(const std::string& path, const ImportOptions& options, const Trace& trace,
                                        Scenario& scenario, const std::vector<std::string>& gridKeys = {});

} // namespace clens
