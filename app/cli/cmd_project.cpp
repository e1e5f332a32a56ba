// clusterlens-cli project create|info|export (docs/cli.md "Project files").
#include "app/cli/project_commands.hpp"

#include <iostream>

namespace clens::cli {

int runProject(const Args& args)
{
    const std::string usage = std::string("usage: clusterlens-cli ") + kProjectCreateUsage + "\n       clusterlens-cli " +
                              kProjectInfoUsage + "\n       clusterlens-cli " + kProjectExportUsage;
    if (args.empty())
        throw UsageError("'project' needs a subcommand: create, info or export\n" + usage);
    if (args[0] == "--help" || args[0] == "-h") {
        std::cout << usage << '\n';
        return 0;
    }
    const Args rest(args.begin() + 1, args.end());
    if (args[0] == "create")
        return runProjectCreate(rest);
    if (args[0] == "info")
        return runProjectInfo(rest);
    if (args[0] == "export")
        return runProjectExport(rest);
    throw UsageError("unknown 'project' subcommand '" + args[0] + "' (expected create, info or export)\n" + usage);
}

} // namespace clens::cli
