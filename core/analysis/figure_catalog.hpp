#pragma once
// Every figure by name, what it needs from the source, and one call to compute a set.
#include "core/analysis/analysis_options.hpp"
#include "core/analysis/figure.hpp"
#include "core/analysis/job_table.hpp"
#include "core/util/error.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

struct FigureInfo {
    std::string name;
    std::string title;
};

// In presentation order.
const std::vector<FigureInfo>& figureCatalog();
bool isKnownFigure(std::string_view name);

// Why the figure cannot be computed from this source, or nullopt when it can.
std::optional<std::string> figureUnavailable(std::string_view name, const JobTable& t);

// Throws ValueError for an unknown name. An unavailable figure comes back empty.
Figure computeFigure(std::string_view name, const JobTable& t, const AnalysisOptions& o = {});

struct UnavailableFigure {
    std::string name;
    std::string reason;
};

struct FigureSet {
    std::vector<Figure> figures;
    std::vector<UnavailableFigure> unavailable;
};

// names empty = every figure of the catalog.
FigureSet computeFigures(const JobTable& t, const std::vector<std::string>& names = {}, const AnalysisOptions& o = {});

} // namespace clens
