#include "core/io/philly_csv.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QFile>
#include <QSet>
#include <QTest>

using namespace clens;
using namespace clens::test;

class TestPhillyCsv : public QObject {
    Q_OBJECT
private slots:
    void realTableCounts();
    void crossCheckedWithAnIndependentRead();
    void rowsMapToJobs();
    void malformed_data();
    void malformed();
};

// data/philly/README.md: 82,247 jobs, 15 VCs, no user or final status.
void TestPhillyCsv::realTableCounts()
{
    const auto path = samplePath("philly/philly_jobs_pollux.csv");
    QVERIFY(detectTraceFormat(path) == TraceFormat::PhillyCsv);
    const auto trace = loadTrace(path);
    QCOMPARE(trace.meta.format, std::string("philly-csv"));
    QCOMPARE(trace.jobs.size(), std::size_t{82247});
    QCOMPARE(trace.tenants.size(), std::size_t{15});
    QCOMPARE(trace.simulatedJobCount(), std::size_t{82247});
    QCOMPARE(trace.jobs.front().id, std::string("1"));
    QCOMPARE(trace.jobs.back().id, std::string("82247"));
}

// Counts lines, VCs, GPU-seconds and multi-GPU jobs with Qt alone and compares.
void TestPhillyCsv::crossCheckedWithAnIndependentRead()
{
    const auto path = samplePath("philly/philly_jobs_pollux.csv");
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.readLine();
    qint64 rows = 0, multi = 0;
    double gpuSeconds = 0;
    QSet<QByteArray> vcs;
    while (!f.atEnd()) {
        const auto line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const auto p = line.split(',');
        ++rows;
        gpuSeconds += p[3].toDouble();
        multi += p[2].toInt() > 1;
        vcs.insert(p[4]);
    }
    const auto trace = loadTrace(path);
    QCOMPARE(static_cast<qint64>(trace.jobs.size()), rows);
    QCOMPARE(static_cast<qint64>(trace.tenants.size()), static_cast<qint64>(vcs.size()));
    double ours = 0;
    qint64 ourMulti = 0;
    for (const auto& j : trace.jobs) {
        ours += static_cast<double>(j.gpus) * static_cast<double>(j.duration_s);
        ourMulti += j.gpus > 1;
    }
    QCOMPARE(ours, gpuSeconds); // durations are whole seconds in the file: exact
    QCOMPARE(ourMulti, multi);
}

void TestPhillyCsv::rowsMapToJobs()
{
    QTemporaryDir dir;
    // Row 1: 2017-10-09 07:01:55 PDT = 1507557715 (TZ=America/Los_Angeles date -d ... +%s).
    // Row 2: 2017-11-05 01:32:10, the repeated hour, read as PDT = 1509870730.
    // Row 3: 2017-12-01 00:00:00 PST = 1512115200.
    const auto path = writeFile(dir, "jobs.csv",
                                "timestamp,duration,num_gpus,gpu_time,cluster\n"
                                "2017-10-09 07:01:55,66.4,1,66.4,11cb48\n"
                                "2017-11-05 01:32:10,1515.5,8,12124.0,6214e9\n"
                                "2017-12-01 00:00:00,0.0,0,0.0,11cb48\n");
    const auto t = readPhillyCsv(path);
    QCOMPARE(t.jobs.size(), std::size_t{3});
    QCOMPARE(t.jobs[0].submit_s, std::int64_t{1507557715});
    QCOMPARE(t.jobs[1].submit_s, std::int64_t{1509870730});
    QCOMPARE(t.jobs[2].submit_s, std::int64_t{1512115200});
    QCOMPARE(t.jobs[0].duration_s, std::int64_t{66});   // rounded
    QCOMPARE(t.jobs[1].duration_s, std::int64_t{1516}); // 1515.5 rounds half away from zero
    QCOMPARE(t.jobs[1].gpus, 8);
    QCOMPARE(t.jobs[1].id, std::string("2"));
    QCOMPARE(t.tenants[static_cast<std::size_t>(t.jobs[1].tenant)].name, std::string("6214e9"));
    QVERIFY(t.jobs[2].skip == SkipReason::ZeroGpus);
    QVERIFY(t.jobs[0].status == JobStatus::Pass);
}

void TestPhillyCsv::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "timestamp,duration,num_gpus,gpu_time,cluster\n";
    const QString ok = "2017-10-09 07:01:55,66.0,1,66.0,11cb48\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing column") << "timestamp,duration,gpu_time,cluster\n" + ok << qint64(1) << "num_gpus";
    QTest::newRow("truncated row") << h + ok + "2017-10-09 07:01:55,66.0\n" << qint64(3) << "num_gpus";
    QTest::newRow("wrong type") << h + ok + "2017-10-09 07:01:55,long,1,66.0,a\n" << qint64(3) << "duration";
    QTest::newRow("negative duration") << h + "2017-10-09 07:01:55,-5,1,-5,a\n" << qint64(2) << "duration";
    QTest::newRow("huge gpus") << h + "2017-10-09 07:01:55,5,99999999,5,a\n" << qint64(2) << "num_gpus";
    QTest::newRow("fractional gpus") << h + "2017-10-09 07:01:55,5,1.5,5,a\n" << qint64(2) << "num_gpus";
    QTest::newRow("bad timestamp") << h + "2017-02-30 07:01:55,5,1,5,a\n" << qint64(2) << "timestamp";
    QTest::newRow("epoch timestamp") << h + "1507557715,5,1,5,a\n" << qint64(2) << "timestamp";
    QTest::newRow("empty vc") << h + "2017-10-09 07:01:55,5,1,5,\n" << qint64(2) << "cluster";
}

void TestPhillyCsv::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", text.toStdString());
    expectInputError([&] { readPhillyCsv(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestPhillyCsv)
#include "tst_philly_csv.moc"
