#include "core/analysis/cdf_figures.hpp"

#include "core/analysis/empirical_cdf.hpp"
#include "core/analysis/sample_stats.hpp"
#include "core/model/job_size.hpp"

#include <algorithm>

namespace clens {

Figure cdfFigure(const CdfSpec& spec, std::vector<LabeledSample>& samples, std::size_t maxPoints)
{
    Figure f;
    f.name = spec.name;
    f.title = spec.title;
    f.kind = FigureKind::Cdf;
    f.x = {spec.valueLabel, spec.valueUnit, {spec.valueColumn}};
    f.y = {"Fraction of jobs", "", {"fraction"}};
    f.seriesColumn = "series";
    f.addTextColumn("series");
    f.addNumberColumn(spec.valueColumn, spec.valueUnit);
    f.addNumberColumn("fraction");
    for (auto& s : samples) {
        std::sort(s.values.begin(), s.values.end());
        for (const auto& p : empiricalCdf(s.values, maxPoints))
            f.appendRow({s.label, p.x, p.fraction});
    }
    f.notes.push_back("points of the empirical CDF: fraction of the series' jobs with a value <= x");
    return f;
}

Figure statsFigure(const CdfSpec& spec, std::vector<LabeledSample>& samples)
{
    Figure f;
    f.name = spec.name;
    f.title = spec.title;
    f.kind = FigureKind::Table;
    f.x = {spec.seriesLabel, "", {"series"}};
    f.y = {spec.valueLabel, spec.valueUnit, {"mean", "p50", "p95"}};
    f.addTextColumn("series");
    f.addNumberColumn("jobs");
    for (const char* c : {"mean", "p50", "p90", "p95", "p99", "max"})
        f.addNumberColumn(c, spec.valueUnit);
    for (auto& s : samples) {
        std::sort(s.values.begin(), s.values.end());
        const auto st = statsOfSorted(s.values);
        f.appendRow({s.label, static_cast<double>(st.n), cell(st.mean), cell(st.p50), cell(st.p90), cell(st.p95),
                     cell(st.p99), cell(st.max)});
    }
    f.notes.push_back("quantiles interpolate linearly between closest ranks (numpy's default)");
    return f;
}

std::vector<LabeledSample> sizeBucketSamples()
{
    std::vector<LabeledSample> s;
    for (const auto label : kSizeBucketLabels)
        s.push_back({std::string(label), {}});
    s.push_back({"all", {}});
    return s;
}

} // namespace clens
