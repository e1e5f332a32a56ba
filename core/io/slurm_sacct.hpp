#pragma once
// Slurm accounting: `sacct --allusers --allocations --parsable2 --format=...` output ('|'
// separated, header line, any subset and order of fields) -> trace.
// docs/formats.md "Slurm jobs (`sacct`)".
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

Trace readSlurmSacct(const std::string& path, const ImportOptions& options = {});

// How a sacct State maps (COMPLETED -> Pass, ...). nullopt for a state it does not know.
enum class SlurmStateKind : std::uint8_t { Finished, Pending, Running };
struct SlurmState {
    JobStatus status = JobStatus::Pass;
    SlurmStateKind kind = SlurmStateKind::Finished;
};
std::optional<SlurmState> slurmState(std::string_view state);

// The column the tenant comes from (ImportOptions::slurmTenant: Account, Partition or QOS) among
// header names; throws InputError for an unknown option or a missing column.
std::optional<std::size_t> slurmTenantColumn(const std::vector<std::string>& names, const ImportOptions& options,
                                             const std::string& path, std::int64_t headerLine);

} // namespace clens
