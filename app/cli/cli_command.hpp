#pragma once
// Each subcommand of clusterlens-cli is one function in its own file. It gets the arguments
// after the subcommand name, returns the exit code, and may throw: main() maps InputError and
// usage errors to exit 2, anything else to exit 1 (docs/cli.md "Exit status and errors").
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace clens::cli {

using Args = std::vector<std::string>;

// Bad command-line usage (exit 2). The message is printed with the subcommand's help.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

int runInfo(const Args& args);
int runGenerate(const Args& args);
int runSimulate(const Args& args);
int runSweep(const Args& args);
int runPack(const Args& args);
int runPhases(const Args& args);
int runAutoscale(const Args& args);
int runAnalyze(const Args& args);
int runCompare(const Args& args);
int runProject(const Args& args);

} // namespace clens::cli
