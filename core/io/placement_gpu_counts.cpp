#include "core/io/placement_gpu_counts.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace clens {

GpuCountCorrection applyPlacementGpuCounts(Topology& cluster, const Trace& trace)
{
    std::unordered_map<std::string, std::int32_t> serverIndex;
    for (std::int32_t i = 0; i < cluster.serverCount(); ++i)
        serverIndex.emplace(cluster.servers()[static_cast<std::size_t>(i)].name, i);

    std::vector<std::int32_t> needed(static_cast<std::size_t>(cluster.serverCount()), 0);
    std::unordered_set<std::string> unknown;
    GpuCountCorrection c;
    for (const auto& job : trace.jobs)
        for (const auto& attempt : job.attempts)
            for (const auto& entry : attempt.placement) {
                if (entry.gpus.empty())
                    continue;
                const auto it = serverIndex.find(entry.server);
                if (it == serverIndex.end()) {
                    if (unknown.insert(entry.server).second && c.unknownExamples.size() < 5)
                        c.unknownExamples.push_back(entry.server);
                    continue;
                }
                const auto top = *std::max_element(entry.gpus.begin(), entry.gpus.end()) + 1;
                auto& n = needed[static_cast<std::size_t>(it->second)];
                n = std::max(n, top);
            }
    c.unknownServers = static_cast<std::int64_t>(unknown.size());

    auto specs = cluster.specs();
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (needed[i] > specs[i].gpus) {
            ++c.correctedServers;
            c.addedGpus += needed[i] - specs[i].gpus;
            specs[i].gpus = needed[i];
        }
    if (c.correctedServers > 0)
        cluster = Topology::build(std::move(specs), cluster.rackSize());
    return c;
}

std::string describe(const GpuCountCorrection& c)
{
    std::string s = "GPU counts of " + std::to_string(c.correctedServers) + " servers raised from the job log (+"
        + std::to_string(c.addedGpus) + " GPUs)";
    if (c.unknownServers) {
        s += "; " + std::to_string(c.unknownServers) + " servers of the log are not in the cluster (e.g.";
        for (const auto& name : c.unknownExamples)
            s += " " + name;
        s += ")";
    }
    return s;
}

} // namespace clens
