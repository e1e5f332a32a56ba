#include "core/io/native_csv.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <cmath>
#include <sstream>

using namespace clens;
using namespace clens::test;

class TestNativeCsv : public QObject {
    Q_OBJECT
private slots:
    void demoSample();
    void roundTrip();
    void resourceColumns_data();
    void resourceColumns();
    void resourcesRoundTrip();
    void clusterRoundTrip();
    void badJobs_data();
    void badJobs();
    void duplicateIdAmongManyRows();
    void badCluster_data();
    void badCluster();
    void controlCharsEscaped_data();
    void controlCharsEscaped();
};

void TestNativeCsv::demoSample()
{
    const auto trace = loadTrace(samplePath("demo/jobs.csv"));
    QCOMPARE(trace.meta.format, std::string("csv"));
    QCOMPARE(trace.jobs.size(), std::size_t{24});
    QCOMPARE(trace.tenants.size(), std::size_t{3});
    QCOMPARE(trace.jobs[6].gpus, 8);
    QVERIFY(trace.jobs[8].status == JobStatus::Failed);
    const auto cluster = loadCluster(samplePath("demo/cluster.csv"));
    QCOMPARE(cluster.gpuCount(), 16);
    QCOMPARE(cluster.rackCount(), 2);
}

void TestNativeCsv::roundTrip()
{
    QTemporaryDir dir;
    const auto jobs = writeFile(dir, "jobs.csv",
                                "job_id,vc,user,submit_s,gpus,duration_s,status,extra\n"
                                "a,\"v,1\",u,10,2,3.6,Killed,x\n"
                                "b,v2,u,5,0,100,,y\n");
    const auto trace = readNativeJobs(jobs);
    QCOMPARE(trace.jobs[0].duration_s, 4); // 3.6 s rounds to 4
    QVERIFY(trace.jobs[1].status == JobStatus::Pass); // empty status = Pass
    QVERIFY(trace.jobs[1].skip == SkipReason::ZeroGpus);
    std::ostringstream out;
    writeNativeJobs(out, trace);
    const auto again = writeFile(dir, "again.csv", out.str());
    const auto back = readNativeJobs(again);
    QCOMPARE(back.tenants[0].name, std::string("v,1"));
    QVERIFY(back.jobs[0].status == JobStatus::Killed);
    QCOMPARE(back.jobs[1].submit_s, 5);
}

namespace {
// NaN-aware equality for the optional numbers of a job.
bool sameNumber(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }
} // namespace

void TestNativeCsv::resourceColumns_data()
{
    QTest::addColumn<QString>("row"); // gpus,cpu_cores,mem_gb,gpu_milli,gpu_models
    QTest::addColumn<double>("cpu");  // NaN = unknown
    QTest::addColumn<double>("mem");
    QTest::addColumn<int>("milli");
    QTest::addColumn<QString>("models"); // canonical set, "" = any
    QTest::addColumn<bool>("simulated");
    const double nan = std::nan("");
    QTest::newRow("all empty") << "1,,,," << nan << nan << 1000 << "" << true;
    QTest::newRow("values") << "1,4.5,16,250,T4" << 4.5 << 16.0 << 250 << "T4" << true;
    QTest::newRow("explicit 1000 on 8 GPUs") << "8,32,256,1000," << 32.0 << 256.0 << 1000 << "" << true;
    QTest::newRow("models sorted, blanks dropped") << "2,,,,V100M32| V100M16||" << nan << nan << 1000 << "V100M16|V100M32" << true;
    QTest::newRow("models only blanks") << "2,,,, | " << nan << nan << 1000 << "" << true;
    QTest::newRow("zero GPU, CPU only") << "0,2,,," << 2.0 << nan << 1000 << "" << true;
    QTest::newRow("zero GPU, memory only") << "0,,0.5,," << nan << 0.5 << 1000 << "" << true;
    QTest::newRow("zero GPU, zero CPU and memory") << "0,0,0,," << 0.0 << 0.0 << 1000 << "" << false;
    QTest::newRow("zero GPU, nothing") << "0,,,," << nan << nan << 1000 << "" << false;
}

