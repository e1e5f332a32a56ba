#pragma once
// GPU quotas per tenant as the cluster itself defines them: Slurm association or QOS limits
// (`sacctmgr --parsable2 show assoc|qos ... GrpTRES`) or Kubernetes ResourceQuotas
// (`kubectl get resourcequota -A -o json`, requests.nvidia.com/gpu). The file's kind is detected.
// docs/formats.md "Quotas (`sacctmgr`, `ResourceQuota`)".
#include "core/io/import_options.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace clens {

struct TenantQuotas {
    std::map<std::string, std::int64_t> gpus; // tenant -> GPU quota (tenants without one are absent)
    std::vector<std::string> notes;
};

// Throws InputError (file, line or JSON path, field) for a file of another kind or bad values.
TenantQuotas readTenantQuotas(const std::string& path, const ImportOptions& options = {});

// The two readers (readTenantQuotas picks one).
TenantQuotas readSlurmQuotas(const std::string& path, const ImportOptions& options = {});
TenantQuotas readKubernetesQuotas(const std::string& path);

} // namespace clens
