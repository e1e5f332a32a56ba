// clusterlens-cli project export: a .clens project's tables as the files the other commands
// write (docs/cli.md "project export").
#include "app/cli/cli_options.hpp"
#include "app/cli/project_commands.hpp"
#include "app/cli/sim_inputs.hpp"
#include "core/io/job_results_csv.hpp"
#include "core/io/native_csv.hpp"
#include "core/io/series_csv.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/util/atomic_file.hpp"
#include "core/store/project_file.hpp"
#include "core/util/json_text.hpp"

#include <filesystem>
#include <iostream>
#include <set>

namespace clens::cli {

namespace {

namespace fs = std::filesystem;

// A stored name as a file name: kept when it is a plain one ([A-Za-z0-9._-], not "." or "..")
// and not taken yet, else "<kind>-<index>".
std::string fileNameFor(const std::string& name, const std::string& kind, std::size_t index, std::set<std::string>& taken)
{
    const bool plain = !name.empty() && name != "." && name != ".." &&
                       name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") ==
                           std::string::npos;
    std::string file = plain && !taken.count(name) ? name : kind + "-" + std::to_string(index);
    taken.insert(file);
    return file;
}

} // namespace

int runProjectExport(const Args& args)
{
    std::string path, outDir;
    bool quiet = false;
    po::options_description desc("project export options");
    desc.add_options()
        ("project", po::value(&path)->required(), "the project file (.clens)")
        ("out", po::value(&outDir)->required(), "directory to write into (created when missing)")
        ("quiet,q", po::bool_switch(&quiet), "print nothing on success");
    po::positional_options_description positional;
    positional.add("project", 1);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kProjectExportUsage, &positional))
        return 0;
    const Project project = loadProject(path);

    const fs::path dir(outDir);
    std::vector<std::string> written;
    const auto write = [&](const fs::path& file, const std::function<void(std::ostream&)>& fn) {
        std::error_code ec;
        fs::create_directories(file.parent_path(), ec);
        if (ec)
            throw store::OutputFileError(file.string(), "cannot create the directory: " + ec.message());
        writeOutputFile(file.string(), fn);
        written.push_back(file.string());
    };
    if (project.cluster)
        write(dir / "cluster.csv", [&](std::ostream& out) { writeNativeCluster(out, *project.cluster); });
    if (project.trace)
        write(dir / "trace.csv", [&](std::ostream& out) { writeNativeJobs(out, *project.trace); });
    std::set<std::string> scenarioFiles;
    for (std::size_t i = 0; i < project.scenarios.size(); ++i) {
        const auto& s = project.scenarios[i];
        write(dir / "scenarios" / (fileNameFor(s.name, "scenario", i, scenarioFiles) + ".json"),
              [&](std::ostream& out) { out << s.json << (s.json.ends_with('\n') ? "" : "\n"); });
    }
    std::set<std::string> resultDirs;
    for (std::size_t i = 0; i < project.results.size(); ++i) {
        const auto& r = *project.results[i].result;
        const fs::path sub = dir / "results" / fileNameFor(project.results[i].name, "result", i, resultDirs);
        write(sub / "jobs.csv", [&](std::ostream& out) { writeJobResultsCsv(out, r); });
        write(sub / "series.csv", [&](std::ostream& out) { writeSeriesCsv(out, r); });
        write(sub / "summary.json", [&](std::ostream& out) { out << toJsonText(summaryToJson(r.summary), 2) << '\n'; });
    }
    if (!quiet)
        for (const auto& file : written)
            std::cout << "wrote " << file << '\n';
    return 0;
}

} // namespace clens::cli
