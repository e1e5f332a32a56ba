#pragma once
// Alibaba GPU cluster trace v2023 ("openb") node list as a cluster
// (docs/formats.md "Alibaba GPU trace v2023 (openb)", data/alibaba-openb/README.md):
// `sn,cpu_milli,memory_mib,gpu,model`. A node becomes a server named sn with `gpu` GPUs of type
// `model` (empty or "nan" = unknown), cpu_milli / 1000 cores and memory_mib / 1024 GB (empty =
// unknown). Nodes without a GPU (310 of the 1,523 in openb_node_list_all_node.csv) are kept: pods
// asking for no GPU run on their CPU and memory; a note says how many there are. The list has no
// racks: servers are grouped into racks of options.rackSize in file order.
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"

#include <string>
#include <vector>

namespace clens {

Topology readAlibabaNodes(const std::string& path, const ImportOptions& options = {},
                          std::vector<std::string>* notes = nullptr);

} // namespace clens
