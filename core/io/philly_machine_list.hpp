#pragma once
// Philly machine lists (docs/formats.md "Philly machine lists", data/philly/README.md), both
// layouts:
// - `cluster_machine_list`: header `machineId, number of GPUs, single GPU mem` (spaces after
//   the commas), e.g. `m0,2, 12GB`;
// - `revised_machine_list.csv`: `,machineId,number of GPUs` with a leading unnamed index.
// Columns are found by name, so either layout (and extra columns) reads the same way. The
// lists have no racks: servers are grouped into racks of options.rackSize in file order. The
// listed single-GPU memory (e.g. "12GB"), the only GPU type information, becomes the GPU
// model. Servers listed with 0 GPUs are kept (the job log may correct them, see
// placement_gpu_counts.hpp).
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"

#include <string>

namespace clens {

Topology readPhillyMachineList(const std::string& path, const ImportOptions& options = {});

} // namespace clens
