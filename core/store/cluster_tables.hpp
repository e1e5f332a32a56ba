#pragma once
// Topologies in the clusters/servers tables. A topology is stored as the servers it was built
// from (layout order, rack names, whether racks were inferred and the rack size), and rebuilt
// with Topology::build, which gives back the same layout.
#include "core/model/topology.hpp"
#include "core/store/sqlite_db.hpp"

#include <map>
#include <memory>
#include <string>

namespace clens::store {

bool sameTopology(const Topology& a, const Topology& b);

void writeCluster(Database& db, std::int64_t id, const Topology& cluster);
// Every stored cluster by id.
std::map<std::int64_t, std::shared_ptr<const Topology>> readClusters(Database& db, const std::string& file);

} // namespace clens::store
