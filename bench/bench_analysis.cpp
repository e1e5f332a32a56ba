// All analysis figures for a 120k-job simulation result (target <= 0.5 s), from a SimResult in
// memory and from its jobs.csv read back; plus a comparison of two such results.
#include "bench/bench_util.hpp"
#include "core/analysis/comparison.hpp"
#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/job_table_builders.hpp"
#include "core/io/job_results_csv_reader.hpp"

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_01.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

using namespace clens;

namespace {

constexpr int kJobs = 120'000;
constexpr int kServers = 550;
constexpr std::int64_t kSpan_s = 60LL * 86400; // two months of submissions

// A Philly-like synthetic result: 1-GPU jobs dominate, heavy-tailed run times and delays.
SimResult syntheticResult(std::uint64_t seed)
{
    boost::random::mt19937_64 rng(seed);
    boost::random::uniform_01<double> u;
    auto trace = std::make_shared<Trace>();
    std::vector<ServerSpec> specs;
    for (int s = 0; s < kServers; ++s)
        specs.push_back({"m" + std::to_string(s), std::nullopt, s % 5 == 0 ? 2 : 8, "", 0, 0});
    auto cluster = std::make_shared<Topology>(Topology::build(specs, 8));
    SimResult r;
    for (int i = 0; i < kJobs; ++i) {
        Job j;
        j.id = "job" + std::to_string(i);
        j.tenant = trace->internTenant("vc" + std::to_string(static_cast<int>(u(rng) * 15)));
        j.user = trace->internUser("u" + std::to_string(static_cast<int>(u(rng) * 300)));
        const double x = u(rng);
        j.gpus = x < 0.85 ? 1 : x < 0.92 ? 2 : x < 0.96 ? 4 : x < 0.99 ? 8 : 16;
        j.submit_s = static_cast<std::int64_t>(u(rng) * kSpan_s);
        j.duration_s = 60 + static_cast<std::int64_t>(std::exp(u(rng) * 12));
        trace->jobs.push_back(j);
        JobResult jr;
        jr.job = i;
        jr.simulated = true;
        const double y = u(rng);
        jr.status = y < 0.7 ? JobStatus::Pass : y < 0.85 ? JobStatus::Killed : y < 0.995 ? JobStatus::Failed : JobStatus::Unfinished;
        jr.fairshareDelay_s = static_cast<std::int64_t>(std::exp(u(rng) * 8)) - 1;
        jr.fragmentationDelay_s = j.gpus > 4 ? static_cast<std::int64_t>(std::exp(u(rng) * 9)) : 0;
        jr.capacityDelay_s = static_cast<std::int64_t>(u(rng) * 100);
        jr.queueDelay_s = jr.fairshareDelay_s + jr.fragmentationDelay_s + jr.capacityDelay_s;
        if (jr.status != JobStatus::Unfinished) {
            jr.start_s = j.submit_s + jr.queueDelay_s;
            jr.servers = j.gpus <= 8 ? 1 + static_cast<int>(u(rng) * 1.3) : 2 + static_cast<int>(u(rng) * 3);
            jr.racks = 1;
            jr.level = jr.servers > 1 ? LocalityLevel::Rack : LocalityLevel::Server;
            jr.slowdown = 1 + 0.1 * (jr.servers - 1);
            jr.end_s = *jr.start_s + static_cast<std::int64_t>(static_cast<double>(j.duration_s) * jr.slowdown);
            jr.attempts = 1;
            jr.gpuSeconds = j.gpus * (*jr.end_s - *jr.start_s);
            jr.effectiveUtil = u(rng) / jr.slowdown;
        }
        r.jobs.push_back(jr);
    }
    for (std::int64_t t = 0; t <= kSpan_s; t += 300) {
        r.series.t_s.push_back(t);
        r.series.allocatedGpus.push_back(static_cast<std::int32_t>(u(rng) * 3000));
        r.series.effectiveUtil.push_back(u(rng) * 0.6);
        r.series.queuedJobs.push_back(static_cast<std::int32_t>(u(rng) * 200));
        r.series.freeServers.push_back(static_cast<std::int32_t>(u(rng) * 50));
        r.series.heldIdleGpus.push_back(0);
    }
    r.trace = trace;
    r.cluster = cluster;
    return r;
}

void writeJobsCsv(const SimResult& r, const std::string& path)
{
    std::ofstream out(path);
    out << "job_id,vc,gpus,submit_s,start_s,end_s,queue_delay_s,fairshare_delay_s,fragmentation_delay_s,"
           "capacity_delay_s,servers,racks,level,attempts,status,gpu_seconds,effective_util\n";
    const auto opt = [](const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : std::string(); };
    for (const auto& jr : r.jobs) {
        const auto& j = r.trace->jobs[static_cast<std::size_t>(jr.job)];
        const bool ran = jr.start_s.has_value();
        out << j.id << ',' << r.trace->tenants[static_cast<std::size_t>(j.tenant)].name << ',' << j.gpus << ',' << j.submit_s
            << ',' << opt(jr.start_s) << ',' << opt(jr.end_s) << ',' << jr.queueDelay_s << ',' << jr.fairshareDelay_s
            << ',' << jr.fragmentationDelay_s << ',' << jr.capacityDelay_s << ','
            << (ran ? std::to_string(jr.servers) : "") << ',' << (ran ? std::to_string(jr.racks) : "") << ','
            << (ran ? toString(jr.level) : "") << ',' << jr.attempts << ',' << toString(jr.status) << ','
            << jr.gpuSeconds << ',' << (ran ? std::to_string(jr.effectiveUtil) : "") << '\n';
    }
}

} // namespace

