// The AI4DL container-metrics reader: the real sample, the leading index column, resampling, and
// a malformed-input table whose errors name file, line and field.
#include "core/io/ai4dl_metrics.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

using namespace clens;
using namespace clens::test;

namespace {

const std::string kHeader = "\"timestamp\",\"service\",\"pod.id\",\"cpu.num.cores\",\"cpu.usage\",\"cpu.usage.cores\","
                            "\"cpu.usage.pct\",\"cpu.usage.pct.container.requested\",\"mem.current\",\"mem.limit\","
                            "\"mem.usage.pct\",\"mem.working.set\"\n";

std::string row(std::int64_t ts, const std::string& pod, double cores, double mem)
{
    return std::to_string(ts) + ",svc," + pod + ",4,1000," + std::to_string(cores) + ",1,1," + std::to_string(mem) +
           ",5000000000,1," + std::to_string(mem) + "\n";
}

} // namespace

class TestAi4dlMetrics : public QObject {
    Q_OBJECT
private slots:
    void realSample();
    void leadingIndexColumn();
    void interleavedPodsAndDateTimes();
    void singleRowContainerIsKept();
    void resampling();
    void resamplingIsBounded();
    void malformed_data();
    void malformed();
};

void TestAi4dlMetrics::realSample()
{
    const auto m = readAi4dlMetrics(samplePath("ai4dl/sample-dlaas.csv"));
    QCOMPARE(m.containers.size(), std::size_t{4});
    QCOMPARE(m.containers[0].podId, std::string("exec1"));
    QCOMPARE(m.containers[0].service, std::string("service1"));
    QCOMPARE(m.containers[0].rows(), std::size_t{65});
    QCOMPARE(m.containers[1].rows(), std::size_t{52});
    QCOMPARE(m.containers[2].rows(), std::size_t{59});
    QCOMPARE(m.containers[3].rows(), std::size_t{28});
    QCOMPARE(m.totalRows(), std::size_t{204});
    // First data row (line 2): 1565962220,"service1","exec1",4,756911788,0.041,...,2478080
    QCOMPARE(m.containers[0].timestamps[0], std::int64_t{1565962220});
    QCOMPARE(m.containers[0].fileLines[0], std::int64_t{2});
    QCOMPARE(m.value(m.containers[0], 0, m.columnIndex("cpu.usage.cores")), 0.041);
    QCOMPARE(m.value(m.containers[0], 0, m.columnIndex("mem.working.set")), 2478080.0);
    QVERIFY(m.notes.empty());
}

void TestAi4dlMetrics::leadingIndexColumn()
{
    QTemporaryDir dir;
    // pandas' to_csv writes an unnamed first column holding the row index.
    const auto path = writeFile(dir, "indexed.csv", "\"\"," + kHeader + "0," + row(100, "a", 0.5, 1e9) + "1," +
                                                        row(120, "a", 0.7, 2e9));
    const auto m = readAi4dlMetrics(path);
    QCOMPARE(m.containers.size(), std::size_t{1});
    QCOMPARE(m.containers[0].rows(), std::size_t{2});
    QCOMPARE(m.containers[0].timestamps[1], std::int64_t{120});
    QCOMPARE(m.value(m.containers[0], 1, m.columnIndex("cpu.usage.cores")), 0.7);
    // R's write.csv leaves the index column out of the header: every row has one field more.
    const auto rPath = writeFile(dir, "r-indexed.csv", kHeader + "\"1\"," + row(100, "a", 0.5, 1e9) + "\"2\"," +
                                                           row(120, "a", 0.7, 2e9));
    const auto r = readAi4dlMetrics(rPath);
    QCOMPARE(r.containers.size(), std::size_t{1});
    QCOMPARE(r.containers[0].podId, std::string("a"));
    QCOMPARE(r.containers[0].timestamps[1], std::int64_t{120});
    QCOMPARE(r.value(r.containers[0], 1, r.columnIndex("cpu.usage.cores")), 0.7);
    QCOMPARE(r.notes.size(), std::size_t{1});
    // Decided on the first row: a later row without the index is an error at its line (4).
    const auto mixed = writeFile(dir, "r-mixed.csv", kHeader + "\"1\"," + row(100, "a", 0.5, 1e9) + "\"2\"," +
                                                          row(120, "a", 0.7, 2e9) + row(140, "a", 0.7, 2e9));
    try {
        readAi4dlMetrics(mixed);
        QFAIL("accepted a row without the index");
    } catch (const InputError& e) {
        QCOMPARE(e.line(), std::int64_t{4});
    }
}

void TestAi4dlMetrics::interleavedPodsAndDateTimes()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "mixed.csv",
                                kHeader + row(100, "a", 1, 1) + row(50, "b", 2, 2) + row(110, "a", 3, 3) +
                                    "1970-01-01 00:01:30,svc,b,4,1000,4,1,1,4,5000000000,1,4\n");
    const auto m = readAi4dlMetrics(path);
    QCOMPARE(m.containers.size(), std::size_t{2});
    QCOMPARE(m.containers[1].podId, std::string("b"));
    QCOMPARE(m.containers[1].timestamps[1], std::int64_t{90}); // 00:01:30 UTC
    QCOMPARE(m.containers[1].fileLines[1], std::int64_t{5});
}

