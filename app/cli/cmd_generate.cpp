#include "app/cli/cli_options.hpp"
#include "core/io/native_csv.hpp"
#include "core/util/atomic_file.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <stdexcept>
#include <vector>

namespace clens::cli {

namespace {

// An output file with a large buffer, replaced atomically by close() (docs/cli.md "Output files").
class OutputFile {
public:
    explicit OutputFile(const std::string& path) : file_(path, std::size_t{1} << 20) {}
    std::ostream& stream() { return file_.stream(); }
    void close() { file_.commit(); }

private:
    store::AtomicOutputFile file_;
};

} // namespace

int runGenerate(const Args& args)
{
    std::string preset = "philly-like", clusterPath, jobsPath;
    std::int64_t jobs = 0, seed = 1;
    synth::GenerateOptions options;
    po::options_description desc("generate options");
    desc.add_options()
        ("preset", po::value(&preset)->default_value(preset), "workload preset (philly-like)")
        ("jobs", po::value(&jobs)->required(), "number of jobs")
        ("seed", po::value(&seed)->default_value(seed), "random seed (>= 0); the same seed gives the same files")
        ("out-cluster", po::value(&clusterPath)->required(), "cluster CSV to write (server,rack,gpus,...)")
        ("out-jobs", po::value(&jobsPath)->required(), "jobs CSV to write (job_id,vc,user,submit_s,gpus,duration_s,status,...)")
        ("servers", po::value(&options.servers)->default_value(options.servers), "servers in the cluster (racks of 8)")
        ("load", po::value(&options.load)->default_value(options.load),
         "offered load: mean fraction of the cluster's GPUs the jobs ask for");
    po::variables_map vm;
    if (!parseOptions(args, desc, vm,
                      "generate --preset philly-like --jobs N [--seed S] --out-cluster C --out-jobs J "
                      "[--servers N] [--load L]"))
        return 0;
    if (preset != "philly-like")
        throw UsageError("unknown --preset '" + preset + "' (available: philly-like)");
    if (seed < 0)
        throw UsageError("--seed must be >= 0");
    options.jobs = jobs;
    options.seed = static_cast<std::uint64_t>(seed);
    try {
        synth::validate(options);
    } catch (const ValueError& e) {
        throw UsageError(e.field().empty() ? e.reason() : "--" + e.field() + " " + e.reason());
    }

    synth::PhillyLikeGenerator generator(options);
    OutputFile clusterOut(clusterPath);
    OutputFile out(jobsPath);
    writeNativeCluster(clusterOut.stream(), generator.cluster());
    clusterOut.close();
    std::int64_t lastSubmit = 0;
    writeNativeJobsHeader(out.stream());
    const auto& vcs = generator.vcNames();
    const auto& users = generator.userNames();
    while (!generator.done()) {
        const Job j = generator.next();
        writeNativeJobRow(out.stream(), j, vcs[static_cast<std::size_t>(j.tenant)], users[static_cast<std::size_t>(j.user)]);
        lastSubmit = j.submit_s;
    }
    out.close();
    const auto& c = generator.cluster();
    std::cout << "cluster: " << c.serverCount() << " servers, " << c.gpuCount() << " GPUs, " << c.rackCount()
              << " racks -> " << clusterPath << '\n'
              << "jobs:    " << options.jobs << " over " << std::fixed << std::setprecision(1)
              << static_cast<double>(lastSubmit) / 86400.0 << " days, " << std::setprecision(1)
              << generator.arrivalRate() * 3600.0 << " arrivals/hour on average, offered load "
              << std::setprecision(2) << options.load << " -> " << jobsPath << '\n';
    return 0;
}

} // namespace clens::cli
