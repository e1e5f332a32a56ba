#include "core/analysis/cdf_figures.hpp"
#include "core/analysis/figures.hpp"
#include "core/model/job_size.hpp"

namespace clens {

namespace {

const CdfSpec kRunTimeCdf{"runtime_cdf", "Run time by job size", "Run time", "s", "run_time_s", "Job size (GPUs)"};
const CdfSpec kRunTimeStats{"runtime_stats", "Run time by job size (statistics)", "Run time", "s", "run_time_s",
                            "Job size (GPUs)"};

std::vector<LabeledSample> runTimes(const JobTable& t)
{
    auto s = sizeBucketSamples();
    for (const auto& j : t.jobs) {
        if (j.gpus < 1 || !j.runTime_s)
            continue;
        const auto v = static_cast<double>(*j.runTime_s);
        s[static_cast<std::size_t>(sizeBucket(j.gpus))].values.push_back(v);
        s[kAllSizes].values.push_back(v);
    }
    return s;
}

const char* kRunTimeNote = "run time = time the job held its GPUs: a trace's service time (sum of attempt durations), "
                           "a simulation's completion time minus its waiting (slowdown and lost work included)";

} // namespace

Figure runTimeCdfFigure(const JobTable& t, const AnalysisOptions& o)
{
    auto samples = runTimes(t);
    auto f = cdfFigure(kRunTimeCdf, samples, o.cdfMaxPoints);
    f.notes.push_back(kRunTimeNote);
    return f;
}

Figure runTimeStatsFigure(const JobTable& t)
{
    auto samples = runTimes(t);
    auto f = statsFigure(kRunTimeStats, samples);
    f.notes.push_back(kRunTimeNote);
    return f;
}

} // namespace clens
