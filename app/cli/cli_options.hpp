#pragma once
// Boost.Program_options glue shared by the subcommands.
#include "app/cli/cli_command.hpp"

#include <boost/program_options.hpp>

namespace clens::cli {

namespace po = boost::program_options;

// --cluster's help: every cluster format the importers read (docs/formats.md).
inline constexpr const char* kClusterFileHelp =
    "cluster file: native cluster.csv, Philly machine list, Alibaba node list, Slurm `scontrol show node --oneliner` "
    "or `kubectl get nodes -o json`";

// Parses args against desc (no positionals unless given). "--help" prints usage and returns
// false. Throws UsageError on unknown or malformed options.
bool parseOptions(const Args& args, const po::options_description& desc, po::variables_map& vm,
                  const std::string& usageLine, const po::positional_options_description* positional = nullptr);

} // namespace clens::cli
