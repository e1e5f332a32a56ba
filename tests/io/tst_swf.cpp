#include "core/io/swf.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace clens;
using namespace clens::test;

class TestSwf : public QObject {
    Q_OBJECT
private slots:
    void sampleMapping();
    void processorsPerGpu();
    void requestedMemory_data();
    void requestedMemory();
    void malformed_data();
    void malformed();
};

// tests/data/swf/sample.swf: 6 jobs; job 4 is followed by two partial-execution lines.
void TestSwf::sampleMapping()
{
    const auto path = dataPath("swf/sample.swf");
    QVERIFY(detectTraceFormat(path) == TraceFormat::Swf);
    const auto t = loadTrace(path);
    QCOMPARE(t.meta.format, std::string("swf"));
    QVERIFY(t.meta.timeBase == TimeBase::Relative);
    QCOMPARE(t.jobs.size(), std::size_t{6});
    // Job 1: submit 0, wait 10, run 3600, 4 allocated processors, completed, user 1, queue 1.
    const auto& j1 = t.jobs[0];
    QCOMPARE(j1.id, std::string("1"));
    QCOMPARE(j1.gpus, 4);
    QCOMPARE(j1.duration_s, std::int64_t{3600});
    QCOMPARE(*j1.recordedStart_s, std::int64_t{10});
    QCOMPARE(*j1.recordedEnd_s, std::int64_t{3610});
    QVERIFY(j1.status == JobStatus::Pass);
    QCOMPARE(t.tenants[static_cast<std::size_t>(j1.tenant)].name, std::string("queue 1"));
    QCOMPARE(t.users[static_cast<std::size_t>(j1.user)], std::string("user 1"));
    // Job 2: allocated unknown -> requested 8; failed; queue 2.
    QCOMPARE(t.jobs[1].gpus, 8);
    QVERIFY(t.jobs[1].status == JobStatus::Failed);
    // Job 3: cancelled, wait and run unknown, no queue -> group 2.
    const auto& j3 = t.jobs[2];
    QVERIFY(j3.status == JobStatus::Killed);
    QVERIFY(!j3.recordedStart_s);
    QCOMPARE(j3.duration_s, std::int64_t{0});
    QCOMPARE(j3.gpus, 2);
    QCOMPARE(t.tenants[static_cast<std::size_t>(j3.tenant)].name, std::string("group 2"));
    // Job 4: the summary line (submit 180, run 600); its status-2/3 lines are not jobs.
    QCOMPARE(t.jobs[3].id, std::string("4"));
    QCOMPARE(t.jobs[3].submit_s, std::int64_t{180});
    QCOMPARE(t.jobs[3].duration_s, std::int64_t{600});
    QCOMPARE(t.jobs[3].gpus, 16);
    // Job 5: status unknown -> Pass; no user, queue or group; run 50.4 s rounds to 50.
    const auto& j5 = t.jobs[4];
    QVERIFY(j5.status == JobStatus::Pass);
    QCOMPARE(j5.duration_s, std::int64_t{50});
    QCOMPARE(t.users[static_cast<std::size_t>(j5.user)], std::string());
    QCOMPARE(t.tenants[static_cast<std::size_t>(j5.tenant)].name, std::string("default"));
    // Job 6: no processor count at all -> 0 GPUs, not simulated.
    QVERIFY(t.jobs[5].skip == SkipReason::ZeroGpus);
    QCOMPARE(t.tenants.size(), std::size_t{4}); // queue 1, queue 2, group 2, default
    bool partialNoted = false, startNoted = false;
    for (const auto& n : t.meta.notes) {
        partialNoted |= n.rfind("2 partial-execution lines", 0) == 0;
        startNoted |= n.find("UnixStartTime 1577836800 (Europe/Berlin)") != std::string::npos;
    }
    QVERIFY(partialNoted);
    QVERIFY(startNoted);
}

