#include "core/store/cluster_tables.hpp"

#include "core/model/topology.hpp"
#include "core/store/table_reader.hpp"

#include <cmath>

namespace clens::store {

namespace {
constexpr std::int64_t kMaxGpusPerServer = 4096;

bool sameReal(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }
} // namespace

bool sameTopology(const Topology& a, const Topology& b)
{
    if (a.racksInferred() != b.racksInferred() || a.rackSize() != b.rackSize() || a.serverCount() != b.serverCount()
        || a.rackCount() != b.rackCount())
        return false;
    for (std::size_t r = 0; r < a.racks().size(); ++r)
        if (a.racks()[r].name != b.racks()[r].name || a.racks()[r].serverCount != b.racks()[r].serverCount)
            return false;
    for (std::size_t i = 0; i < a.servers().size(); ++i) {
        const auto &x = a.servers()[i], &y = b.servers()[i];
        if (x.name != y.name || x.rack != y.rack || x.gpus != y.gpus || x.gpuModel != y.gpuModel
            || !sameReal(x.cpuCores, y.cpuCores) || !sameReal(x.memGb, y.memGb))
            return false;
    }
    return true;
}

void writeCluster(Database& db, std::int64_t id, const Topology& cluster)
{
    Statement c(db, "INSERT INTO clusters (id, racks_inferred, rack_size) VALUES (?, ?, ?)");
    c.bindInt(1, id);
    c.bindInt(2, cluster.racksInferred() ? 1 : 0);
    c.bindInt(3, cluster.rackSize());
    c.run();
    Statement s(db, "INSERT INTO servers (cluster, idx, name, rack, gpus, gpu_model, cpu_cores, mem_gb) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    std::int64_t idx = 0;
    for (const auto& server : cluster.servers()) {
        s.bindInt(1, id);
        s.bindInt(2, idx++);
        s.bindText(3, server.name);
        s.bindText(4, cluster.racks()[static_cast<std::size_t>(server.rack)].name);
        s.bindInt(5, server.gpus);
        s.bindText(6, server.gpuModel);
        s.bindReal(7, server.cpuCores);
        s.bindReal(8, server.memGb);
        s.run();
    }
}

std::map<std::int64_t, std::shared_ptr<const Topology>> readClusters(Database& db, const std::string& file)
{
    struct Stored {
        bool racksInferred = false;
        std::int32_t rackSize = kDefaultRackSize;
        std::vector<ServerSpec> specs;
        std::vector<std::string> rackNames;
        std::vector<std::string> serverNames;
        std::int64_t firstRow = 0;
    };
    std::map<std::int64_t, Stored> stored;
    {
        TableReader t(db, file, "clusters", "SELECT id, racks_inferred, rack_size FROM clusters ORDER BY id");
        while (t.next()) {
            auto& c = stored[t.integer(0)];
            c.racksInferred = t.boolean(1);
            c.rackSize = static_cast<std::int32_t>(t.integer(2, 1, 1 << 30));
        }
    }
    {
        TableReader t(db, file, "servers",
                      "SELECT cluster, idx, name, rack, gpus, gpu_model, cpu_cores, mem_gb FROM servers ORDER BY cluster, idx");
        while (t.next()) {
            const auto it = stored.find(t.integer(0));
            if (it == stored.end())
                t.fail(0, "server of cluster " + std::to_string(t.integer(0)) + ", which the clusters table does not list");
            auto& c = it->second;
            if (c.specs.empty())
                c.firstRow = t.row();
            t.expectPosition(1, static_cast<std::int64_t>(c.specs.size()));
            ServerSpec s;
            s.name = t.text(2);
            const auto rack = t.text(3);
            if (!c.racksInferred)
                s.rack = rack;
            c.rackNames.push_back(rack);
            c.serverNames.push_back(s.name);
            s.gpus = static_cast<std::int32_t>(t.integer(4, 0, kMaxGpusPerServer));
            s.gpuModel = t.text(5);
            s.cpuCores = t.real(6);
            s.memGb = t.real(7);
            c.specs.push_back(std::move(s));
        }
    }
    std::map<std::int64_t, std::shared_ptr<const Topology>> out;
    for (auto& [id, c] : stored) {
        if (c.specs.empty() && !c.racksInferred) { // a default-constructed, empty topology
            out.emplace(id, std::make_shared<Topology>());
            continue;
        }
        auto topology = std::make_shared<Topology>(Topology::build(std::move(c.specs), c.rackSize));
        // The rebuilt layout must be the stored one (rack of each server, servers in rack order).
        for (std::size_t i = 0; i < c.rackNames.size(); ++i) {
            const auto& s = topology->servers()[i];
            if (s.name != c.serverNames[i] || topology->racks()[static_cast<std::size_t>(s.rack)].name != c.rackNames[i]
                || topology->racksInferred() != c.racksInferred)
                throw ProjectFileError(ProjectFileError::Kind::BadContent, file, c.firstRow + static_cast<std::int64_t>(i),
                                       "servers.rack",
                                       "cluster " + std::to_string(id) + " server '" + c.serverNames[i]
                                           + "': the stored rack layout is not one ClusterLens builds (servers of a rack must be contiguous)");
        }
        out.emplace(id, std::move(topology));
    }
    return out;
}

} // namespace clens::store