int main()
{
    const auto result = syntheticResult(1);
    std::printf("synthetic result: %d jobs, %d servers, %zu series samples\n", kJobs, kServers, result.series.t_s.size());

    std::size_t rows = 0;
    const auto inMemory = bench::timeRuns(5, [&] {
        const auto table = jobTableFromSimResult(result);
        const auto set = computeFigures(table);
        rows = 0;
        for (const auto& f : set.figures)
            rows += f.rowCount();
    });
    std::cout << bench::describe("all figures from a SimResult (build view + 15 figures)", inMemory) << "  ["
              << rows << " rows]\n";

    const auto table = jobTableFromSimResult(result);
    const auto figuresOnly = bench::timeRuns(5, [&] { computeFigures(table); });
    std::cout << bench::describe("  of which the 15 figures alone", figuresOnly) << '\n';
    for (const auto& info : figureCatalog()) {
        const auto t = bench::timeRuns(3, [&] { computeFigure(info.name, table); });
        std::printf("    %-26s %.4f s\n", info.name.c_str(), bench::median(t));
    }

    const auto path = (std::filesystem::temp_directory_path() / "clens_bench_analysis_jobs.csv").string();
    writeJobsCsv(result, path);
    const auto fromCsv = bench::timeRuns(3, [&] {
        const auto t = jobTableFromJobResults(readJobResultsCsv(path), result.cluster.get());
        computeFigures(t);
    });
    std::cout << bench::describe("jobs.csv read back + view + 15 figures", fromCsv) << '\n';

    const auto other = jobTableFromSimResult(syntheticResult(2));
    auto b = table;
    for (std::size_t i = 0; i < b.jobs.size(); ++i) // same jobs, other outcomes
        b.jobs[i] = [&] {
            auto j = other.jobs[i];
            j.vc = table.jobs[i].vc;
            j.gpus = table.jobs[i].gpus;
            const auto shift = table.jobs[i].submit_s - j.submit_s;
            j.submit_s += shift;
            if (j.start_s)
                *j.start_s += shift;
            if (j.end_s)
                *j.end_s += shift;
            return j;
        }();
    const auto cmp = bench::timeRuns(5, [&] { compareResults(table, b); });
    std::cout << bench::describe("compare two 120k-job results", cmp) << '\n';
    std::filesystem::remove(path);
    std::printf("peak RSS: %.1f MiB\n", bench::peakRssMiB());
    return 0;
}
