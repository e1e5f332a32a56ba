#pragma once
// Kubernetes pods: `kubectl get pods -A -o json` -> trace. Tenant = namespace; requests of
// nvidia.com/gpu, cpu and memory summed over the containers (an init container asking for more
// raises the pod's request, as the scheduler counts it); submit = creationTimestamp, recorded
// start = status.startTime, end = the last container finishedAt; placement = spec.nodeName.
// docs/formats.md "Kubernetes pods".
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readKubernetesPods(const std::string& path, const ImportOptions& options = {});

} // namespace clens
