#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace clens::test;

class TestCliInfo : public QObject {
    Q_OBJECT
private slots:
    void demoJson();
    void usageErrors_data();
    void usageErrors();
    void badInputNamesFileAndLine();
};

void TestCliInfo::demoJson()
{
    const auto r = runCli({"info", "--json", "--trace", QString::fromStdString(samplePath("demo/jobs.csv")), "--cluster",
                           QString::fromStdString(samplePath("demo/cluster.csv"))});
    QCOMPARE(r.exitCode, 0);
    const auto o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["jobs"].toInt(), 24);
    QCOMPARE(o["vcs"].toInt(), 3);
    QCOMPARE(o["servers"].toInt(), 4);
    QCOMPARE(o["gpus"].toInt(), 16);
    QCOMPARE(o["first_submit_s"].toInt(), 0);
    QCOMPARE(o["last_submit_s"].toInt(), 9500);
    // Sizes in jobs.csv: 1 GPU: j06 j08 j09 j11 j17 j19 j21 j23 (8); 5-8: j07 j18 (2); 2-4: the other 14.
    const auto bySize = o["jobs_by_size"].toObject();
    QCOMPARE(bySize["1"].toInt(), 8);
    QCOMPARE(bySize["2-4"].toInt(), 14);
    QCOMPARE(bySize["5-8"].toInt(), 2);
    QCOMPARE(bySize[">8"].toInt(), 0);
    const auto status = o["status"].toObject();
    QCOMPARE(status["Pass"].toInt(), 21);
    QCOMPARE(status["Failed"].toInt(), 2);
    QCOMPARE(status["Killed"].toInt(), 1);
}

void TestCliInfo::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{"frobnicate"};
    QTest::newRow("missing --trace") << QStringList{"info"};
    QTest::newRow("unknown option") << QStringList{"info", "--trace", "x", "--bogus"};
    QTest::newRow("bad format") << QStringList{"info", "--trace", "x", "--format", "xml"};
}

void TestCliInfo::usageErrors()
{
    QFETCH(QStringList, args);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("clusterlens-cli"), r.err.constData());
}

void TestCliInfo::badInputNamesFileAndLine()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", "job_id,vc,user,submit_s,gpus,duration_s\na,v,u,0,x,1\n");
    const auto r = runCli({"info", "--trace", QString::fromStdString(path)});
    QCOMPARE(r.exitCode, 2);
    const QByteArray expected = "clusterlens-cli: error: " + QByteArray::fromStdString(path) + ":2: field 'gpus'";
    QVERIFY2(r.err.startsWith(expected), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
