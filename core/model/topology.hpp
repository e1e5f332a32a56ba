#pragma once
// Racks -> servers -> GPUs with dense ids. Servers of one rack are contiguous, so a rack is a
// server range and a server a GPU range; "lowest server index" is the order of this layout.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clens {

// Servers per rack when a cluster file names no racks (docs/formats.md "Native CSV"): the one
// default of the importers, the scenario's locality.rack_size and stored projects.
inline constexpr std::int32_t kDefaultRackSize = 8;

struct Server {
    std::string name;
    std::int32_t rack = 0;     // index into Topology::racks()
    std::int32_t gpus = 0;     // installed GPUs
    std::int32_t firstGpu = 0; // dense id of this server's GPU 0
    std::string gpuModel;      // empty when unknown
    double cpuCores = 0;       // 0 when unknown
    double memGb = 0;          // 0 when unknown
};

struct Rack {
    std::string name;
    std::int32_t firstServer = 0;
    std::int32_t serverCount = 0;
    std::int32_t gpus = 0;
};

// One server as read from a cluster file, before racks are laid out.
struct ServerSpec {
    std::string name;
    std::optional<std::string> rack; // nullopt: grouped into racks of rack_size in file order
    std::int32_t gpus = 0;
    std::string gpuModel;
    double cpuCores = 0;
    double memGb = 0;
};

class Topology {
public:
    Topology() = default;
    // Servers with a rack keep it (racks ordered by first appearance, servers stable within a
    // rack); servers without one are grouped into racks of rackSize in file order.
    static Topology build(std::vector<ServerSpec> specs, std::int32_t rackSize);

    const std::vector<Rack>& racks() const { return racks_; }
    const std::vector<Server>& servers() const { return servers_; }
    std::int32_t gpuCount() const { return static_cast<std::int32_t>(gpuServer_.size()); }
    std::int32_t serverCount() const { return static_cast<std::int32_t>(servers_.size()); }
    std::int32_t rackCount() const { return static_cast<std::int32_t>(racks_.size()); }
    std::int32_t serverOfGpu(std::int32_t gpu) const { return gpuServer_[static_cast<std::size_t>(gpu)]; }
    std::optional<std::int32_t> findServer(const std::string& name) const;
    // True when no server had a rack in its file: racks may be regrouped by rack_size.
    bool racksInferred() const { return racksInferred_; }
    std::int32_t rackSize() const { return rackSize_; }
    // The same servers regrouped into racks of rackSize (only meaningful when racksInferred()).
    Topology regrouped(std::int32_t rackSize) const;
    // The specs this topology was built from, in layout order.
    std::vector<ServerSpec> specs() const;

private:
    std::vector<Rack> racks_;
    std::vector<Server> servers_;
    std::vector<std::int32_t> gpuServer_;
    bool racksInferred_ = false;
    std::int32_t rackSize_ = kDefaultRackSize;
};

} // namespace clens