void TestSwf::processorsPerGpu()
{
    ImportOptions o;
    o.processorsPerGpu = 4;
    const auto t = readSwf(dataPath("swf/sample.swf"), o);
    QCOMPARE(t.jobs[0].gpus, 1); // 4 / 4
    QCOMPARE(t.jobs[1].gpus, 2); // 8 / 4
    QCOMPARE(t.jobs[2].gpus, 1); // 2 / 4 rounded up
    QCOMPARE(t.jobs[3].gpus, 4); // 16 / 4
}

void TestSwf::requestedMemory_data()
{
    QTest::addColumn<QString>("fields"); // allocated processors, requested processors, requested memory (KB per processor)
    QTest::addColumn<double>("memGb");   // NaN = unknown
    QTest::addColumn<bool>("simulated");
    const double nan = std::nan("");
    QTest::newRow("unknown memory") << "4 4 -1" << nan << true;
    QTest::newRow("allocated x per processor") << "4 8 1048576" << 4.0 << true; // 4 x 1 GiB
    QTest::newRow("requested when allocated unknown") << "-1 8 524288" << 4.0 << true; // 8 x 0.5 GiB
    QTest::newRow("zero memory") << "2 2 0" << 0.0 << true;
    QTest::newRow("no processors: unknown") << "-1 -1 1048576" << nan << false;
    QTest::newRow("not a power of two") << "3 3 1000" << 3000.0 / 1048576.0 << true;
}

void TestSwf::requestedMemory()
{
    QFETCH(QString, fields);
    QFETCH(double, memGb);
    QFETCH(bool, simulated);
    const auto f = fields.split(' ');
    // job submit wait run alloc avg_cpu used_mem req_procs req_time req_mem status user group exe queue ...
    const auto line = QString("1 0 10 3600 %1 -1 -1 %2 7200 %3 1 1 1 -1 1 -1 -1 -1\n").arg(f[0], f[1], f[2]);
    QTemporaryDir dir;
    const auto t = readSwf(writeFile(dir, "log.swf", line.toStdString()));
    const auto& j = t.jobs.at(0);
    QVERIFY2((std::isnan(memGb) && std::isnan(j.memGb)) || j.memGb == memGb, qPrintable(QString::number(j.memGb)));
    QVERIFY(std::isnan(j.cpuCores));
    QCOMPARE(j.simulated(), simulated);
    const bool noted = std::any_of(t.meta.notes.begin(), t.meta.notes.end(),
                                   [](const std::string& n) { return n.rfind("1 jobs request memory (field 10", 0) == 0; });
    QCOMPARE(noted, !std::isnan(memGb));
}

void TestSwf::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString ok = "1 0 10 3600 4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("comments only") << "; Version: 2.2\n" << qint64(0) << "";
    QTest::newRow("truncated line") << "; c\n" + ok + "2 0 10 3600 4\n" << qint64(3) << "average cpu time";
    QTest::newRow("too many fields") << ok.trimmed() + " 7\n" << qint64(1) << "";
    QTest::newRow("wrong type") << "1 0 10 long 4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "run time";
    QTest::newRow("negative processors") << "1 0 10 3600 -4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n" << qint64(1)
                                         << "allocated processors";
    QTest::newRow("negative submit") << "1 -1 10 3600 4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "submit time";
    QTest::newRow("huge run time") << "1 0 10 1e40 4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "run time";
    QTest::newRow("unknown status") << "1 0 10 3600 4 -1 -1 4 7200 -1 7 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "status";
    QTest::newRow("duplicate job") << ok + ok << qint64(2) << "job number";
    QTest::newRow("negative memory") << "1 0 10 3600 4 -1 -1 4 7200 -2 1 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "requested memory";
    QTest::newRow("memory above 1e9 GB") << "1 0 10 3600 1000000 -1 -1 4 7200 1099511627776 1 1 1 -1 1 -1 -1 -1\n" << qint64(1)
                                         << "requested memory";
    QTest::newRow("fractional job number") << "1.5 0 10 3600 4 -1 -1 4 7200 -1 1 1 1 -1 1 -1 -1 -1\n" << qint64(1) << "job number";
}

void TestSwf::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "log.swf", text.toStdString());
    expectInputError([&] { readSwf(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestSwf)
#include "tst_swf.moc"
