#pragma once
// Turns sacct records, read from `--parsable2` text or from `--json`, into a trace by the rules
// of docs/formats.md "Slurm jobs (`sacct`)": states, requests (AllocTRES, else ReqTRES), GPU
// model restrictions, recorded start/end and placement, running and pending jobs, and the notes.
#include "core/io/duplicate_ids.hpp"
#include "core/io/import_options.hpp"
#include "core/io/name_index.hpp"
#include "core/io/slurm_tres.hpp"
#include "core/model/trace.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

// One job allocation as sacct gives it; times already Unix UTC.
struct SacctRecord {
    std::string id, tenant, user, state;
    std::int64_t submit_s = 0;
    std::optional<std::int64_t> start_s, end_s, elapsed_s;
    SlurmTres alloc, req;
    std::optional<double> ncpus;
    std::string nodes;                  // host-list expression; "None assigned" / "(null)" / "" = none
    std::optional<std::int64_t> nnodes; // when given
};

class SacctTraceBuilder {
public:
    // Where a record came from: its line (0 for JSON) and the name under which a field is
    // reported (the sacct field name, e.g. "State", or a JSON path).
    struct Where {
        std::int64_t line = 0;
        std::function<std::string(std::string_view sacctField)> field;
    };

    SacctTraceBuilder(const std::string& path, const ImportOptions& options, std::string format);
    void add(SacctRecord r, const Where& where);
    void countStep() { ++steps_; }
    void countArrayRange() { ++arrayRanges_; }
    // The trace; `notes` go first (e.g. the time zone). Throws InputError when no job was added.
    Trace finish(std::vector<std::string> notes);

private:
    const std::string& path_;
    Trace trace_;
    DuplicateIds ids_;
    NameIndex vcs_, users_;
    std::vector<std::size_t> running_;
    std::int64_t lastTime_ = 0;
    std::int64_t steps_ = 0, pending_ = 0, runningCount_ = 0, neverStarted_ = 0, startsEarly_ = 0, endsEarly_ = 0,
                 noTres_ = 0, reqTresUsed_ = 0, modelRestricted_ = 0, nodeCountMismatch_ = 0, arrayRanges_ = 0,
                 emptyTenant_ = 0;
};

} // namespace clens
