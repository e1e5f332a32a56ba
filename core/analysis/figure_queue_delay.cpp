#include "core/analysis/cdf_figures.hpp"
#include "core/analysis/figures.hpp"
#include "core/model/job_size.hpp"

namespace clens {

namespace {

const char* kStartedNote = "jobs that started; a job still waiting at the end has no final delay and is left out";

// Delay of a job that started (a trace's recorded first start - submit, or a simulation's
// total waiting, re-queues included).
std::optional<double> finalDelay(const JobRecord& j)
{
    if (!j.start_s || !j.queueDelay_s)
        return std::nullopt;
    return static_cast<double>(*j.queueDelay_s);
}

std::vector<LabeledSample> delaysBySize(const JobTable& t)
{
    auto s = sizeBucketSamples();
    for (const auto& j : t.jobs) {
        const auto d = finalDelay(j);
        if (j.gpus < 1 || !d)
            continue;
        s[static_cast<std::size_t>(sizeBucket(j.gpus))].values.push_back(*d);
        s[kAllSizes].values.push_back(*d);
    }
    return s;
}

std::vector<LabeledSample> delaysByVc(const JobTable& t)
{
    std::vector<LabeledSample> s;
    for (const auto& vc : t.vcs)
        s.push_back({vc, {}});
    for (const auto& j : t.jobs)
        if (const auto d = finalDelay(j); d && j.vc >= 0 && static_cast<std::size_t>(j.vc) < s.size())
            s[static_cast<std::size_t>(j.vc)].values.push_back(*d);
    std::erase_if(s, [](const LabeledSample& x) { return x.values.empty(); });
    return s;
}

CdfSpec spec(const char* name, const char* title, const char* series)
{
    return {name, title, "Queueing delay", "s", "queue_delay_s", series};
}

} // namespace

Figure queueDelayCdfBySizeFigure(const JobTable& t, const AnalysisOptions& o)
{
    auto samples = delaysBySize(t);
    auto f = cdfFigure(spec("queue_delay_cdf_by_size", "Queueing delay by job size", "Job size (GPUs)"), samples,
                       o.cdfMaxPoints);
    f.notes.push_back(kStartedNote);
    return f;
}

Figure queueDelayStatsBySizeFigure(const JobTable& t)
{
    auto samples = delaysBySize(t);
    auto f = statsFigure(spec("queue_delay_stats_by_size", "Queueing delay by job size (statistics)", "Job size (GPUs)"),
                         samples);
    f.notes.push_back(kStartedNote);
    return f;
}

Figure queueDelayCdfByVcFigure(const JobTable& t, const AnalysisOptions& o)
{
    auto samples = delaysByVc(t);
    auto f = cdfFigure(spec("queue_delay_cdf_by_vc", "Queueing delay by virtual cluster", "Virtual cluster"), samples,
                       o.cdfMaxPoints);
    f.notes.push_back(kStartedNote);
    return f;
}

Figure queueDelayStatsByVcFigure(const JobTable& t)
{
    auto samples = delaysByVc(t);
    auto f = statsFigure(spec("queue_delay_stats_by_vc", "Queueing delay by virtual cluster (statistics)",
                              "Virtual cluster"),
                         samples);
    f.notes.push_back(kStartedNote);
    return f;
}

} // namespace clens
