#include "app/cli/import_flags.hpp"

#include "core/util/time_zone.hpp"

#include <stdexcept>

namespace clens::cli {

void addImportFlags(po::options_description& desc, ImportOptions& options)
{
    desc.add_options()
        ("timezone", po::value(&options.timeZone), "Slurm sacct: zone of its local times (UTC, +02:00, or an IANA name such as Europe/Berlin; default UTC)")
        ("slurm-tenant", po::value(&options.slurmTenant), "Slurm sacct: the tenant column, account|partition|qos (default account)")
        ("topology", po::value(&options.topologyPath), "Slurm topology.conf for a scontrol node list: leaf switches become racks")
        ("rack-label", po::value(&options.k8sRackLabel), "Kubernetes node label naming the rack (default topology.kubernetes.io/zone)");
}

void checkImportFlags(const ImportOptions& options)
{
    const auto& t = options.slurmTenant;
    if (t != "account" && t != "partition" && t != "qos")
        throw UsageError("--slurm-tenant must be account, partition or qos, not '" + t + "'");
    try {
        (void)TimeZone::load(options.timeZone);
    } catch (const ValueError& e) {
        throw UsageError(std::string("--timezone: ") + e.what());
    }
}

} // namespace clens::cli
