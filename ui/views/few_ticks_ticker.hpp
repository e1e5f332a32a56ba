#pragma once
// A timeline row's value axis: at most about three labels (a row's data is ~25 px tall in the
// default dock), steps of 1, 2 or 5 × 10^k (QCustomPlot's 2.5 put three crowded labels in a row),
// whole numbers for counts (GPUs, jobs, servers).
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace clens::ui {

class FewTicksTicker : public QCPAxisTicker {
public:
    explicit FewTicksTicker(bool wholeNumbers) : whole_(wholeNumbers) { setTickCount(2); }

    // The smallest step of 1, 2 or 5 × 10^k that spans `size` in at most two steps.
    static double stepFor(double size)
    {
        const double raw = size / 2;
        if (!(raw > 0))
            return 1;
        const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
        for (const double m : {1.0, 2.0, 5.0})
            if (m * magnitude >= raw * (1 - 1e-9))
                return m * magnitude;
        return 10 * magnitude;
    }

protected:
    double getTickStep(const QCPRange& range) override
    {
        const double step = stepFor(range.size());
        return whole_ ? std::max(1.0, std::round(step)) : step;
    }
    int getSubTickCount(double) override { return 0; }

private:
    bool whole_;
};

} // namespace clens::ui
