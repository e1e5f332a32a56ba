#pragma once
// A workload: tenants (VCs), users and jobs in input row order, plus where it came from.
#include "core/model/job.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace clens {

struct Tenant {
    std::string name;
    std::optional<std::int64_t> quotaGpus; // a quota the trace itself carries (rare)
};

enum class TimeBase : std::uint8_t {
    Relative, // seconds from an arbitrary origin (native CSV, Alibaba, SWF)
    UnixUtc,  // Unix-epoch UTC seconds (Philly, Helios)
};

struct TraceMeta {
    std::string source; // file the trace was read from
    std::string format; // format name (csv, philly, philly-csv, alibaba, helios, swf)
    TimeBase timeBase = TimeBase::Relative;
    std::string tenantNote;        // how tenants were formed when the format has none
    std::int64_t fractionalGpuJobs = 0; // jobs asking for part of a GPU (gpu_milli < 1000)
    std::vector<std::string> notes;     // other import remarks worth showing a user
};

// A '|'-separated list of GPU models as Trace::gpuModelSets keeps it (sorted, unique, trimmed,
// blanks dropped), and back to the models.
std::string canonicalGpuModels(std::string_view list);
std::vector<std::string> splitGpuModels(const std::string& canonical);

class Trace {
public:
    TraceMeta meta;
    std::vector<Tenant> tenants;
    std::vector<std::string> users;
    std::vector<Job> jobs; // input row order: ties everywhere are broken by this index
    // Sets of allowed GPU models as canonical text: models sorted, unique, joined by '|'.
    // [0] is "" (any model); Job::gpuModels indexes this list.
    std::vector<std::string> gpuModelSets{std::string()};

    // Index of a tenant/user by name, adding it when new.
    std::int32_t internTenant(const std::string& name);
    std::int32_t internUser(const std::string& name);
    std::optional<std::int32_t> findTenant(const std::string& name) const;
    // Index of the set of models in a '|'-separated list (any order, blanks ignored), adding it
    // when new; 0 for an empty list (any model).
    std::int32_t internGpuModels(std::string_view list);

    std::size_t simulatedJobCount() const;

private:
    std::unordered_map<std::string, std::int32_t> tenantIndex_;
    std::unordered_map<std::string, std::int32_t> userIndex_;
    std::unordered_map<std::string, std::int32_t> modelSetIndex_;
};

} // namespace clens
