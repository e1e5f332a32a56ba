#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/figure_export.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/job_results_csv_reader.hpp"
#include "core/io/series_csv_reader.hpp"
#include "core/io/trace_format.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>

namespace clens::cli {

namespace {

struct AnalyzeInput {
    JobTable table;
    std::string path; // the file the figures are about (for errors)
};

AnalyzeInput loadInput(ImportOptions options, const std::string& tracePath, TraceFormat format, const std::string& machines,
                       const std::string& clusterPath, const std::string& resultPath, const std::string& seriesPath,
                       std::int64_t step)
{
    options.machinesPath = machines;
    std::optional<Trace> trace;
    if (!tracePath.empty())
        trace = loadTrace(tracePath, format, options);
    // The cluster the trace ran on (Philly: GPU counts raised to fit the recorded placements).
    const std::string clusterFile = !clusterPath.empty() ? clusterPath : machines;
    std::vector<std::string> clusterNotes;
    std::optional<Topology> cluster;
    if (!clusterFile.empty())
        cluster = trace ? loadClusterForTrace(clusterFile, *trace, options, &clusterNotes)
                        : loadCluster(clusterFile, options, &clusterNotes);
    const Topology* c = cluster ? &*cluster : nullptr;
    AnalyzeInput input;
    if (!resultPath.empty()) {
        const auto file = readJobResultsCsv(resultPath);
        input = {jobTableFromJobResults(file, c, step), resultPath};
        if (trace) {
            checkResultMatchesTrace(file, *trace);
            noteTraceUtilization(input.table, *trace);
        }
        if (!seriesPath.empty())
            useSimulatorSeries(input.table, readSeriesCsv(seriesPath), "the simulator's time series (" + seriesPath + ")");
    } else {
        input = {jobTableFromTrace(*trace, c, step), tracePath};
    }
    for (auto& n : clusterNotes)
        input.table.notes.push_back("cluster: " + n);
    return input;
}

boost::json::object indexJson(const JobTable& t, const FigureSet& set, const std::vector<std::string>& files, bool withData)
{
    boost::json::object o;
    o["source"] = t.label;
    o["kind"] = t.source == JobTableSource::Trace ? "trace" : "simulation";
    o["jobs"] = t.jobs.size();
    boost::json::array notes;
    for (const auto& n : t.notes)
        notes.emplace_back(n);
    o["notes"] = std::move(notes);
    boost::json::array figures;
    for (std::size_t i = 0; i < set.figures.size(); ++i) {
        auto f = withData ? figureJson(set.figures[i]) : figureMetaJson(set.figures[i]);
        f["file"] = i < files.size() ? boost::json::value(files[i]) : boost::json::value(nullptr);
        figures.push_back(std::move(f));
    }
    o["figures"] = std::move(figures);
    boost::json::array unavailable;
    for (const auto& u : set.unavailable)
        unavailable.push_back(boost::json::object{{"name", u.name}, {"reason", u.reason}});
    o["unavailable"] = std::move(unavailable);
    return o;
}

void listFigures()
{
    for (const auto& f : figureCatalog())
        std::cout << f.name << std::string(f.name.size() < 26 ? 26 - f.name.size() : 1, ' ') << f.title << '\n';
}

} // namespace

int runAnalyze(const Args& args)
{
    std::string tracePath, formatName = "auto", machines, clusterPath, resultPath, seriesPath, figure = "all", outDir;
    bool json = false, list = false;
    std::int64_t step = 300;
    std::size_t cdfPoints = 1000;
    po::options_description desc("analyze options");
    desc.add_options()
        ("trace", po::value(&tracePath), "job trace (what really happened; delays need recorded starts)")
        ("format", po::value(&formatName), "auto|csv|philly|philly-csv|alibaba|helios|swf|slurm|slurm-json|kubernetes")
        ("machines", po::value(&machines), "Philly cluster_machine_list (GPU counts, servers)")
        ("cluster", po::value(&clusterPath), kClusterFileHelp)
        ("result", po::value(&resultPath), "simulator jobs.csv to analyse instead of the trace (checked against --trace)")
        ("series", po::value(&seriesPath), "the simulator's series CSV (simulate --series-out) for --result")
        ("figure", po::value(&figure), "figure name or 'all' (see --list)")
        ("out-dir", po::value(&outDir), "write one CSV per figure and index.json here")
        ("json", po::bool_switch(&json), "print the index as JSON (with the data when there is no --out-dir)")
        ("step", po::value(&step), "time-series step in seconds when recomputed from start/end (default 300)")
        ("cdf-points", po::value(&cdfPoints), "at most about this many points per CDF series (default 1000)")
        ("list", po::bool_switch(&list), "list the figures and exit");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::variables_map vm;
    const std::string usage = "analyze --trace T [--format FMT] [--machines M|--cluster C] [--result jobs.csv] "
                              "[--series s.csv] [--figure NAME|all] [--out-dir DIR] [--json]";
    if (!parseOptions(args, desc, vm, usage))
        return 0;
    if (list) {
        listFigures();
        return 0;
    }
    if (tracePath.empty() && resultPath.empty())
        throw UsageError("give --trace (and/or --result)\nusage: clusterlens-cli " + usage);
    const auto format = traceFormatFromString(formatName);
    if (!format)
        throw UsageError("unknown --format '" + formatName + "'");
    if (!seriesPath.empty() && resultPath.empty())
        throw UsageError("--series goes with --result (the simulation it came from)");
    if (step < 1)
        throw UsageError("--step must be at least 1 second");
    std::vector<std::string> names;
    if (figure != "all") {
        if (!isKnownFigure(figure))
            throw UsageError("unknown --figure '" + figure + "' (clusterlens-cli analyze --list shows the names)");
        names.push_back(figure);
    }
    if (outDir.empty() && !json && names.empty())
        throw UsageError("--figure all writes one CSV per figure: give --out-dir DIR (or --json, or one --figure)");

    checkImportFlags(importOptions);
    const auto input = loadInput(importOptions, tracePath, *format, machines, clusterPath, resultPath, seriesPath, step);
    AnalysisOptions options;
    options.cdfMaxPoints = cdfPoints;
    const auto set = computeFigures(input.table, names, options);
    if (!names.empty() && !set.unavailable.empty())
        throw InputError(input.path, 0, "", "figure '" + figure + "' is not available: " + set.unavailable.front().reason);

    std::vector<std::string> files;
    if (!outDir.empty()) {
        std::filesystem::create_directories(outDir);
        for (const auto& f : set.figures) {
            const auto file = f.name + ".csv";
            writeFigureCsvFile((std::filesystem::path(outDir) / file).string(), f);
            files.push_back(file);
        }
        const auto indexPath = (std::filesystem::path(outDir) / "index.json").string();
        store::writeFileAtomically(indexPath, [&](std::ostream& index) {
            index << toJsonText(indexJson(input.table, set, files, false)) << '\n';
        });
    }
    if (json) {
        std::cout << toJsonText(indexJson(input.table, set, files, outDir.empty())) << '\n';
        return 0;
    }
    if (outDir.empty()) {
        writeFigureCsv(std::cout, set.figures.front());
        return 0;
    }
    std::cout << "analysed " << input.table.jobs.size() << " jobs of " << input.table.label << '\n';
    for (std::size_t i = 0; i < set.figures.size(); ++i)
        std::cout << "  " << files[i] << "  (" << set.figures[i].rowCount() << " rows)  " << set.figures[i].title << '\n';
    for (const auto& u : set.unavailable)
        std::cout << "  not available: " << u.name << ": " << u.reason << '\n';
    for (const auto& n : input.table.notes)
        std::cout << "note: " << n << '\n';
    std::cout << "index: " << (std::filesystem::path(outDir) / "index.json").string() << '\n';
    return 0;
}

} // namespace clens::cli
