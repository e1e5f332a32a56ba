// clusterlens-cli: the headless front end. Links clusterlens_core only.
#include "app/cli/cli_command.hpp"
#include "clens_version.hpp"
#include "core/util/input_error.hpp"
#include "core/util/progress.hpp"
#include "core/util/text_escape.hpp"

#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>

namespace {

struct Command {
    int (*run)(const clens::cli::Args&);
    const char* summary;
};

const std::map<std::string, Command>& commands()
{
    using namespace clens::cli;
    static const std::map<std::string, Command> table{
        {"info", {runInfo, "summarise a trace (jobs, VCs, sizes, statuses)"}},
        {"generate", {runGenerate, "write a synthetic workload calibrated to Philly"}},
        {"simulate", {runSimulate, "replay a trace through the scheduler simulation"}},
        {"sweep", {runSweep, "simulate a grid of scenarios in parallel"}},
        {"pack", {runPack, "how full the cluster gets before pods fail (the FGD packing experiment)"}},
        {"phases", {runPhases, "train / apply the AI4DL phase model (phases train|apply)"}},
        {"autoscale", {runAutoscale, "score autoscaling policies on container traces"}},
        {"analyze", {runAnalyze, "compute the Philly-study figures for a trace or result"}},
        {"compare", {runCompare, "compare two simulation results on the same jobs"}},
        {"project", {runProject, "create a .clens project, print or export what it holds (project create|info|export)"}},
    };
    return table;
}

void printUsage(std::ostream& out)
{
    out << "usage: clusterlens-cli <command> [options]   (clusterlens-cli <command> --help)\n"
           "       clusterlens-cli --version\n\ncommands:\n";
    for (const auto& [name, cmd] : commands())
        out << "  " << name << std::string(12 - name.size(), ' ') << cmd.summary << '\n';
}

// Results printed to stdout must reach it: flush std::cout and C stdio (some commands use
// printf) and check both. A full disk, /dev/full or a closed stdout turns success into exit 1
// (docs/cli.md "Exit status and errors").
bool stdoutWritten()
{
    std::cout.flush();
    const bool coutOk = static_cast<bool>(std::cout);
    return std::fflush(stdout) == 0 && !std::ferror(stdout) && coutOk;
}

int run(int argc, char** argv);

} // namespace

int main(int argc, char** argv)
{
    const int rc = run(argc, argv);
    if (!stdoutWritten()) {
        std::cerr << "clusterlens-cli: error: cannot write to standard output\n";
        return rc == 0 ? 1 : rc;
    }
    return rc;
}

namespace {

int run(int argc, char** argv)
{
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
        printUsage(argc < 2 ? std::cerr : std::cout);
        return argc < 2 ? 2 : 0;
    }
    if (std::strcmp(argv[1], "--version") == 0) {
        std::cout << "clusterlens-cli " << clens::kVersion << '\n';
        return 0;
    }
    const auto it = commands().find(argv[1]);
    if (it == commands().end()) {
        std::cerr << "clusterlens-cli: error: unknown command '" << clens::escapeControlChars(argv[1]) << "'\n";
        printUsage(std::cerr);
        return 2;
    }
    const clens::cli::Args args(argv + 2, argv + argc);
    try {
        return it->second.run(args);
    } catch (const clens::cli::UsageError& e) {
        // Messages can quote arguments and input text: control characters are escaped
        // (docs/formats.md "Text from input in messages"); usage text keeps its line breaks.
        std::cerr << "clusterlens-cli: error: " << clens::escapeControlChars(e.what(), true) << '\n';
        return 2;
    } catch (const clens::InputError& e) {
        std::cerr << "clusterlens-cli: error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "clusterlens-cli: error: " << clens::escapeControlChars(e.what()) << '\n';
        return 1;
    }
}

} // namespace
