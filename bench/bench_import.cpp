// Import throughput: MB/s and jobs/s (median of several runs) and peak RSS for
//  - the processed Philly table sample_traces/philly/philly_jobs_pollux.csv (philly-csv),
//  - a native jobs.csv of N jobs (default 1M) written first from the philly-like generator,
//  - a Philly raw job log (JSON) of N/5 jobs written first from the same generator (1-2
//    attempts each, pretty-printed like the real log),
//  - Slurm `sacct --parsable2` output of N jobs (the recommended fields, host-list ranges for
//    multi-node jobs) written first from the same generator.
// Usage: bench_import [jobs] [runs]. Prints figures; never asserts.
#include "bench/bench_util.hpp"
#include "core/io/native_csv.hpp"
#include "core/io/trace_format.hpp"
#include "core/synth/philly_like_generator.hpp"
#include "core/util/civil_time.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace clens;

namespace {

// Resets the kernel's peak-RSS mark (VmHWM) so each import reports its own peak.
void resetPeakRss()
{
    std::ofstream("/proc/self/clear_refs") << "5";
}

std::string pacific(std::int64_t unixUtc)
{
    // Good enough for a benchmark: a fixed PDT offset.
    return formatUtc(unixUtc - 7 * 3600);
}

// A Philly-style job log: one pretty-printed object per job, 1 attempt (every 4th job: 2).
void writePhillyLog(const std::filesystem::path& path, std::int64_t jobs)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.seed = 11;
    synth::PhillyLikeGenerator g(o);
    const auto& servers = g.cluster().servers();
    bench::BufferedFile file(path);
    auto& out = file.out;
    const std::int64_t origin = 1506816000; // 2017-10-01 UTC
    out << "[\n";
    for (std::int64_t k = 0; !g.done(); ++k) {
        const auto j = g.next();
        const auto submit = origin + j.submit_s;
        out << (k ? ",\n" : "") << R"(  {"status": ")" << toString(j.status) << R"(", "vc": ")"
            << g.vcNames()[static_cast<std::size_t>(j.tenant)] << R"(", "jobid": "application_1506638472019_)" << k
            << R"(", "submitted_time": ")" << pacific(submit) << R"(", "user": ")" << g.userNames()[static_cast<std::size_t>(j.user)]
            << R"(",)" << "\n   \"attempts\": [";
        const int attempts = k % 4 == 0 ? 2 : 1;
        std::int64_t t = submit + 30;
        for (int a = 0; a < attempts; ++a) {
            out << (a ? ",\n     " : "\n     ") << R"({"start_time": ")" << pacific(t) << R"(", "end_time": ")"
                << pacific(t + j.duration_s / attempts) << R"(",)" << "\n      \"detail\": [";
            std::int32_t left = j.gpus, server = static_cast<std::int32_t>(k % static_cast<std::int64_t>(servers.size()));
            bool firstEntry = true;
            while (left > 0) {
                const auto& s = servers[static_cast<std::size_t>(server)];
                const auto n = std::min(left, std::max(1, s.gpus));
                out << (firstEntry ? "" : ", ") << R"({"ip": ")" << s.name << R"(", "gpus": [)";
                for (int x = 0; x < n; ++x)
                    out << (x ? ", " : "") << "\"gpu" << x << '"';
                out << "]}";
                firstEntry = false;
                left -= n;
                server = (server + 1) % static_cast<std::int32_t>(servers.size());
            }
            out << "]}";
            t += j.duration_s / attempts + 60;
        }
        out << "]}";
    }
    out << "\n]\n";
}

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string sacctTime(std::int64_t t)
{
    auto s = formatUtc(t);
    s[10] = 'T';
    return s;
}

