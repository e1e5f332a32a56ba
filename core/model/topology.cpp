#include "core/model/topology.hpp"
#include "core/util/error.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace clens {

Topology Topology::build(std::vector<ServerSpec> specs, std::int32_t rackSize)
{
    if (rackSize < 1)
        throw ValueError("rack size must be at least 1");
    Topology t;
    t.rackSize_ = rackSize;
    t.racksInferred_ = std::none_of(specs.begin(), specs.end(), [](const ServerSpec& s) { return s.rack.has_value(); });

    // Assign rack names: explicit ones kept, missing ones grouped in runs of rackSize.
    std::vector<std::string> rackOf(specs.size());
    std::int32_t autoCount = 0, autoRack = 0;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].rack) {
            rackOf[i] = *specs[i].rack;
        } else {
            if (autoCount == rackSize) {
                autoCount = 0;
                ++autoRack;
            }
            rackOf[i] = "rack" + std::to_string(autoRack);
            ++autoCount;
        }
    }
    std::unordered_map<std::string, std::int32_t> rackIndex;
    std::vector<std::string> rackNames;
    std::vector<std::int32_t> rackId(specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
        auto [it, inserted] = rackIndex.emplace(rackOf[i], static_cast<std::int32_t>(rackNames.size()));
        if (inserted)
            rackNames.push_back(rackOf[i]);
        rackId[i] = it->second;
    }
    std::vector<std::size_t> order(specs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rackId[a] < rackId[b]; });

    t.racks_.resize(rackNames.size());
    for (std::size_t r = 0; r < rackNames.size(); ++r)
        t.racks_[r].name = rackNames[r];
    std::int32_t gpu = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        auto& spec = specs[order[k]];
        const auto r = rackId[order[k]];
        Rack& rack = t.racks_[static_cast<std::size_t>(r)];
        if (rack.serverCount == 0)
            rack.firstServer = static_cast<std::int32_t>(k);
        ++rack.serverCount;
        rack.gpus += spec.gpus;
        Server s;
        s.name = std::move(spec.name);
        s.rack = r;
        s.gpus = spec.gpus;
        s.firstGpu = gpu;
        s.gpuModel = std::move(spec.gpuModel);
        s.cpuCores = spec.cpuCores;
        s.memGb = spec.memGb;
        for (std::int32_t g = 0; g < s.gpus; ++g)
            t.gpuServer_.push_back(static_cast<std::int32_t>(k));
        gpu += s.gpus;
        t.servers_.push_back(std::move(s));
    }
    return t;
}

std::optional<std::int32_t> Topology::findServer(const std::string& name) const
{
    for (std::size_t i = 0; i < servers_.size(); ++i)
        if (servers_[i].name == name)
            return static_cast<std::int32_t>(i);
    return std::nullopt;
}

std::vector<ServerSpec> Topology::specs() const
{
    std::vector<ServerSpec> out;
    out.reserve(servers_.size());
    for (const auto& s : servers_) {
        std::optional<std::string> rack;
        if (!racksInferred_)
            rack = racks_[static_cast<std::size_t>(s.rack)].name;
        out.push_back(ServerSpec{s.name, std::move(rack), s.gpus, s.gpuModel, s.cpuCores, s.memGb});
    }
    return out;
}

Topology Topology::regrouped(std::int32_t rackSize) const
{
    if (!racksInferred_ || rackSize == rackSize_)
        return *this;
    return build(specs(), rackSize);
}

} // namespace clens
