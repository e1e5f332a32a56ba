#include "core/io/kubernetes_nodes.hpp"

#include "core/io/kubernetes_json.hpp"
#include "core/util/counted_text.hpp"
#include "core/util/input_error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cmath>
#include <unordered_set>

namespace clens {

namespace json = boost::json;

Topology readKubernetesNodes(const std::string& path, const ImportOptions& options, std::vector<std::string>* notes)
{
    const auto list = k8s::readList(path);
    std::vector<ServerSpec> specs;
    std::unordered_set<std::string> seen;
    std::int64_t withoutGpu = 0, withoutRack = 0, withoutModel = 0, unschedulable = 0, noCpu = 0, noMem = 0;
    for (std::size_t i = 0; i < list.items->size(); ++i) {
        std::string at;
        const auto* item = &k8s::item(list, i, "Node", "a node object", at);
        const auto [meta, name] = k8s::metadataWithName(*item, path, at);
        ServerSpec s;
        s.name = std::string(name);
        if (!seen.insert(s.name).second)
            k8s::fail(path, at + ".metadata.name", "duplicate node '" + s.name + "'");
        const auto labelsPath = at + ".metadata.labels";
        if (const auto* labels = k8s::object(*meta, "labels", path, at + ".metadata")) {
            if (const auto model = k8s::string(*labels, kKubernetesGpuProductLabel, path, labelsPath))
                s.gpuModel = std::string(*model);
            if (const auto rack = k8s::string(*labels, options.k8sRackLabel, path, labelsPath); rack && !rack->empty())
                s.rack = std::string(*rack);
        }
        const auto* status = k8s::object(*item, "status", path, at);
        const auto* capacity = status ? k8s::object(*status, "capacity", path, at + ".status") : nullptr;
        if (capacity) {
            const auto cap = at + ".status.capacity";
            if (const auto gpus = k8s::quantity(*capacity, kKubernetesGpuResource, path, cap)) {
                if (*gpus != std::floor(*gpus) || *gpus > 4096)
                    k8s::fail(path, cap + "." + kKubernetesGpuResource, "expected a whole number of GPUs up to 4096");
                s.gpus = static_cast<std::int32_t>(*gpus);
            }
            if (const auto cpu = k8s::quantity(*capacity, "cpu", path, cap))
                s.cpuCores = std::min(*cpu, 1e6);
            if (const auto mem = k8s::quantity(*capacity, "memory", path, cap))
                s.memGb = *mem / (1024.0 * 1024.0 * 1024.0);
        }
        if (const auto* spec = k8s::object(*item, "spec", path, at)) {
            const auto* u = spec->if_contains("unschedulable");
            unschedulable += u && u->is_bool() && u->get_bool();
        }
        withoutGpu += s.gpus == 0;
        withoutModel += s.gpus > 0 && s.gpuModel.empty();
        withoutRack += !s.rack.has_value();
        noCpu += !(s.cpuCores > 0);
        noMem += !(s.memGb > 0);
        specs.push_back(std::move(s));
    }
    if (specs.empty())
        throw InputError(path, 0, "items", "the list holds no node");
    if (notes) {
        notes->push_back("racks: node label " + options.k8sRackLabel);
        addCountedNote(*notes, withoutRack, "node has", "nodes have", " no " + options.k8sRackLabel + " label: grouped into racks of rack_size in file order");
        addCountedNote(*notes, withoutGpu, "node has", "nodes have", std::string(" no ") + kKubernetesGpuResource
                            + (withoutGpu == 1 ? " capacity: it serves" : " capacity: they serve") + " pods asking for CPU and memory only");
        addCountedNote(*notes, withoutModel, "GPU node has", "GPU nodes have", std::string(" no ") + kKubernetesGpuProductLabel + " label: GPU model unknown");
        addCountedNote(*notes, unschedulable, "node is", "nodes are", " cordoned (spec.unschedulable): kept (the simulation treats them as available)");
        addCountedNote(*notes, noCpu, "node has", "nodes have", " no cpu capacity: CPU unknown");
        addCountedNote(*notes, noMem, "node has", "nodes have", " no memory capacity: memory unknown");
    }
    return Topology::build(std::move(specs), options.rackSize);
}

} // namespace clens
