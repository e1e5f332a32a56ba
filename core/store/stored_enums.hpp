#pragma once
// The names enums are stored under in a project file (the spellings of the scenario JSON
// and the CSV outputs; docs/project-file.md "Schema (version 2, then 3, 4 and 5 below)"), and their
// strict inverses (nullopt for anything else).
#include "core/model/job.hpp"
#include "core/model/trace.hpp"
#include "core/sim/scenario.hpp"
#include "core/sim/sim_result.hpp"

#include <optional>
#include <string_view>

namespace clens::store {

std::string_view storedName(SkipReason v);
std::string_view storedName(TimeBase v);
std::string_view storedName(GangPolicy v);
std::string_view storedName(QuotaMode v);
std::string_view storedName(PlacementPolicy v);
std::string_view storedName(BackfillPolicy v);
std::string_view storedName(GpuUse v);
std::string_view storedName(JobStatus v);
std::string_view storedName(LocalityLevel v);
std::string_view storedName(DelayCause v);
std::string_view storedName(WaitResource v);

// T is one of the enums above.
template <typename T>
std::optional<T> parseStored(std::string_view text);

} // namespace clens::store
