// clusterlens-cli project create|info|export (docs/cli.md "Project files").
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include "core/io/native_csv.hpp"
#include "core/store/project_file.hpp"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

class TestCliProject : public QObject {
    Q_OBJECT
private slots:
    void exportMatchesSimulate();
    void infoText();
    void noSimulate();
    void containerMetricsAreStored();
    void unsafeNamesGetIndexNames();
    void exportThatCannotWrite();
    void errors_data();
    void errors();
};

namespace {

QStringList demoInputs()
{
    return {"--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv"), "--config",
            sample("../resources/presets/strict-locality.json")};
}

QJsonObject infoJson(const QString& project)
{
    const auto r = runCli({"project", "info", project, "--json"});
    [&] { QCOMPARE(r.exitCode, 0); }();
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

// The project's result, exported, is what `simulate` writes for the same inputs, byte for byte
// (the result went through the project file and back).
void TestCliProject::exportMatchesSimulate()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("demo.clens"), out = dir.filePath("export");
    auto r = runCli(QStringList{"project", "create", "--out", project, "-q"} + demoInputs());
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    r = runCli(QStringList{"simulate", "-q", "--jobs-out", dir.filePath("jobs.csv"), "--series-out", dir.filePath("series.csv"),
                           "--summary-out", dir.filePath("summary.json")} + demoInputs());
    QCOMPARE(r.exitCode, 0);
    r = runCli({"project", "export", project, "--out", out});
    QCOMPARE(r.exitCode, 0);
    for (const char* file : {"jobs.csv", "series.csv", "summary.json"}) {
        const QByteArray exported = readAll(out + "/results/current/" + file);
        QVERIFY2(!exported.isEmpty(), file);
        QCOMPARE(exported, readAll(dir.filePath(file)));
    }
    QCOMPARE(readAll(out + "/cluster.csv").count('\n'), 5);  // header + 4 servers
    QCOMPARE(readAll(out + "/trace.csv").count('\n'), 25);   // header + 24 jobs
    QVERIFY(readAll(out + "/scenarios/current.json").contains("\"locality\""));
    QVERIFY(r.out.contains("results/current/jobs.csv"));

    const auto info = infoJson(project);
    QCOMPARE(info["trace"].toObject()["jobs"].toInt(), 24);
    QCOMPARE(info["cluster"].toObject()["servers"].toInt(), 4);
    QCOMPARE(info["cluster"].toObject()["gpus"].toInt(), 16);
    QCOMPARE(info["scenarios"].toArray().size(), 1);
    QCOMPARE(info["scenarios"].toArray()[0].toString(), QStringLiteral("current"));
    const auto results = info["results"].toArray();
    QCOMPARE(results.size(), 1);
    QCOMPARE(results[0].toObject()["name"].toString(), QStringLiteral("current"));
    QCOMPARE(results[0].toObject()["summary"].toObject(), QJsonDocument::fromJson(readAll(dir.filePath("summary.json"))).object());
    QVERIFY(info["phases"].isNull());
}

void TestCliProject::infoText()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.clens");
    auto r = runCli(QStringList{"project", "create", "--out", project, "--name", "strict"} + demoInputs());
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("24 jobs, 4 servers / 16 GPUs, scenario 'strict', result 'strict'"));
    r = runCli({"project", "info", project});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(": 24 jobs, 3 VCs"), r.out);
    QVERIFY(r.out.contains("cluster:   4 servers, 16 GPUs"));
    QVERIFY(r.out.contains("scenarios: 'strict'\n"));
    QVERIFY(r.out.contains("result 'strict': 24 jobs"));
    QVERIFY(r.out.contains("queue delay mean"));
    QVERIFY(r.out.contains("phases:    none"));
}

void TestCliProject::noSimulate()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.clens"), out = dir.filePath("export");
    QCOMPARE(runCli(QStringList{"project", "create", "--no-simulate", "-q", "--out", project} + demoInputs()).exitCode, 0);
    const auto info = infoJson(project);
    QCOMPARE(info["scenarios"].toArray().size(), 1);
    QCOMPARE(info["results"].toArray().size(), 0);
    QCOMPARE(runCli({"project", "export", "-q", project, "--out", out}).exitCode, 0);
    QVERIFY(QFile::exists(out + "/scenarios/current.json"));
    QVERIFY(!QDir(out + "/results").exists());
}

