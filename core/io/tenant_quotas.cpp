#include "core/io/tenant_quotas.hpp"

#include "core/util/input_error.hpp"

#include <fstream>

namespace clens {

TenantQuotas readTenantQuotas(const std::string& path, const ImportOptions& options)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, 0, "", "cannot open file for reading");
    char c = 0;
    while (in.get(c) && (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\xEF' || c == '\xBB' || c == '\xBF')) {
    }
    if (!in)
        throw InputError(path, 0, "", "file is empty");
    return c == '{' ? readKubernetesQuotas(path) : readSlurmQuotas(path, options);
}

} // namespace clens
