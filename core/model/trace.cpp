#include "core/model/trace.hpp"

#include <algorithm>

namespace clens {

std::int32_t Trace::internTenant(const std::string& name)
{
    if (tenantIndex_.size() != tenants.size()) { // tenants edited directly: rebuild the index
        tenantIndex_.clear();
        for (std::size_t i = 0; i < tenants.size(); ++i)
            tenantIndex_.emplace(tenants[i].name, static_cast<std::int32_t>(i));
    }
    auto [it, inserted] = tenantIndex_.emplace(name, static_cast<std::int32_t>(tenants.size()));
    if (inserted)
        tenants.push_back(Tenant{name, std::nullopt});
    return it->second;
}

std::int32_t Trace::internUser(const std::string& name)
{
    if (userIndex_.size() != users.size()) {
        userIndex_.clear();
        for (std::size_t i = 0; i < users.size(); ++i)
            userIndex_.emplace(users[i], static_cast<std::int32_t>(i));
    }
    auto [it, inserted] = userIndex_.emplace(name, static_cast<std::int32_t>(users.size()));
    if (inserted)
        users.push_back(name);
    return it->second;
}

std::optional<std::int32_t> Trace::findTenant(const std::string& name) const
{
    for (std::size_t i = 0; i < tenants.size(); ++i)
        if (tenants[i].name == name)
            return static_cast<std::int32_t>(i);
    return std::nullopt;
}

std::size_t Trace::simulatedJobCount() const
{
    return static_cast<std::size_t>(std::count_if(jobs.begin(), jobs.end(), [](const Job& j) { return j.simulated(); }));
}

} // namespace clens
