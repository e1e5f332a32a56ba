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

std::string canonicalGpuModels(std::string_view list)
{
    std::vector<std::string> models;
    while (!list.empty()) {
        const auto bar = list.find('|');
        auto part = list.substr(0, bar);
        while (!part.empty() && (part.front() == ' ' || part.front() == '\t'))
            part.remove_prefix(1);
        while (!part.empty() && (part.back() == ' ' || part.back() == '\t'))
            part.remove_suffix(1);
        if (!part.empty())
            models.emplace_back(part);
        list = bar == std::string_view::npos ? std::string_view() : list.substr(bar + 1);
    }
    std::sort(models.begin(), models.end());
    models.erase(std::unique(models.begin(), models.end()), models.end());
    std::string out;
    for (const auto& m : models)
        out += (out.empty() ? "" : "|") + m;
    return out;
}

std::vector<std::string> splitGpuModels(const std::string& canonical)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from < canonical.size()) {
        const auto bar = canonical.find('|', from);
        out.push_back(canonical.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
        if (bar == std::string::npos)
            break;
        from = bar + 1;
    }
    return out;
}

std::int32_t Trace::internGpuModels(std::string_view list)
{
    auto canonical = canonicalGpuModels(list);
    if (canonical.empty())
        return 0;
    if (modelSetIndex_.size() + 1 != gpuModelSets.size()) { // sets edited directly: rebuild the index
        modelSetIndex_.clear();
        for (std::size_t i = 1; i < gpuModelSets.size(); ++i)
            modelSetIndex_.emplace(gpuModelSets[i], static_cast<std::int32_t>(i));
    }
    auto [it, inserted] = modelSetIndex_.emplace(canonical, static_cast<std::int32_t>(gpuModelSets.size()));
    if (inserted)
        gpuModelSets.push_back(std::move(canonical));
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
