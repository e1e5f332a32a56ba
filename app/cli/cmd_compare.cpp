#include "app/cli/cli_options.hpp"
#include "app/cli/import_flags.hpp"
#include "core/analysis/comparison.hpp"
#include "core/analysis/figure_export.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/job_results_csv_reader.hpp"
#include "core/io/trace_format.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>

namespace clens::cli {

namespace {

void printText(const Comparison& c)
{
    const auto& m = c.metrics;
    std::cout << std::left << std::setw(34) << "metric" << std::right << std::setw(16) << "A" << std::setw(16) << "B"
              << std::setw(16) << "delta" << std::setw(12) << "delta%" << "  better\n";
    for (std::size_t r = 0; r < m.rowCount(); ++r) {
        const auto num = [&](const char* col) {
            const double v = m.number(r, col);
            if (std::isnan(v))
                return std::string();
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.7g", v);
            return std::string(buf);
        };
        std::cout << std::left << std::setw(34) << m.text(r, "metric") << std::right << std::setw(16) << num("a")
                  << std::setw(16) << num("b") << std::setw(16) << num("delta") << std::setw(12) << num("delta_pct")
                  << "  " << m.text(r, "better") << '\n';
    }
    std::cout << "\njobs: " << c.jobs << ", finished in both: " << c.finishedInBoth << " (faster in B: " << c.faster
              << ", slower: " << c.slower << ", unchanged: " << c.unchanged << "), finished only in A: "
              << c.finishedOnlyInA << ", only in B: " << c.finishedOnlyInB << '\n';
}

boost::json::object comparisonJson(const Comparison& c, const std::vector<std::string>& files)
{
    boost::json::object o;
    o["jobs"] = c.jobs;
    o["finished_in_both"] = c.finishedInBoth;
    o["faster"] = c.faster;
    o["slower"] = c.slower;
    o["unchanged"] = c.unchanged;
    o["finished_only_in_a"] = c.finishedOnlyInA;
    o["finished_only_in_b"] = c.finishedOnlyInB;
    boost::json::array figures;
    const auto figs = c.figures();
    for (std::size_t i = 0; i < figs.size(); ++i) {
        auto f = files.empty() ? figureJson(*figs[i]) : figureMetaJson(*figs[i]);
        f["file"] = i < files.size() ? boost::json::value(files[i]) : boost::json::value(nullptr);
        figures.push_back(std::move(f));
    }
    o["figures"] = std::move(figures);
    return o;
}

} // namespace

int runCompare(const Args& args)
{
    std::string pathA, pathB, out, outDir, clusterPath;
    bool json = false;
    std::size_t top = 10;
    po::options_description desc("compare options");
    desc.add_options()
        ("a", po::value(&pathA)->required(), "baseline jobs.csv (A)")
        ("b", po::value(&pathB)->required(), "what-if jobs.csv (B)")
        ("out", po::value(&out), "write the metric-delta table (CSV) here")
        ("out-dir", po::value(&outDir), "write every comparison figure (CSV) and index.json here")
        ("cluster", po::value(&clusterPath), "cluster file (for the GPU allocation fraction)")
        ("top", po::value(&top), "jobs listed as gaining / losing most (default 10)")
        ("json", po::bool_switch(&json), "print JSON (with the data when there is no --out-dir)");
    ImportOptions importOptions;
    addImportFlags(desc, importOptions);
    po::positional_options_description positional;
    positional.add("a", 1).add("b", 1);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, "compare A.csv B.csv [--out metrics.csv] [--out-dir DIR] [--top N] [--json]",
                      &positional))
        return 0;

    checkImportFlags(importOptions);
    std::optional<Topology> cluster;
    if (!clusterPath.empty())
        cluster = loadCluster(clusterPath, importOptions);
    const Topology* c = cluster ? &*cluster : nullptr;
    const auto a = jobTableFromJobResults(readJobResultsCsv(pathA), c);
    const auto b = jobTableFromJobResults(readJobResultsCsv(pathB), c);
    AnalysisOptions options;
    options.topJobs = top;
    Comparison cmp;
    try {
        cmp = compareResults(a, b, options);
    } catch (const JobSetMismatch& e) {
        throw InputError(pathB, 0, "", e.what());
    }

    if (!out.empty())
        writeFigureCsvFile(out, cmp.metrics);
    std::vector<std::string> files;
    if (!outDir.empty()) {
        std::filesystem::create_directories(outDir);
        for (const auto* f : cmp.figures()) {
            files.push_back(f->name + ".csv");
            writeFigureCsvFile((std::filesystem::path(outDir) / files.back()).string(), *f);
        }
        const auto indexPath = (std::filesystem::path(outDir) / "index.json").string();
        store::writeFileAtomically(indexPath, [&](std::ostream& index) {
            index << toJsonText(comparisonJson(cmp, files)) << '\n';
        });
    }
    if (json)
        std::cout << toJsonText(comparisonJson(cmp, files)) << '\n';
    else
        printText(cmp);
    return 0;
}

} // namespace clens::cli
