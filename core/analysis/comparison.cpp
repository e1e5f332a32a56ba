#include "core/analysis/comparison.hpp"

#include "core/analysis/cdf_figures.hpp"
#include "core/analysis/result_metrics.hpp"
#include "core/analysis/sample_stats.hpp"
#include "core/model/job_size.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace clens {

namespace {

const std::string& vcName(const JobTable& t, const JobRecord& j)
{
    static const std::string none;
    return j.vc >= 0 && static_cast<std::size_t>(j.vc) < t.vcs.size() ? t.vcs[static_cast<std::size_t>(j.vc)] : none;
}

// Index of each A job in B; throws JobSetMismatch when the sets differ.
std::vector<std::size_t> matchJobs(const JobTable& a, const JobTable& b)
{
    const auto where = [&](const JobTable& t) { return t.label.empty() ? std::string("?") : t.label; };
    if (a.jobs.size() != b.jobs.size())
        throw JobSetMismatch("results are not on the same jobs: " + where(a) + " has " + std::to_string(a.jobs.size()) +
                             " jobs, " + where(b) + " has " + std::to_string(b.jobs.size()));
    std::unordered_map<std::string_view, std::size_t> inB;
    inB.reserve(b.ids.size());
    for (std::size_t i = 0; i < b.ids.size(); ++i)
        inB.emplace(b.ids[i], i);
    std::vector<std::size_t> match(a.jobs.size());
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        const auto it = inB.find(a.ids[i]);
        if (it == inB.end())
            throw JobSetMismatch("results are not on the same jobs: job '" + a.ids[i] + "' of " + where(a) +
                                 " is not in " + where(b));
        const auto& ja = a.jobs[i];
        const auto& jb = b.jobs[it->second];
        const auto differ = [&](const std::string& what, const std::string& va, const std::string& vb) {
            return JobSetMismatch("results are not on the same jobs: job '" + a.ids[i] + "' has " + what + " " + va +
                                  " in " + where(a) + " but " + vb + " in " + where(b));
        };
        if (ja.gpus != jb.gpus)
            throw differ("GPUs", std::to_string(ja.gpus), std::to_string(jb.gpus));
        if (ja.submit_s != jb.submit_s)
            throw differ("submit time", std::to_string(ja.submit_s), std::to_string(jb.submit_s));
        if (vcName(a, ja) != vcName(b, jb))
            throw differ("VC", vcName(a, ja), vcName(b, jb));
        match[i] = it->second;
    }
    return match;
}

Figure metricsFigure(const JobTable& a, const JobTable& b)
{
    Figure f;
    f.name = "compare_metrics";
    f.title = "Metric deltas (B - A)";
    f.kind = FigureKind::Table;
    f.x = {"Metric", "", {"metric"}};
    f.y = {"Change", "%", {"delta_pct"}};
    f.addTextColumn("metric");
    f.addTextColumn("unit");
    f.addNumberColumn("a");
    f.addNumberColumn("b");
    f.addNumberColumn("delta");
    f.addNumberColumn("delta_pct", "%");
    f.addTextColumn("better");
    // Paired by name: A's rows in order, then B's that A lacks (one ran the autoscaler, say).
    const auto ma = resultMetrics(a);
    const auto mb = resultMetrics(b);
    std::vector<Metric> rows = ma;
    for (const auto& m : mb)
        if (std::none_of(ma.begin(), ma.end(), [&](const Metric& x) { return x.name == m.name; }))
            rows.push_back(m);
    const auto valueIn = [](const std::vector<Metric>& ms, const std::string& name) {
        const auto it = std::find_if(ms.begin(), ms.end(), [&](const Metric& x) { return x.name == name; });
        return it == ms.end() ? std::nan("") : it->value;
    };
    for (const auto& m : rows) {
        const double va = valueIn(ma, m.name), vb = valueIn(mb, m.name), d = vb - va;
        double pct = std::nan("");
        if (!std::isnan(d))
            pct = va != 0 ? 100.0 * d / std::fabs(va) : d == 0 ? 0.0 : std::nan("");
        std::string better;
        if (!std::isnan(d) && d != 0 && m.judged)
            better = (d < 0) == m.lowerIsBetter ? "B" : "A";
        f.appendRow({m.name, m.unit, cell(va), cell(vb), cell(d), cell(pct), better});
    }
    f.notes.push_back("delta = B - A; delta_pct = delta / |A| x 100 (empty when A is 0 and B is not)");
    return f;
}

struct JobDelta {
    std::size_t a = 0, b = 0;
    double delta = 0;
};

Figure topJobsFigure(const char* name, const char* title, const std::vector<JobDelta>& picked, const JobTable& a,
                     const JobTable& b)
{
    Figure f;
    f.name = name;
    f.title = title;
    f.kind = FigureKind::Table;
    f.x = {"Job", "", {"job_id"}};
    f.y = {"JCT change", "s", {"delta_s"}};
    f.addTextColumn("job_id");
    f.addTextColumn("vc");
    f.addNumberColumn("gpus");
    f.addNumberColumn("jct_a_s", "s");
    f.addNumberColumn("jct_b_s", "s");
    f.addNumberColumn("delta_s", "s");
    f.addNumberColumn("delta_pct", "%");
    f.addNumberColumn("queue_delay_a_s", "s");
    f.addNumberColumn("queue_delay_b_s", "s");
    const auto opt = [](const std::optional<std::int64_t>& v) {
        return v ? cell(static_cast<double>(*v)) : cell(std::nullopt);
    };
    for (const auto& p : picked) {
        const auto& ja = a.jobs[p.a];
        const auto& jb = b.jobs[p.b];
        const auto jctA = static_cast<double>(*ja.jct_s());
        f.appendRow({a.ids[p.a], vcName(a, ja), static_cast<double>(ja.gpus), jctA, static_cast<double>(*jb.jct_s()),
                     p.delta, jctA > 0 ? cell(100.0 * p.delta / jctA) : cell(std::nullopt), opt(ja.queueDelay_s),
                     opt(jb.queueDelay_s)});
    }
    f.notes.push_back("JCT = end - submit; delta = JCT(B) - JCT(A); ties in input order of A");
    return f;
}