// sacct --allusers --allocations --parsable2 with the fields docs/formats.md recommends.
void writeSacct(const std::filesystem::path& path, std::int64_t jobs)
{
    synth::GenerateOptions o;
    o.jobs = jobs;
    o.seed = 13;
    synth::PhillyLikeGenerator g(o);
    bench::BufferedFile file(path);
    auto& out = file.out;
    out << "JobIDRaw|JobName|User|Account|Partition|QOS|Submit|Start|End|State|ExitCode|AllocTRES|ReqTRES|NNodes|NodeList\n";
    const std::int64_t epoch = 1'700'000'000;
    std::int64_t id = 1000;
    while (!g.done()) {
        const auto j = g.next();
        const auto submit = epoch + j.submit_s;
        const auto start = submit + (id % 97) * 13;
        const auto gpus = std::max(1, j.gpus);
        const auto nodes = (gpus + 7) / 8;
        const char* state = j.status == JobStatus::Failed ? "FAILED" : j.status == JobStatus::Killed ? "CANCELLED" : "COMPLETED";
        const auto first = static_cast<int>(id % 500);
        char hosts[64];
        if (nodes == 1)
            std::snprintf(hosts, sizeof hosts, "gpu%03d", first);
        else
            std::snprintf(hosts, sizeof hosts, "gpu[%03d-%03d]", first, first + nodes - 1);
        const auto tres = "billing=" + std::to_string(4 * gpus) + ",cpu=" + std::to_string(4 * gpus) + ",mem=" +
                          std::to_string(32 * gpus) + "G,node=" + std::to_string(nodes) + ",gres/gpu=" + std::to_string(gpus);
        out << id++ << "|train|" << g.userNames()[static_cast<std::size_t>(j.user)] << '|' << g.vcNames()[static_cast<std::size_t>(j.tenant)]
            << "|gpu|normal|" << sacctTime(submit) << '|' << sacctTime(start) << '|' << sacctTime(start + j.duration_s) << '|' << state
            << "|0:0|" << tres << '|' << tres << '|' << nodes << '|' << hosts << '\n';
    }
}

// Wall time is what a user waits; CPU time is what the import costs on a machine shared with
// other work (on a loaded machine the wall figure mostly measures the wait for a core).
void report(const std::string& label, const std::filesystem::path& path, TraceFormat format, int runs)
{
    const double mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    std::size_t jobs = 0;
    resetPeakRss();
    const auto base = bench::peakRssMiB();
    std::vector<double> cpu;
    const auto times = bench::timeRuns(runs, [&] {
        const auto c0 = cpuSeconds();
        jobs = loadTrace(path.string(), format).jobs.size();
        cpu.push_back(cpuSeconds() - c0);
    });
    const double t = bench::median(times), c = bench::median(cpu);
    std::printf("%s\n", bench::describe(label, times).c_str());
    std::printf("  %.1f MB, %zu jobs: wall %.0f MB/s, %.0f jobs/s; CPU %.3f s = %.0f MB/s, %.0f jobs/s\n", mb, jobs, mb / t,
                static_cast<double>(jobs) / t, c, mb / c, static_cast<double>(jobs) / c);
    std::printf("  peak RSS %.1f MiB (%.1f MiB before the runs)\n", bench::peakRssMiB(), base);
}

} // namespace

int main(int argc, char** argv)
{
    const std::int64_t jobs = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    const auto dir = std::filesystem::temp_directory_path() / ("clens_bench_import_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);

    report("philly-csv philly_jobs_pollux.csv", CLENS_SAMPLE_DIR "/philly/philly_jobs_pollux.csv", TraceFormat::PhillyCsv, runs);

    const auto native = dir / "jobs.csv";
    bench::writeGeneratedJobs(native, jobs, 7);
    report("native jobs.csv, " + std::to_string(jobs) + " generated jobs", native, TraceFormat::Csv, runs);
    std::filesystem::remove(native);

    const auto log = dir / "cluster_job_log";
    writePhillyLog(log, jobs / 5);
    report("Philly job log (JSON), " + std::to_string(jobs / 5) + " generated jobs", log, TraceFormat::Philly, runs);

    const auto sacct = dir / "sacct.txt";
    writeSacct(sacct, jobs);
    report("Slurm sacct --parsable2, " + std::to_string(jobs) + " generated jobs", sacct, TraceFormat::Slurm, runs);
    std::filesystem::remove_all(dir);
    return 0;
}