void TestNativeCsv::resourceColumns()
{
    QFETCH(QString, row);
    QFETCH(double, cpu);
    QFETCH(double, mem);
    QFETCH(int, milli);
    QFETCH(QString, models);
    QFETCH(bool, simulated);
    QTemporaryDir dir;
    // The optional columns in another order than the writer's, to show they are found by name.
    const auto path = writeFile(dir, "jobs.csv",
                                "job_id,vc,user,submit_s,duration_s,gpus,cpu_cores,mem_gb,gpu_milli,gpu_models\n"
                                "a,v,u,0,60,"
                                    + row.toStdString() + "\n");
    const auto t = readNativeJobs(path);
    const auto& j = t.jobs.at(0);
    QVERIFY2(sameNumber(j.cpuCores, cpu), qPrintable(QString::number(j.cpuCores)));
    QVERIFY2(sameNumber(j.memGb, mem), qPrintable(QString::number(j.memGb)));
    QCOMPARE(j.gpuMilli, milli);
    QCOMPARE(QString::fromStdString(t.gpuModelSets.at(static_cast<std::size_t>(j.gpuModels))), models);
    QCOMPARE(j.gpuModels == 0, models.isEmpty());
    QCOMPARE(j.simulated(), simulated);
    if (!simulated)
        QVERIFY(j.skip == SkipReason::ZeroGpus);
    QCOMPARE(t.meta.fractionalGpuJobs, std::int64_t{milli < 1000 ? 1 : 0});
}

void TestNativeCsv::resourcesRoundTrip()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv",
                                "job_id,vc,user,submit_s,gpus,duration_s,status,cpu_cores,mem_gb,gpu_milli,gpu_models\n"
                                "a,v,u,0,1,60,Pass,0.1,15.2587890625,470,T4|P100\n"
                                "b,v,u,5,0,60,Failed,2,,,\n"
                                "c,w,,9,4,60,Killed,,768,,P100 | T4\n"
                                "d,w,u,9,8,60,Pass,,,1000,A10\n"
                                "e,w,u,9,0,60,Pass,,,,\n");
    const auto t = readNativeJobs(path);
    // The sets met: "P100|T4" (rows a and c, in any order) and "A10".
    QCOMPARE(t.gpuModelSets, (std::vector<std::string>{"", "P100|T4", "A10"}));
    QCOMPARE(t.jobs[0].gpuModels, t.jobs[2].gpuModels);
    QCOMPARE(t.meta.fractionalGpuJobs, std::int64_t{1});
    QVERIFY(t.jobs[1].simulated());  // no GPU, 2 CPU cores
    QVERIFY(!t.jobs[4].simulated()); // no GPU, nothing else

    std::ostringstream out;
    writeNativeJobs(out, t);
    const auto written = out.str();
    // Unknown CPU/memory, gpu_milli 1000 and any model are written empty.
    QVERIFY2(written.find("\nd,w,u,9,8,60,Pass,,,,A10\n") != std::string::npos, written.c_str());
    QVERIFY2(written.find("\ne,w,u,9,0,60,Pass,,,,\n") != std::string::npos, written.c_str());
    const auto back = readNativeJobs(writeFile(dir, "again.csv", written));
    QCOMPARE(back.jobs.size(), t.jobs.size());
    QCOMPARE(back.gpuModelSets, t.gpuModelSets);
    QCOMPARE(back.meta.fractionalGpuJobs, t.meta.fractionalGpuJobs);
    for (std::size_t i = 0; i < t.jobs.size(); ++i) {
        const auto& x = t.jobs[i];
        const auto& y = back.jobs[i];
        QCOMPARE(y.id, x.id);
        QCOMPARE(y.gpus, x.gpus);
        QVERIFY(y.status == x.status);
        QVERIFY(y.skip == x.skip);
        QVERIFY2(sameNumber(y.cpuCores, x.cpuCores), x.id.c_str()); // 0.1 comes back exactly
        QVERIFY2(sameNumber(y.memGb, x.memGb), x.id.c_str());
        QCOMPARE(y.gpuMilli, x.gpuMilli);
        QCOMPARE(y.gpuModels, x.gpuModels);
    }
    std::ostringstream again;
    writeNativeJobs(again, back);
    QCOMPARE(again.str(), written);
}

void TestNativeCsv::clusterRoundTrip()
{
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cluster.csv",
                                "server,rack,gpus,gpu_model,cpu_cores,mem_gb\n"
                                "m0,r0,8,G2,96,393216\n"
                                "m1,r0,0,,32.5,0.1\n"
                                "m2,r1,2,T4,,\n");
    const auto c = readNativeCluster(path);
    QCOMPARE(c.servers()[1].gpus, 0); // a GPU-less server is kept
    QCOMPARE(c.servers()[2].cpuCores, 0.0); // empty = unknown = 0
    std::ostringstream out;
    writeNativeCluster(out, c);
    // Unknown CPU and memory are written empty; 0.1 is written so that it reads back exactly.
    QCOMPARE(QString::fromStdString(out.str()), QString("server,rack,gpus,gpu_model,cpu_cores,mem_gb\n"
                                                        "m0,r0,8,G2,96,393216\n"
                                                        "m1,r0,0,,32.5,0.1\n"
                                                        "m2,r1,2,T4,,\n"));
    const auto back = readNativeCluster(writeFile(dir, "again.csv", out.str()));
    QCOMPARE(back.serverCount(), 3);
    QCOMPARE(back.gpuCount(), 10);
    QCOMPARE(back.servers()[1].memGb, 0.1);
    QCOMPARE(back.servers()[0].gpuModel, std::string("G2"));
}