Figure jctStatsFigure(std::vector<LabeledSample>& samples)
{
    Figure f;
    f.name = "jct_change_stats";
    f.title = "Per-job JCT change B - A (statistics)";
    f.kind = FigureKind::Table;
    f.x = {"Job size (GPUs)", "", {"series"}};
    f.y = {"JCT change", "s", {"mean_s", "p50_s"}};
    f.addTextColumn("series");
    f.addNumberColumn("jobs");
    f.addNumberColumn("faster");
    f.addNumberColumn("unchanged");
    f.addNumberColumn("slower");
    for (const char* c : {"mean_s", "min_s", "p5_s", "p50_s", "p95_s", "max_s"})
        f.addNumberColumn(c, "s");
    for (auto& s : samples) {
        auto& v = s.values;
        std::sort(v.begin(), v.end());
        const auto st = statsOfSorted(v);
        const auto faster = std::lower_bound(v.begin(), v.end(), 0.0) - v.begin();
        const auto notSlower = std::upper_bound(v.begin(), v.end(), 0.0) - v.begin();
        f.appendRow({s.label, static_cast<double>(v.size()), static_cast<double>(faster),
                     static_cast<double>(notSlower - faster), static_cast<double>(static_cast<std::ptrdiff_t>(v.size()) - notSlower),
                     cell(st.mean), cell(st.min), cell(quantileSorted(v, 0.05)), cell(st.p50), cell(st.p95),
                     cell(st.max)});
    }
    f.notes.push_back("jobs that finished in both results; negative = faster in B");
    return f;
}

} // namespace

Comparison compareResults(const JobTable& a, const JobTable& b, const AnalysisOptions& o)
{
    const auto match = matchJobs(a, b);
    Comparison c;
    c.jobs = static_cast<std::int64_t>(a.jobs.size());
    c.metrics = metricsFigure(a, b);
    auto samples = sizeBucketSamples();
    std::vector<JobDelta> deltas;
    for (std::size_t i = 0; i < a.jobs.size(); ++i) {
        const auto& ja = a.jobs[i];
        const auto& jb = b.jobs[match[i]];
        const auto ca = ja.jct_s(), cb = jb.jct_s();
        if (ca && !cb)
            ++c.finishedOnlyInA;
        if (cb && !ca)
            ++c.finishedOnlyInB;
        if (!ca || !cb)
            continue;
        const double d = static_cast<double>(*cb - *ca);
        ++c.finishedInBoth;
        c.faster += d < 0 ? 1 : 0;
        c.slower += d > 0 ? 1 : 0;
        c.unchanged += d == 0 ? 1 : 0;
        if (ja.gpus >= 1)
            samples[static_cast<std::size_t>(sizeBucket(ja.gpus))].values.push_back(d);
        samples[kAllSizes].values.push_back(d);
        deltas.push_back({i, match[i], d});
    }
    std::erase_if(samples, [](const LabeledSample& s) { return s.values.empty() && s.label != "all"; });
    c.jctChangeCdf = cdfFigure({"jct_change_cdf", "Per-job JCT change B - A", "JCT change", "s", "delta_s", "Job size (GPUs)"},
                               samples, o.cdfMaxPoints);
    c.jctChangeCdf.notes.push_back("delta = JCT(B) - JCT(A) of jobs that finished in both; negative = faster in B");
    c.jctChangeStats = jctStatsFigure(samples);
    c.jctChangeStats.notes.push_back(std::to_string(c.finishedOnlyInA) + " jobs finished only in A, " +
                                     std::to_string(c.finishedOnlyInB) + " only in B");

    std::vector<JobDelta> byGain = deltas;
    std::stable_sort(byGain.begin(), byGain.end(), [](const JobDelta& x, const JobDelta& y) { return x.delta < y.delta; });
    std::vector<JobDelta> gainers, losers;
    for (const auto& d : byGain) {
        if (d.delta >= 0 || gainers.size() >= o.topJobs)
            break;
        gainers.push_back(d);
    }
    std::stable_sort(deltas.begin(), deltas.end(), [](const JobDelta& x, const JobDelta& y) { return x.delta > y.delta; });
    for (const auto& d : deltas) {
        if (d.delta <= 0 || losers.size() >= o.topJobs)
            break;
        losers.push_back(d);
    }
    c.topGainers = topJobsFigure("top_gainers", "Jobs whose JCT dropped most (B vs A)", gainers, a, b);
    c.topLosers = topJobsFigure("top_losers", "Jobs whose JCT rose most (B vs A)", losers, a, b);
    return c;
}

} // namespace clens
