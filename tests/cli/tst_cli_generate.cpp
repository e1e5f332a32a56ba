// clusterlens-cli generate end to end: files a user can load, byte-identical reruns, exit codes.
#include "core/io/native_csv.hpp"
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace clens;
using namespace clens::test;

class TestCliGenerate : public QObject {
    Q_OBJECT
private slots:
    void writesLoadableFiles();
    void sameArgumentsSameBytes();
    void serversAndLoadShapeTheCluster();
    void badArguments_data();
    void badArguments();
    void unwritableOutputIsAFailure();

private:
    QTemporaryDir dir_;
    QString path(const char* name) const { return dir_.filePath(name); }
};

void TestCliGenerate::writesLoadableFiles()
{
    const auto r = runCli({"generate", "--preset", "philly-like", "--jobs", "5000", "--seed", "3", "--out-cluster",
                           path("c.csv"), "--out-jobs", path("j.csv")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const auto cluster = readNativeCluster(path("c.csv").toStdString());
    QCOMPARE(cluster.serverCount(), 552);
    QCOMPARE(cluster.gpuCount(), 3328); // 35 racks of 8-GPU and 34 of 4-GPU servers
    const auto trace = readNativeJobs(path("j.csv").toStdString());
    QCOMPARE(trace.jobs.size(), std::size_t{5000});
    for (const auto& j : trace.jobs)
        QVERIFY(j.gpus >= 1 && j.gpus <= cluster.gpuCount() && j.duration_s >= 1);

    // info reads them back with the same counts.
    const auto info = runCli({"info", "--json", "--trace", path("j.csv"), "--cluster", path("c.csv")});
    QCOMPARE(info.exitCode, 0);
    const auto o = QJsonDocument::fromJson(info.out).object();
    QCOMPARE(o["jobs"].toInt(), 5000);
    QCOMPARE(o["gpus"].toInt(), 3328);
}

void TestCliGenerate::sameArgumentsSameBytes()
{
    const auto run = [&](const char* seed, const char* tag) -> QByteArray {
        const QString c = path((std::string("c") + tag + ".csv").c_str()), j = path((std::string("j") + tag + ".csv").c_str());
        const auto r = runCli({"generate", "--jobs", "3000", "--seed", seed, "--servers", "40", "--load", "0.9",
                               "--out-cluster", c, "--out-jobs", j});
        if (r.exitCode != 0)
            return "exit " + QByteArray::number(r.exitCode) + ": " + r.err;
        return readAll(c) + "\n--\n" + readAll(j);
    };
    const auto a = run("11", "a"), b = run("11", "b"), c = run("12", "c");
    QVERIFY(a.size() > 50'000);
    QVERIFY(a == b);
    QVERIFY(a != c);
}

void TestCliGenerate::serversAndLoadShapeTheCluster()
{
    // Halving the load halves the arrival rate: the same jobs (same seed) span about twice the
    // time. Not exactly: gaps are exact multiples in the arrival profile's operational time,
    // which drifts from calendar time within a week by up to about a day; the spans here are
    // over a month, hence the 5% tolerance.
    const auto lastSubmit = [&](const char* load) -> std::int64_t {
        const auto r = runCli({"generate", "--jobs", "2000", "--servers", "4", "--load", load, "--out-cluster",
                               path("c4.csv"), "--out-jobs", path("j4.csv")});
        if (r.exitCode != 0)
            return -1;
        return readNativeJobs(path("j4.csv").toStdString()).jobs.back().submit_s;
    };
    const auto full = lastSubmit("1.0");
    const auto half = lastSubmit("0.5");
    QVERIFY(full > 20 * 86400);
    // 4 servers = one rack of 8-GPU servers = 32 GPUs.
    QCOMPARE(readNativeCluster(path("c4.csv").toStdString()).gpuCount(), 32);
    QVERIFY2(std::abs(static_cast<double>(half) / static_cast<double>(full) - 2.0) < 0.1,
             qPrintable(QString("%1 vs %2").arg(half).arg(full)));
}

void TestCliGenerate::badArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    const QStringList outs{"--out-cluster", "c.csv", "--out-jobs", "j.csv"};
    QTest::newRow("missing --jobs") << (QStringList{"generate"} + outs) << "jobs";
    QTest::newRow("missing --out-jobs") << QStringList{"generate", "--jobs", "10", "--out-cluster", "c.csv"} << "out-jobs";
    QTest::newRow("jobs not a number") << (QStringList{"generate", "--jobs", "many"} + outs) << "jobs";
    QTest::newRow("zero jobs") << (QStringList{"generate", "--jobs", "0"} + outs) << "--jobs";
    QTest::newRow("negative seed") << (QStringList{"generate", "--jobs", "5", "--seed", "-1"} + outs) << "--seed";
    QTest::newRow("unknown preset") << (QStringList{"generate", "--preset", "helios-like", "--jobs", "5"} + outs) << "preset";
    QTest::newRow("zero servers") << (QStringList{"generate", "--jobs", "5", "--servers", "0"} + outs) << "--servers";
    QTest::newRow("zero load") << (QStringList{"generate", "--jobs", "5", "--load", "0"} + outs) << "--load";
    QTest::newRow("nan load") << (QStringList{"generate", "--jobs", "5", "--load", "nan"} + outs) << "--load";
    QTest::newRow("load not a number") << (QStringList{"generate", "--jobs", "5", "--load", "high"} + outs) << "load";
    QTest::newRow("unknown option") << (QStringList{"generate", "--jobs", "5", "--bogus"} + outs) << "bogus";
}

void TestCliGenerate::badArguments()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    // Relative output names: a bad run must not write them (the working directory is the temp dir).
    QTemporaryDir cwd;
    QProcess p;
    p.setWorkingDirectory(cwd.path());
    p.start(QStringLiteral(CLENS_CLI_PATH), args);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const auto err = p.readAllStandardError();
    QVERIFY2(err.startsWith("clusterlens-cli: error: "), err.constData());
    QVERIFY2(err.contains(mentions.toUtf8()), err.constData());
    QVERIFY(!QFile::exists(cwd.filePath("j.csv")));
    QVERIFY(!QFile::exists(cwd.filePath("c.csv")));
}

void TestCliGenerate::unwritableOutputIsAFailure()
{
    const auto r = runCli({"generate", "--jobs", "5", "--out-cluster", path("c.csv"), "--out-jobs",
                           dir_.filePath("no-such-dir/j.csv")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no-such-dir/j.csv"), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliGenerate)
#include "tst_cli_generate.moc"