void TestNativeCsv::badJobs_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "job_id,vc,user,submit_s,gpus,duration_s,status\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("missing column") << "job_id,vc,user,submit_s,duration_s\n" << qint64(1) << "gpus";
    QTest::newRow("truncated row") << h + "a,v,u,0,1,10,Pass\nb,v,u,0\n" << qint64(3) << "gpus";
    QTest::newRow("wrong type") << h + "a,v,u,0,two,10,Pass\n" << qint64(2) << "gpus";
    QTest::newRow("negative duration") << h + "a,v,u,0,1,-10,Pass\n" << qint64(2) << "duration_s";
    QTest::newRow("huge gpus") << h + "a,v,u,0,99999999,10,Pass\n" << qint64(2) << "gpus";
    QTest::newRow("duplicate id") << h + "a,v,u,0,1,10,Pass\na,v,u,1,1,10,Pass\n" << qint64(3) << "job_id";
    // Ids are checked once all rows are read (RepeatedIds), yet the first error of the file is
    // the one reported, as when each row was checked as it came:
    QTest::newRow("duplicate id before a bad row") << h + "a,v,u,0,1,10,Pass\na,v,u,1,1,10,Pass\nb,v,u,0,two,10,Pass\n"
                                                    << qint64(3) << "job_id";
    QTest::newRow("bad row before a duplicate id") << h + "a,v,u,0,1,10,Pass\nb,v,u,0,two,10,Pass\na,v,u,1,1,10,Pass\n"
                                                    << qint64(3) << "gpus";
    QTest::newRow("duplicate id in a row bad further on") << h + "a,v,u,0,1,10,Pass\na,v,u,1,two,10,Pass\n" << qint64(3)
                                                          << "job_id";
    // A quoted newline and a blank line before it: the duplicate's line, not its row number.
    QTest::newRow("duplicate id after a quoted newline") << h + "\"x\ny\",v,u,0,1,10,Pass\n\nb,v,u,0,1,10,Pass\nb,v,u,0,1,10,Pass\n"
                                                         << qint64(6) << "job_id";
    QTest::newRow("the first of two duplicate ids") << h + "a,v,u,0,1,10,Pass\nb,v,u,0,1,10,Pass\nb,v,u,0,1,10,Pass\na,v,u,0,1,10,Pass\n"
                                                    << qint64(4) << "job_id";
    QTest::newRow("bad timestamp") << h + "a,v,u,yesterday,1,10,Pass\n" << qint64(2) << "submit_s";
    QTest::newRow("unknown status") << h + "a,v,u,0,1,10,Done\n" << qint64(2) << "status";
    QTest::newRow("empty vc") << h + "a,,u,0,1,10,Pass\n" << qint64(2) << "vc";
    QTest::newRow("unterminated quote") << h + "a,\"v,u,0,1,10,Pass\n" << qint64(2) << "";
    const QString r = "job_id,vc,user,submit_s,gpus,duration_s,cpu_cores,mem_gb,gpu_milli\n";
    QTest::newRow("gpu_milli 0") << r + "a,v,u,0,1,10,,,0\n" << qint64(2) << "gpu_milli";
    QTest::newRow("gpu_milli 1001") << r + "a,v,u,0,1,10,,,1001\n" << qint64(2) << "gpu_milli";
    QTest::newRow("gpu_milli 500 on 2 GPUs") << r + "a,v,u,0,1,10,,,500\nb,v,u,0,2,10,,,500\n" << qint64(3) << "gpu_milli";
    QTest::newRow("gpu_milli 500 on 0 GPUs") << r + "a,v,u,0,0,10,1,,500\n" << qint64(2) << "gpu_milli";
    QTest::newRow("gpu_milli fraction") << r + "a,v,u,0,1,10,,,12.5\n" << qint64(2) << "gpu_milli";
    QTest::newRow("negative cpu") << r + "a,v,u,0,1,10,-1,,\n" << qint64(2) << "cpu_cores";
    QTest::newRow("huge cpu") << r + "a,v,u,0,1,10,2e6,,\n" << qint64(2) << "cpu_cores";
    QTest::newRow("cpu not a number") << r + "a,v,u,0,1,10,four,,\n" << qint64(2) << "cpu_cores";
    QTest::newRow("negative memory") << r + "a,v,u,0,1,10,,-0.5,\n" << qint64(2) << "mem_gb";
    QTest::newRow("infinite memory") << r + "a,v,u,0,1,10,,inf,\n" << qint64(2) << "mem_gb";
}

