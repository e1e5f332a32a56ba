// Kubernetes GPU quotas: `kubectl get resourcequota -A -o json`; the hard limit
// requests.nvidia.com/gpu of each ResourceQuota is its namespace's quota (several in one
// namespace: the smallest, as all apply). docs/formats.md "Quotas (`sacctmgr`, `ResourceQuota`)".
#include "core/io/kubernetes_json.hpp"
#include "core/io/kubernetes_nodes.hpp"
#include "core/io/tenant_quotas.hpp"
#include "core/util/input_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <algorithm>
#include <cmath>

namespace clens {

TenantQuotas readKubernetesQuotas(const std::string& path)
{
    const auto list = k8s::readList(path);
    TenantQuotas q;
    std::int64_t withoutGpu = 0;
    for (std::size_t i = 0; i < list.items->size(); ++i) {
        std::string at;
        const auto* item = &k8s::item(list, i, "ResourceQuota", "a ResourceQuota object", at);
        const auto* meta = k8s::object(*item, "metadata", path, at);
        const auto ns = meta ? k8s::string(*meta, "namespace", path, at + ".metadata") : std::nullopt;
        if (!ns || ns->empty())
            k8s::fail(path, at + ".metadata.namespace", "missing");
        const auto* spec = k8s::object(*item, "spec", path, at);
        const auto* hard = spec ? k8s::object(*spec, "hard", path, at + ".spec") : nullptr;
        std::optional<double> gpus;
        if (hard) {
            gpus = k8s::quantity(*hard, std::string("requests.") + kKubernetesGpuResource, path, at + ".spec.hard");
            if (!gpus)
                gpus = k8s::quantity(*hard, kKubernetesGpuResource, path, at + ".spec.hard");
        }
        if (!gpus) {
            ++withoutGpu;
            continue;
        }
        if (*gpus != std::floor(*gpus) || *gpus > 1e9)
            k8s::fail(path, at + ".spec.hard", "the GPU limit is not a whole number");
        const auto [it, added] = q.gpus.emplace(std::string(*ns), static_cast<std::int64_t>(*gpus));
        if (!added)
            it->second = std::min(it->second, static_cast<std::int64_t>(*gpus));
    }
    q.notes.push_back(std::to_string(q.gpus.size()) + " namespaces with a requests." + kKubernetesGpuResource
                      + " ResourceQuota in " + path);
    if (withoutGpu)
        q.notes.push_back(std::to_string(withoutGpu) + " ResourceQuotas set no GPU limit");
    return q;
}

} // namespace clens
