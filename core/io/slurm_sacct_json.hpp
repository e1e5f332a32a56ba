#pragma once
// Slurm accounting as `sacct --allusers --json` prints it (Slurm 21.08 and later: a "jobs"
// array, Unix times, TRES as {type, name, count} lists) -> trace, by the rules of the text
// format. docs/formats.md "Slurm jobs (`sacct --json`)".
#include "core/io/import_options.hpp"
#include "core/model/trace.hpp"

#include <string>

namespace clens {

Trace readSlurmSacctJson(const std::string& path, const ImportOptions& options = {});

} // namespace clens
