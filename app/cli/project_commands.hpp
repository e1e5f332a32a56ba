#pragma once
// clusterlens-cli project create|info|export: a .clens project file from the command line
// (docs/cli.md "Project files").
#include "app/cli/cli_command.hpp"

namespace clens::cli {

inline constexpr const char* kProjectCreateUsage =
    "project create --out P.clens --cluster C --trace J [--format FMT] [--config scenario.json] [--name NAME]\n"
    "                                      [--metrics F] [--phase-model M.json] [--quotas Q] [--no-simulate] [-q]";
inline constexpr const char* kProjectInfoUsage = "project info P.clens [--json]";
inline constexpr const char* kProjectExportUsage = "project export P.clens --out DIR [-q]";

int runProjectCreate(const Args& args);
int runProjectInfo(const Args& args);
int runProjectExport(const Args& args);

} // namespace clens::cli
