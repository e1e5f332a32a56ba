#pragma once
// Import options for Slurm and Kubernetes files, shared by every command that reads a trace or
// a cluster (docs/cli.md "Import options for Slurm and Kubernetes").
#include "app/cli/cli_options.hpp"
#include "core/io/import_options.hpp"

namespace clens::cli {

// --timezone, --slurm-tenant, --topology, --rack-label, stored into options.
void addImportFlags(po::options_description& desc, ImportOptions& options);
// Throws UsageError for a --slurm-tenant or --timezone value that cannot be used.
void checkImportFlags(const ImportOptions& options);

} // namespace clens::cli
