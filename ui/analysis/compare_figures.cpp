#include "ui/analysis/compare_figures.hpp"

#include "core/analysis/cdf_figures.hpp"
#include "core/analysis/figures.hpp"
#include "ui/analysis/value_format.hpp"
#include "ui/analysis/analysis_figures.hpp"

#include <exception>
#include <unordered_map>

namespace clens::ui::analysis {

namespace {

std::vector<int> traceIndices(const Figure& top, const Trace* trace)
{
    std::vector<int> out(top.rowCount(), -1);
    const auto* ids = top.column("job_id");
    if (!trace || !ids)
        return out;
    std::unordered_map<std::string_view, int> index;
    index.reserve(trace->jobs.size());
    for (std::size_t i = 0; i < trace->jobs.size(); ++i)
        index.emplace(trace->jobs[i].id, static_cast<int>(i));
    for (std::size_t r = 0; r < out.size(); ++r)
        if (const auto it = index.find(ids->texts[r]); it != index.end())
            out[r] = it->second;
    return out;
}

} // namespace

Figure jctChangeMagnitudeFigure(const JobTable& a, const JobTable& b, const AnalysisOptions& options)
{
    std::unordered_map<std::string_view, std::size_t> inB;
    inB.reserve(b.ids.size());
    for (std::size_t i = 0; i < b.ids.size(); ++i)
        inB.emplace(b.ids[i], i);
    std::vector<double> sooner, later;
    std::size_t unchanged = 0, notBoth = 0;
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        const auto it = inB.find(a.ids[i]);
        const auto ja = a.jobs[i].jct_s();
        const auto jb = it == inB.end() ? std::nullopt : b.jobs[it->second].jct_s();
        if (!ja || !jb) {
            ++notBoth;
            continue;
        }
        const auto d = static_cast<double>(*jb - *ja);
        if (d < 0)
            sooner.push_back(-d);
        else if (d > 0)
            later.push_back(d);
        else
            ++unchanged;
    }
    const auto label = [](const char* what, std::size_t n) {
        return std::string(what) + " (" + formatPlainNumber(static_cast<double>(n)).toStdString() + (n == 1 ? " job)" : " jobs)");
    };
    std::vector<LabeledSample> samples{{label("Finished sooner", sooner.size()), std::move(sooner)},
                                       {label("Finished later", later.size()), std::move(later)}};
    auto f = cdfFigure({"jct_change_magnitude_cdf", "How much sooner or later the jobs that changed finished",
                        "Change of completion time", "s", "change_s", "Direction"},
                       samples, options.cdfMaxPoints);
    const auto count = [](std::size_t n) { return formatPlainNumber(static_cast<double>(n)).toStdString(); };
    f.notes.push_back("|JCT(current) - JCT(baseline)| of each job that finished in both results and changed; " +
                      count(unchanged) + " unchanged jobs and " + count(notBoth) +
                      " jobs that did not finish in both are left out");
    return f;
}

Figure delayCdfOverlay(const JobTable& a, const JobTable& b, const AnalysisOptions& options)
{
    const auto fa = queueDelayCdfBySizeFigure(a, options);
    const auto fb = queueDelayCdfBySizeFigure(b, options);
    Figure f;
    f.name = "queue_delay_cdf_compare";
    f.title = "Queueing delay, baseline vs current (all jobs)";
    f.kind = FigureKind::Cdf;
    f.x = fa.x;
    f.y = fa.y;
    f.seriesColumn = "series";
    f.addTextColumn("series");
    f.addNumberColumn(fa.x.columns.front(), fa.x.unit);
    f.addNumberColumn("fraction");
    const auto append = [&](const Figure& src, const char* label) {
        const auto* s = src.column("series");
        for (std::size_t r = 0; r < src.rowCount(); ++r)
            if (s->texts[r] == "all")
                f.appendRow({std::string(label), src.number(r, src.x.columns.front()), src.number(r, "fraction")});
    };
    append(fa, "Baseline (A)");
    append(fb, "Current (B)");
    f.notes.push_back("queueing delay of every job that started, in each result; a curve further left and higher "
                      "means shorter waits");
    return f;
}

CompareOutcome computeComparison(const SimResult& baseline, const SimResult& current, const std::function<bool()>& stale,
                                 const AnalysisOptions& options)
{
    CompareOutcome out;
    try {
        auto a = simulationJobTable(baseline);
        a.label = "baseline";
        if (stale && stale()) {
            out.cancelled = true;
            return out;
        }
        auto b = simulationJobTable(current);
        b.label = "current result";
        if (stale && stale()) {
            out.cancelled = true;
            return out;
        }
        auto c = std::make_shared<Comparison>(compareResults(a, b, options));
        if (stale && stale()) {
            out.cancelled = true;
            return out;
        }
        out.delayCdfs = std::make_shared<const Figure>(delayCdfOverlay(a, b, options));
        out.jctChangeMagnitude = std::make_shared<const Figure>(jctChangeMagnitudeFigure(a, b, options));
        out.metrics = std::make_shared<const Figure>(c->metrics);
        // A = the baseline, B = the current result: say so in the words of the page.
        auto jct = c->jctChangeCdf;
        jct.title = "Per-job change of completion time (current - baseline)";
        jct.notes.push_back("A = the baseline, B = the current result");
        out.jctChangeCdf = std::make_shared<const Figure>(std::move(jct));
        out.jctChangeStats = std::make_shared<const Figure>(c->jctChangeStats);
        out.topGainers = std::make_shared<const Figure>(c->topGainers);
        out.topLosers = std::make_shared<const Figure>(c->topLosers);
        out.gainerJobs = traceIndices(c->topGainers, current.trace.get());
        out.loserJobs = traceIndices(c->topLosers, current.trace.get());
        out.comparison = std::move(c);
    } catch (const std::exception& e) {
        out = {};
        out.error = e.what();
    } catch (...) {
        out = {};
        out.error = "unexpected error while comparing the results";
    }
    return out;
}

} // namespace clens::ui::analysis
