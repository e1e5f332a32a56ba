#include "core/io/tenant_quota_scenario.hpp"

#include "core/io/tenant_quotas.hpp"

#include <algorithm>

namespace clens {

std::vector<std::string> applyTenantQuotaFile(const std::string& path, const ImportOptions& options, const Trace& trace,
                                        Scenario& scenario, const std::vector<std::string>& gridKeys)
{
    return applyTenantQuotas(readTenantQuotas(path, options), path, trace, scenario, gridKeys);
}

std::vector<std::string> applyTenantQuotas(TenantQuotas quotas, const std::string& source, const Trace& trace,
                                           Scenario& scenario, const std::vector<std::string>& gridKeys)
{
    const auto varied = [&](const std::string& key) { return std::find(gridKeys.begin(), gridKeys.end(), key) != gridKeys.end(); };
    std::int64_t used = 0, absent = 0, kept = 0;
    for (const auto& [tenant, gpus] : quotas.gpus) {
        if (!trace.findTenant(tenant)) {
            ++absent;
            continue;
        }
        if (!varied("quota.vc." + tenant) && scenario.quota.vcGpus.emplace(tenant, gpus).second)
            ++used;
        else
            ++kept;
    }
    auto notes = std::move(quotas.notes);
    notes.push_back("quotas of " + std::to_string(used) + " tenants set from " + source
                    + (absent ? "; " + std::to_string(absent) + " tenants have no job in the trace (ignored)" : std::string())
                    + (kept ? "; " + std::to_string(kept) + " keep the scenario's own quota" : std::string()));
    if (scenario.quota.mode == QuotaMode::None && used > 0 && !varied("quota.mode")) {
        scenario.quota.mode = QuotaMode::Strict;
        notes.push_back("quota.mode none became strict (a GrpTRES or ResourceQuota limit is a hard limit)");
    }
    return notes;
}

} // namespace clens
