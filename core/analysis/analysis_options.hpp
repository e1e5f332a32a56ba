#pragma once
#include <cstddef>

namespace clens {

struct AnalysisOptions {
    std::size_t cdfMaxPoints = 1000; // see empirical_cdf.hpp
    std::size_t topJobs = 10;        // comparison: jobs that gained / lost most
};

} // namespace clens
