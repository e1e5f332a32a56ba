#include "ui/io/project_io.hpp"

#include "core/sim/scenario_grid.hpp"

#include "core/sim/scenario_json.hpp"
#include "core/store/project_file.hpp"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <exception>

namespace clens::ui {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("clens::ui::ProjectIo", text);
}

QString headline(ProjectFileError::Kind kind)
{
    using Kind = ProjectFileError::Kind;
    switch (kind) {
    case Kind::CannotOpen: return tr("The project file cannot be opened.");
    case Kind::NotAProject: return tr("This file is not a ClusterLens project.");
    case Kind::NewerVersion: return tr("This project was saved by a newer version of ClusterLens.");
    case Kind::OldVersion: return tr("This project was saved by a version of ClusterLens too old to read.");
    case Kind::Corrupt: return tr("The project file is damaged.");
    case Kind::BadContent: return tr("The project file holds data ClusterLens cannot use.");
    }
    return {};
}

const NamedResult* resultNamed(const Project& p, const std::string& name)
{
    for (const auto& r : p.results)
        if (r.name == name && r.result)
            return &r;
    return nullptr;
}

} // namespace

Project toProject(const SessionContents& c)
{
    Project p;
    p.cluster = c.input.cluster;
    p.trace = c.input.trace;
    p.scenarios.push_back({kCurrentName, scenarioToJson(c.scenario)});
    for (const auto& s : c.otherScenarios)
        p.scenarios.push_back(s);
    if (c.current)
        p.results.push_back({kCurrentName, c.current});
    if (c.baseline)
        p.results.push_back({kBaselineName, c.baseline});
    p.phases = c.phases;
    if (c.sweep)
        p.sweep = ProjectSweep{c.sweep->gridJson, c.sweep->runs, c.sweep->back};
    p.view = c.view;
    return p;
}

OpenedProject readProject(const Engine& engine, const QString& path, const ProgressFn& progress)
{
    OpenedProject out;
    try {
        // Reading is most of the work; indexing the results the rest.
        Project p = loadProject(path.toStdString(), [&](double f) { return !progress || progress(0.8 * f); });
        if (!p.cluster) {
            out.error = tr("This project has no cluster.") + QStringLiteral("\n\n") + path;
            return out;
        }
        out.input = SimInput{p.cluster, p.trace};
        out.phases = p.phases;
        out.view = p.view;
        if (p.sweep)
            try {
                auto sweep = std::make_shared<SweepResult>();
                sweep->grid = std::make_shared<const ScenarioGrid>(parseScenarioGrid(p.sweep->gridJson, path.toStdString() + ": sweep"));
                if (sweep->grid->runs.size() != p.sweep->runs.size() || p.sweep->back.size() != p.sweep->runs.size())
                    throw std::runtime_error("its grid has " + std::to_string(sweep->grid->runs.size()) + " runs, the file "
                                             + std::to_string(p.sweep->runs.size()));
                sweep->gridJson = p.sweep->gridJson;
                sweep->runs = p.sweep->runs;
                sweep->back = p.sweep->back;
                sweep->finished = true;
                out.sweep = std::move(sweep);
            } catch (const std::exception& e) {
                out.notes << tr("The saved sweep could not be read (%1); the Sweep page starts empty.").arg(QString::fromStdString(e.what()));
            }
        const NamedResult* current = resultNamed(p, kCurrentName);
        if (!current && !p.results.empty() && p.results.back().result)
            current = &p.results.back(); // a project written by another tool: its last result
        const NamedResult* baseline = resultNamed(p, kBaselineName);
        if (baseline == current)
            baseline = nullptr;

        bool haveScenario = false;
        for (const auto& s : p.scenarios) {
            if (s.name != kCurrentName || haveScenario) {
                out.otherScenarios.push_back(s);
                continue;
            }
            try {
                out.scenario = parseScenarioJson(s.json, path.toStdString() + ": scenario 'current'");
                haveScenario = true;
            } catch (const std::exception& e) {
                out.notes << tr("The saved knobs could not be read (%1); the result's knobs are used.")
                                 .arg(QString::fromStdString(e.what()));
            }
        }
        if (!haveScenario && current) {
            // The result's knobs, held to the scenario file's rules: the next knob change
            // simulates with them, and a damaged file must not make that run away.
            try {
                out.scenario = parseScenarioJson(scenarioToJson(current->result->scenario),
                                                 path.toStdString() + ": the result's knobs");
            } catch (const std::exception& e) {
                out.notes << tr("The result's knobs could not be used (%1); the default knobs are shown.")
                                 .arg(QString::fromStdString(e.what()));
            }
        } else if (!haveScenario && !p.scenarios.empty())
            try {
                out.scenario = parseScenarioJson(p.scenarios.front().json, path.toStdString());
            } catch (const std::exception&) {
                // the default knobs
            }

        if (progress && !progress(0.8))
            throw Cancelled();
        if (current)
            out.current = makeSnapshot(engine, current->result);
        if (progress && !progress(0.9))
            throw Cancelled();
        if (baseline)
            out.baseline = makeSnapshot(engine, baseline->result);
        if (progress)
            progress(1.0);
    } catch (const Cancelled&) {
        out = OpenedProject{};
        out.cancelled = true;
    } catch (const ProjectFileError& e) {
        out.error = headline(e.kind()) + QStringLiteral("\n\n") + QString::fromStdString(e.what());
    } catch (const std::exception& e) {
        out.error = tr("The project cannot be opened.") + QStringLiteral("\n\n") + QString::fromStdString(e.what());
    }
    if (!out.error.isEmpty()) {
        const QString error = out.error;
        out = OpenedProject{};
        out.error = error;
    }
    return out;
}

SavedProject writeProject(const QString& path, const SessionContents& contents, const ProgressFn& progress)
{
    SavedProject out;
    try {
        if (!contents.input.valid())
            throw std::invalid_argument("there is no cluster and trace to save");
        saveProject(path.toStdString(), toProject(contents), progress);
    } catch (const Cancelled&) {
        out.cancelled = true;
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

bool looksLikeProject(const QString& path)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("clens"), Qt::CaseInsensitive) == 0)
        return true;
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(16) == QByteArray("SQLite format 3\0", 16);
}

} // namespace clens::ui
