// Slurm GPU quotas: `sacctmgr --parsable2 show assoc format=Account,User,GrpTRES` (account
// associations, the rows without a User) or `sacctmgr --parsable2 show qos format=Name,GrpTRES`;
// the gres/gpu of GrpTRES is the tenant's quota. docs/formats.md "Quotas (`sacctmgr`, `ResourceQuota`)".
#include "core/io/slurm_tres.hpp"
#include "core/io/tenant_quotas.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"
#include "core/util/line_reader.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace clens {

TenantQuotas readSlurmQuotas(const std::string& path, const ImportOptions& options)
{
    if (options.slurmTenant == "partition")
        throw InputError(path, 0, "", "Slurm quotas are per account (assoc) or per QOS: a partition tenant has none to read");
    LineReader in(path);
    std::string_view line;
    while (in.next(line) && trim(line).empty()) {
    }
    std::vector<std::string> names;
    for (const auto f : splitFields(line, '|'))
        names.emplace_back(trim(f));
    if (!names.empty() && names.back().empty()) // sacctmgr --parsable ends every line with '|'
        names.pop_back();
    const auto col = [&](std::string_view n) -> std::optional<std::size_t> {
        const auto it = std::find(names.begin(), names.end(), n);
        return it == names.end() ? std::nullopt : std::optional<std::size_t>(static_cast<std::size_t>(it - names.begin()));
    };
    const auto cTres = col("GrpTRES");
    const auto cAccount = col("Account"), cName = col("Name"), cUser = col("User"), cPartition = col("Partition"),
               cCluster = col("Cluster");
    const bool qos = options.slurmTenant == "qos";
    const auto cTenant = qos ? cName : cAccount;
    if (!cTres || !cTenant)
        throw InputError(path, in.line(), "",
                         std::string("not a quota file: expected the header of sacctmgr --parsable2 ")
                             + (qos ? "show qos format=Name,GrpTRES" : "show assoc format=Account,User,GrpTRES")
                             + " (or kubectl get resourcequota -A -o json)");

    TenantQuotas q;
    std::set<std::string> clusters;
    std::int64_t userRows = 0, withoutGpu = 0;
    while (in.next(line)) {
        if (trim(line).empty())
            continue;
        auto f = splitFields(line, '|');
        if (f.size() == names.size() + 1 && trim(f.back()).empty())
            f.pop_back();
        if (f.size() != names.size())
            throw InputError(path, in.line(), "", "line has " + std::to_string(f.size()) + " '|'-separated fields, the header "
                                                      + std::to_string(names.size()));
        const auto text = [&](const std::optional<std::size_t>& c) { return c ? trim(f[*c]) : std::string_view(); };
        if (!text(cUser).empty() || !text(cPartition).empty()) { // a user's or partition's association
            ++userRows;
            continue;
        }
        if (const auto cl = text(cCluster); !cl.empty())
            clusters.emplace(cl);
        const auto tenant = std::string(text(cTenant));
        if (tenant.empty())
            throw InputError(path, in.line(), names[*cTenant], "value is empty");
        SlurmTres tres;
        try {
            tres = parseSlurmTres(text(cTres));
        } catch (const ValueError& e) {
            throw InputError(path, in.line(), "GrpTRES", e.what());
        }
        if (!tres.gpus) {
            ++withoutGpu;
            continue;
        }
        if (!q.gpus.emplace(tenant, *tres.gpus).second)
            throw InputError(path, in.line(), names[*cTenant], "a second GPU limit for '" + tenant + "'");
    }
    if (clusters.size() > 1)
        throw InputError(path, 0, "Cluster", "limits of " + std::to_string(clusters.size())
                                                 + " clusters: choose one (sacctmgr show assoc cluster=NAME ...)");
    q.notes.push_back(std::to_string(q.gpus.size()) + (qos ? " QOS" : " accounts") + " with a gres/gpu GrpTRES limit in "
                      + path + " (limits of parent accounts are not inherited)");
    if (withoutGpu)
        q.notes.push_back(std::to_string(withoutGpu) + (qos ? " QOS" : " accounts") + " have no GPU limit: unlimited");
    if (userRows)
        q.notes.push_back(std::to_string(userRows) + " user or partition associations skipped: quotas are per tenant");
    return q;
}

} // namespace clens
