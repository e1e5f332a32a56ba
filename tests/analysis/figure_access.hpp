#pragma once
// Reading figures in tests: rows by label, CDF points of one series, the CSV text.
#include "core/analysis/figure.hpp"
#include "core/analysis/figure_export.hpp"

#include <QTest>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace clens::test {

// The figure as its CSV export.
inline std::string csvOf(const Figure& f)
{
    std::ostringstream out;
    writeFigureCsv(out, f);
    return out.str();
}

// Number in the row whose text column keyCol equals key; fails the test when absent.
inline double valueAt(const Figure& f, const std::string& keyCol, const std::string& key, const std::string& col)
{
    const auto row = f.findRow(keyCol, key);
    if (!row) {
        QTest::qFail(("no row " + keyCol + "=" + key + " in " + f.name).c_str(), __FILE__, __LINE__);
        return -1;
    }
    return f.number(*row, col);
}

using Points = std::vector<std::pair<double, double>>;

// (x, y) of the rows of one series.
inline Points seriesPoints(const Figure& f, const std::string& series, const std::string& xCol, const std::string& yCol)
{
    Points p;
    const auto* s = f.column(f.seriesColumn.empty() ? "series" : f.seriesColumn);
    for (std::size_t r = 0; r < f.rowCount(); ++r)
        if (s && s->texts[r] == series)
            p.emplace_back(f.number(r, xCol), f.number(r, yCol));
    return p;
}

inline std::vector<std::string> seriesLabels(const Figure& f)
{
    std::vector<std::string> out;
    const auto* s = f.column(f.seriesColumn);
    if (!s)
        return out;
    for (const auto& t : s->texts)
        if (out.empty() || out.back() != t)
            out.push_back(t);
    return out;
}

} // namespace clens::test

namespace clens::test {

inline QString describe(const Points& p)
{
    QString s;
    for (const auto& [x, y] : p)
        s += QString("(%1, %2) ").arg(x, 0, 'g', 12).arg(y, 0, 'g', 12);
    return s;
}

// Exact comparison up to floating-point rounding; prints both lists on failure.
inline bool samePoints(const Points& got, const Points& want)
{
    bool same = got.size() == want.size();
    for (std::size_t i = 0; same && i < got.size(); ++i)
        same = qFuzzyCompare(1 + got[i].first, 1 + want[i].first) && qFuzzyCompare(1 + got[i].second, 1 + want[i].second);
    if (!same)
        qWarning("got:  %s\nwant: %s", qPrintable(describe(got)), qPrintable(describe(want)));
    return same;
}

} // namespace clens::test