void TestAi4dlMetrics::singleRowContainerIsKept()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "single.csv", kHeader + row(100, "a", 1, 1) + row(100, "b", 1, 1) + row(120, "a", 1, 1));
    const auto m = readAi4dlMetrics(path);
    QCOMPARE(m.containers.size(), std::size_t{2});
    QCOMPARE(m.containers[1].rows(), std::size_t{1});
    QCOMPARE(m.notes.size(), std::size_t{1});
    QVERIFY(m.notes[0].find("'b'") != std::string::npos);
}

void TestAi4dlMetrics::resampling()
{
    QTemporaryDir dir;
    // Samples at 0, 10, 40 s (cores 1, 3, 0). Step 15: t = 0, 15, 30 (45 > 40 stops).
    // t=0 -> 1; t=15 between 10 (3) and 40 (0): 3 + 5/30 * (0 - 3) = 2.5; t=30: 3 + 20/30 * -3 = 1.
    const auto path = writeFile(dir, "irregular.csv", kHeader + row(0, "a", 1, 0) + row(10, "a", 3, 0) + row(40, "a", 0, 0));
    MetricsReadOptions o;
    o.resampleStep_s = 15;
    const auto m = readAi4dlMetrics(path, o);
    QCOMPARE(m.resampleStep_s, std::int64_t{15});
    const auto& s = m.containers[0];
    QCOMPARE(s.rows(), std::size_t{3});
    QCOMPARE(s.timestamps[1], std::int64_t{15});
    const auto cores = m.columnIndex("cpu.usage.cores");
    QCOMPARE(m.value(s, 0, cores), 1.0);
    QCOMPARE(m.value(s, 1, cores), 2.5);
    QCOMPARE(m.value(s, 2, cores), 1.0);
    QCOMPARE(s.fileLines[1], std::int64_t{3}); // the raw sample at 10 s is on line 3
    // Off by default: raw rows.
    QCOMPARE(readAi4dlMetrics(path).containers[0].rows(), std::size_t{3});
    QCOMPARE(readAi4dlMetrics(path).containers[0].timestamps[1], std::int64_t{10});
}

void TestAi4dlMetrics::resamplingIsBounded()
{
    QTemporaryDir dir;
    // Two samples 10^9 s apart at a 60 s step: 16,666,667 rows > max(1,000,000, 100 x 2) (a fuzz
    // crasher: it used to fill memory). At a 1,000 s step 1,000,001 rows, also refused; at
    // 1,001 s 999,001 rows, kept.
    const auto path = writeFile(dir, "span.csv", kHeader + row(0, "a", 1, 0) + row(1'000'000'000, "a", 1, 0));
    MetricsReadOptions o;
    for (const std::int64_t step : {60, 1000}) {
        o.resampleStep_s = step;
        const auto msg = expectInputError([&] { readAi4dlMetrics(path, o); }, path, 0, "resample_s");
        QVERIFY2(msg.find("at most 1000000") != std::string::npos, msg.c_str());
    }
    o.resampleStep_s = 1001;
    QCOMPARE(readAi4dlMetrics(path, o).containers[0].rows(), std::size_t{999'001});
}

void TestAi4dlMetrics::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = QString::fromStdString(kHeader);
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing column") << "timestamp,service,pod.id,cpu.num.cores,cpu.usage,cpu.usage.cores,cpu.usage.pct,"
                                       "cpu.usage.pct.container.requested,mem.current,mem.limit,mem.usage.pct\n"
                                    << qint64(1) << "mem.working.set";
    QTest::newRow("missing pod.id") << "timestamp,cpu.usage\n1,2\n" << qint64(1) << "pod.id";
    QTest::newRow("non-numeric") << h + "100,s,a,4,1000,lots,1,1,5,5,1,5\n" << qint64(2) << "cpu.usage.cores";
    QTest::newRow("empty value") << h + "100,s,a,4,1000,0.5,1,1,,5,1,5\n" << qint64(2) << "mem.current";
    QTest::newRow("negative value") << h + "100,s,a,4,1000,0.5,1,1,5,5,1,-5\n" << qint64(2) << "mem.working.set";
    QTest::newRow("bad timestamp") << h + "yesterday,s,a,4,1000,0.5,1,1,5,5,1,5\n" << qint64(2) << "timestamp";
    QTest::newRow("unsorted timestamps") << h + QString::fromStdString(row(100, "a", 1, 1) + row(90, "b", 1, 1) +
                                                                      row(80, "a", 1, 1))
                                         << qint64(4) << "timestamp";
    QTest::newRow("repeated timestamp") << h + QString::fromStdString(row(100, "a", 1, 1) + row(100, "a", 1, 1))
                                        << qint64(3) << "timestamp";
    QTest::newRow("truncated row") << h + QString::fromStdString(row(100, "a", 1, 1)) + "110,s,a,4,1000\n" << qint64(3)
                                   << "cpu.usage.cores";
    QTest::newRow("empty pod.id") << h + "100,s,,4,1000,0.5,1,1,5,5,1,5\n" << qint64(2) << "pod.id";
}

void TestAi4dlMetrics::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "metrics.csv", text.toStdString());
    const auto msg = expectInputError([&] { readAi4dlMetrics(path); }, path, line, field.toStdString());
    qInfo("%s", msg.c_str());
}

QTEST_APPLESS_MAIN(TestAi4dlMetrics)
#include "tst_ai4dl_metrics.moc"
