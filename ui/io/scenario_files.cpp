#include "ui/io/scenario_files.hpp"

#include "core/sim/scenario_json.hpp"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace clens::ui {

LoadedScenario loadScenario(const QString& path)
{
    LoadedScenario out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = QObject::tr("%1: cannot open: %2").arg(path, f.errorString());
        return out;
    }
    const QByteArray bytes = f.readAll();
    try {
        out.scenario = parseScenarioJson(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                                         path.toStdString());
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

QString saveScenario(const QString& path, const Scenario& scenario)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QObject::tr("%1: cannot write: %2").arg(path, f.errorString());
    const std::string json = scenarioToJson(scenario);
    f.write(json.data(), static_cast<qint64>(json.size()));
    if (!f.commit())
        return QObject::tr("%1: cannot write: %2").arg(path, f.errorString());
    return {};
}

std::vector<ScenarioPreset> scenarioPresets()
{
    std::vector<ScenarioPreset> out;
    // The index fixes the order and names; each preset is a partial scenario JSON.
    QFile index(QStringLiteral(":/presets/index.json"));
    if (!index.open(QIODevice::ReadOnly))
        return out;
    const QJsonDocument doc = QJsonDocument::fromJson(index.readAll());
    const QJsonArray items = doc.object().value(QStringLiteral("presets")).toArray();
    for (const auto& item : items) {
        const QJsonObject o = item.toObject();
        const QString file = QStringLiteral(":/presets/") + o.value(QStringLiteral("file")).toString();
        const LoadedScenario loaded = loadScenario(file);
        if (!loaded.scenario)
            continue;
        out.push_back({o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("description")).toString(),
                       *loaded.scenario, o.value(QStringLiteral("keep_quotas")).toBool()});
    }
    return out;
}

QString presetMismatch(const ScenarioPreset& preset, const Trace* trace)
{
    if (!preset.keepsQuotas || !trace)
        return {};
    for (const auto& [vc, gpus] : preset.scenario.quota.vcGpus)
        if (!trace->findTenant(vc))
            return QObject::tr("this trace has no VC %1").arg(QString::fromStdString(vc));
    return {};
}

} // namespace clens::ui
