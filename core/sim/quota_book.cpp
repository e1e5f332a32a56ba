#include "core/sim/quota_book.hpp"

namespace clens {

QuotaBook::QuotaBook(const Scenario::Quota& quota, const Trace& trace)
    : mode_(quota.mode), quota_(trace.tenants.size(), kUnlimited), held_(trace.tenants.size(), 0)
{
    if (mode_ == QuotaMode::None)
        return;
    for (const auto& [name, gpus] : quota.vcGpus)
        if (const auto vc = trace.findTenant(name))
            quota_[idx(*vc)] = gpus * 1000;
}

} // namespace clens
