#pragma once
// The main window's session as a .clens project (core/store, docs/project-file.md): the
// cluster, the trace, the knobs as the scenario "current", the current and baseline results
// as the results "current" and "baseline", any other named scenarios the file holds, the
// Phases page's container metrics with their model, and the Sweep page's sweep.
// Reading and writing block: call them on a worker thread. Errors come back as text (never
// as exceptions across threads), worded for a person from the core's typed errors.
#include "core/sim/scenario.hpp"
#include "core/store/project.hpp"
#include "core/util/progress.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/run/sweep_result.hpp"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace clens::ui {

inline constexpr const char* kCurrentName = "current";
inline constexpr const char* kBaselineName = "baseline";

// What is saved: immutable data, safe to hand to a worker.
struct SessionContents {
    SimInput input;
    Scenario scenario;
    std::shared_ptr<const SimResult> current;  // may be null
    std::shared_ptr<const SimResult> baseline; // may be null
    std::vector<NamedScenario> otherScenarios; // kept from the opened project, saved again
    std::optional<ProjectPhases> phases;       // the Phases page's metrics and model
    std::shared_ptr<const SweepResult> sweep;  // the Sweep page's sweep (null: none)
    std::optional<ProjectView> view;           // time cursor, selected job, colour mode, page
};

Project toProject(const SessionContents& contents);

struct OpenedProject {
    SimInput input;
    Scenario scenario;
    std::shared_ptr<SimSnapshot> current;  // indexed, ready to show; null: simulate
    SnapshotPtr baseline;
    std::vector<NamedScenario> otherScenarios;
    std::optional<ProjectPhases> phases;
    std::shared_ptr<const SweepResult> sweep; // null: none (or it could not be read: a note says so)
    std::optional<ProjectView> view;
    QStringList notes; // what could not be used (a scenario JSON the core rejects, ...)
    QString error;     // empty on success: a headline, a blank line, the core's message
    bool cancelled = false;
};

// Reads the project and indexes its results with engine.index.
OpenedProject readProject(const Engine& engine, const QString& path, const ProgressFn& progress);

struct SavedProject {
    QString error; // empty on success
    bool cancelled = false;
};

// Writes atomically: the file is the old one or the complete new one.
SavedProject writeProject(const QString& path, const SessionContents& contents, const ProgressFn& progress);

// True when the file starts as an SQLite database does (so "open" can tell a project from a trace).
bool looksLikeProject(const QString& path);

} // namespace clens::ui
