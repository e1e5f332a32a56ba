#pragma once
// Kubernetes nodes: `kubectl get nodes -o json` -> cluster. Per node: name, capacity cpu,
// memory and nvidia.com/gpu, GPU model from the label nvidia.com/gpu.product (GPU Feature
// Discovery), rack from the label ImportOptions::k8sRackLabel (default
// topology.kubernetes.io/zone). docs/formats.md "Kubernetes nodes".
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"

#include <string>
#include <vector>

namespace clens {

constexpr const char* kKubernetesGpuResource = "nvidia.com/gpu";
constexpr const char* kKubernetesGpuProductLabel = "nvidia.com/gpu.product";

Topology readKubernetesNodes(const std::string& path, const ImportOptions& options = {},
                             std::vector<std::string>* notes = nullptr);

} // namespace clens
