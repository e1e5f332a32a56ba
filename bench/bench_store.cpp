// .clens project file: save and load of a 1M-job project (a generated philly-like trace), then
// the same with a result shaped like a simulation of it (one job result and one wait per job,
// one occupancy interval per GPU held, a 5-minute series).
#include "bench/bench_util.hpp"
#include "core/store/project_file.hpp"
#include "core/synth/philly_like_generator.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

using namespace clens;

namespace {

std::shared_ptr<const SimResult> syntheticResult(const Project& p)
{
    auto r = std::make_shared<SimResult>();
    r->cluster = p.cluster;
    r->trace = p.trace;
    const auto& jobs = p.trace->jobs;
    std::int64_t gpu = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const auto& j = jobs[i];
        JobResult jr;
        jr.job = static_cast<std::int32_t>(i);
        jr.simulated = true;
        jr.status = j.status;
        jr.start_s = j.submit_s + 60;
        jr.end_s = j.submit_s + 60 + j.duration_s;
        jr.queueDelay_s = jr.capacityDelay_s = 60;
        jr.allocatedGpus = j.gpus;
        jr.servers = jr.racks = 1;
        jr.attempts = 1;
        jr.gpuSeconds = j.duration_s * j.gpus;
        jr.effectiveUtil = 0.52;
        jr.firstWait = static_cast<std::uint32_t>(r->waits.size());
        jr.waitCount = 1;
        r->waits.push_back({j.submit_s, *jr.start_s, DelayCause::Capacity});
        for (std::int32_t g = 0; g < j.gpus; ++g, ++gpu)
            r->occupancy.push_back({static_cast<std::int32_t>(gpu % p.cluster->gpuCount()), jr.job, *jr.start_s, *jr.end_s,
                                    GpuUse::Running, 1000, 0.52f});
        r->jobs.push_back(jr);
    }
    const auto samples = static_cast<std::size_t>((jobs.back().submit_s - jobs.front().submit_s) / 300 + 1);
    r->series.t_s.resize(samples);
    r->series.allocatedGpus.resize(samples);
    r->series.effectiveUtil.resize(samples);
    r->series.queuedJobs.resize(samples);
    r->series.freeServers.resize(samples);
    r->series.heldIdleGpus.resize(samples);
    r->series.queuedByVc.assign(p.trace->tenants.size(), std::vector<std::int32_t>(samples));
    return r;
}

void measure(const std::string& label, const Project& p, const std::filesystem::path& file, std::int64_t rows)
{
    const auto saves = bench::timeRuns(3, [&] { saveProject(file.string(), p); });
    const auto bytes = std::filesystem::file_size(file);
    std::size_t loaded = 0;
    const auto loads = bench::timeRuns(3, [&] { loaded = loadProject(file.string()).trace->jobs.size(); });
    std::printf("%s\n  file %.1f MB, %zu jobs loaded\n", label.c_str(), static_cast<double>(bytes) / 1e6, loaded);
    std::printf("  %s  (%.2f M rows/s)\n", bench::describe("save", saves).c_str(), static_cast<double>(rows) / 1e6 / bench::median(saves));
    std::printf("  %s  (%.2f M rows/s)\n", bench::describe("load", loads).c_str(), static_cast<double>(rows) / 1e6 / bench::median(loads));
}

} // namespace

int main(int argc, char** argv)
{
    const std::int64_t jobs = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    const auto file = std::filesystem::temp_directory_path() / "clens_bench_store.clens";
    synth::GenerateOptions o;
    o.jobs = jobs;
    synth::PhillyLikeGenerator g(o);
    Project p;
    p.cluster = std::make_shared<const Topology>(g.cluster());
    p.trace = std::make_shared<const Trace>(synth::generatePhillyLikeTrace(g));
    p.scenarios = {{"default", "{}"}};
    measure("project with a " + std::to_string(jobs) + "-job trace", p, file, jobs);

    p.results.push_back({"synthetic", syntheticResult(p)});
    const auto& r = *p.results.back().result;
    const auto rows = jobs + static_cast<std::int64_t>(r.jobs.size() + r.waits.size() + r.occupancy.size());
    measure("the same with a result (" + std::to_string(r.occupancy.size()) + " occupancy intervals)", p, file, rows);
    std::filesystem::remove(file);
    std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
    return 0;
}