void TestNativeCsv::badJobs()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", text.toStdString());
    expectInputError([&] { readNativeJobs(path); }, path, line, field.toStdString());
}

void TestNativeCsv::duplicateIdAmongManyRows()
{
    // 300,000 distinct ids but for row 200,000, which repeats row 123,456's: the sort finds it
    // among the many; its line is its row + 2 (the header is line 1).
    std::string text = "job_id,vc,user,submit_s,gpus,duration_s\n";
    for (int i = 0; i < 300000; ++i)
        text += "job-" + std::to_string(i == 200000 ? 123456 : i) + ",v,u,0,1,10\n";
    QTemporaryDir dir;
    const auto path = writeFile(dir, "many.csv", text);
    expectInputError([&] { readNativeJobs(path); }, path, 200002, "job_id");
}

void TestNativeCsv::badCluster_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "server,rack,gpus\n";
    QTest::newRow("empty file") << "" << qint64(0) << "";
    QTest::newRow("header only") << h << qint64(0) << "";
    QTest::newRow("missing gpus column") << "server,rack\nm1,r\n" << qint64(1) << "gpus";
    QTest::newRow("negative gpus") << h + "m1,r,-2\n" << qint64(2) << "gpus";
    QTest::newRow("wrong type") << h + "m1,r,eight\n" << qint64(2) << "gpus";
    QTest::newRow("duplicate server") << h + "m1,r,8\nm1,r,8\n" << qint64(3) << "server";
    QTest::newRow("mixed racks") << h + "m1,r,8\nm2,,8\n" << qint64(0) << "rack";
}

void TestNativeCsv::badCluster()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "cluster.csv", text.toStdString());
    expectInputError([&] { readNativeCluster(path); }, path, line, field.toStdString());
}

// Control characters in input (docs/formats.md "Text from input in messages"): a field's text is
// quoted in the error message with every byte below 0x20 and 0x7f written as \xNN (\n, \t, \r
// for those three), so a crafted trace cannot drive the terminal (ESC [31m turns it red, BEL
// beeps, ESC ] 0 ; ... BEL sets the window title, a newline forges a second message line).
// UTF-8 text such as "é" or "✓" is kept byte for byte.
void TestNativeCsv::controlCharsEscaped_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QByteArray>("quoted"); // what the message must contain, escaped
    const QByteArray h = "job_id,vc,user,submit_s,gpus,duration_s,status\n";
    // ESC (0x1b) [31m, BEL (0x07) and a newline (0x0a) inside a quoted status: 3 bytes escaped.
    QTest::newRow("status: ESC[31m, BEL, newline")
        << h + "a,v,u,0,1,10,\"\x1b[31mDone\x07\nX\"\n" << "status" << QByteArray(R"('\x1b[31mDone\x07\nX')");
    // The same id twice: the duplicate-id message quotes it.
    QTest::newRow("duplicate id with controls")
        << h + "\"\x1b[2Ja\x07\",v,u,0,1,10,Pass\n\"\x1b[2Ja\x07\",v,u,1,1,10,Pass\n" << "job_id"
        << QByteArray(R"('\x1b[2Ja\x07')");
    // An OSC window-title sequence in a number field: field_parse quotes the text. The tab is
    // inside the text (fields are trimmed of leading and trailing blanks): 5 bytes escaped.
    QTest::newRow("gpus: OSC title, DEL, SOH, tab")
        << h + "a,v,u,0,\"\x1b]0;pwn\x07\x7f\x01\tX\",10,Pass\n" << "gpus" << QByteArray(R"(\x1b]0;pwn\x07\x7f\x01\tX)");
    // UTF-8 stays: "Fertig" + CR (0x0d, escaped as \r) + U+2713 (e2 9c 93, kept as 3 bytes).
    QTest::newRow("UTF-8 kept, CR escaped")
        << h + "a,v,u,0,1,10,\"Fertig\r\xe2\x9c\x93\"\n" << "status" << QByteArray("'Fertig\\r\xe2\x9c\x93'");
}

void TestNativeCsv::controlCharsEscaped()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, field);
    QFETCH(QByteArray, quoted);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "jobs.csv", text.toStdString());
    try {
        readNativeJobs(path);
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        const QByteArray msg(e.what());
        for (const char c : msg) {
            const auto b = static_cast<unsigned char>(c);
            QVERIFY2(b >= 0x20 && b != 0x7f, msg.toPercentEncoding().constData());
        }
        QVERIFY2(msg.contains(quoted), msg.toPercentEncoding().constData());
        for (const char c : QByteArray(e.reason().c_str()))
            QVERIFY(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) != 0x7f);
    }
}

QTEST_APPLESS_MAIN(TestNativeCsv)
#include "tst_native_csv.moc"