void TestCliProject::containerMetricsAreStored()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.clens");
    const auto r = runCli({"project", "create", "-q", "--out", project, "--cluster", sample("demo/cluster.csv"), "--trace",
                           sample("demo/jobs.csv"), "--config", sample("../resources/presets/autoscaler-phases.json"),
                           "--metrics", sample("ai4dl/sample-dlaas.csv"), "--phase-model",
                           QString::fromStdString(dataPath("ai4dl/ai4dl_pretrained_params.json"))});
    QCOMPARE(r.exitCode, 0);
    const auto phases = infoJson(project)["phases"].toObject();
    QVERIFY(phases["containers"].toInt() > 0);
    QCOMPARE(phases["model"].toBool(), true);
    const auto loaded = clens::loadProject(project.toStdString());
    QVERIFY(loaded.phases);
    QVERIFY(!loaded.phases->modelJson.empty());
    QCOMPARE(loaded.results.size(), std::size_t(1));
}

// Names that are not plain file names, or repeat, are exported under their kind and index.
void TestCliProject::unsafeNamesGetIndexNames()
{
    QTemporaryDir dir;
    clens::Project p;
    p.cluster = std::make_shared<const clens::Topology>(clens::readNativeCluster(samplePath("demo/cluster.csv")));
    p.trace = std::make_shared<const clens::Trace>(clens::readNativeJobs(samplePath("demo/jobs.csv")));
    p.scenarios = {{"../up", "{}"}, {"current", "{}"}, {"current", "{}"}, {"", "{}"}};
    const QString project = dir.filePath("p.clens"), out = dir.filePath("export");
    clens::saveProject(project.toStdString(), p);
    QCOMPARE(runCli({"project", "export", "-q", project, "--out", out}).exitCode, 0);
    const QStringList files = QDir(out + "/scenarios").entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{"current.json", "scenario-0.json", "scenario-2.json", "scenario-3.json"}));
    QVERIFY(!QFile::exists(dir.filePath("up.json")));
}

// A directory that cannot be made is an output failure (exit 1) naming the file.
void TestCliProject::exportThatCannotWrite()
{
    QTemporaryDir dir;
    const QString project = dir.filePath("p.clens");
    QCOMPARE(runCli(QStringList{"project", "create", "-q", "--no-simulate", "--out", project} + demoInputs()).exitCode, 0);
    const QString blocked = QString::fromStdString(writeFile(dir, "file", "not a directory")) + "/export";
    const auto r = runCli({"project", "export", project, "--out", blocked});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("clusterlens-cli: error: cannot write '" + (blocked + "/cluster.csv").toUtf8() + "'"), r.err);
}

void TestCliProject::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString jobs = sample("demo/jobs.csv");
    QTest::newRow("no subcommand") << QStringList{"project"} << 2 << "needs a subcommand";
    QTest::newRow("unknown subcommand") << QStringList{"project", "delete"} << 2 << "unknown 'project' subcommand 'delete'";
    QTest::newRow("create without --out") << (QStringList{"project", "create"} + demoInputs()) << 2 << "--out";
    QTest::newRow("model without metrics")
        << (QStringList{"project", "create", "--out", "/tmp/never.clens", "--phase-model", "m.json"} + demoInputs()) << 2
        << "--phase-model needs --metrics";
    QTest::newRow("info of a missing file") << QStringList{"project", "info", "/nonexistent/p.clens"} << 2
                                            << "/nonexistent/p.clens: cannot open";
    QTest::newRow("info of a trace") << QStringList{"project", "info", jobs} << 2 << "not a ClusterLens project";
    QTest::newRow("export of a trace") << QStringList{"project", "export", jobs, "--out", "/tmp/never"} << 2
                                       << "not a ClusterLens project";
    QTest::newRow("create into a missing directory")
        << (QStringList{"project", "create", "--out", "/nonexistent/p.clens"} + demoInputs()) << 1
        << "/nonexistent/p.clens: cannot save project";
}

void TestCliProject::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.startsWith("clusterlens-cli: error: "), r.err);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err);
}

QTEST_APPLESS_MAIN(TestCliProject)
#include "tst_cli_project.moc"
