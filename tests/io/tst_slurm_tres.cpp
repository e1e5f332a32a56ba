#include "core/io/slurm_nodes.hpp"
#include "core/io/slurm_tres.hpp"

#include <QTest>

#include <stdexcept>

using namespace clens;

// docs/formats.md "Slurm jobs (`sacct`)" (GPUs, CPU cores, memory) and
// docs/formats.md "Slurm cluster (`scontrol show node`, `topology.conf`)" (Gres)
class TestSlurmTres : public QObject {
    Q_OBJECT
private slots:
    void tres_data();
    void tres();
    void memory_data();
    void memory();
    void badTres_data();
    void badTres();
    void gres_data();
    void gres();
    void badGres();
};

void TestSlurmTres::tres_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("cpus"); // -1 = absent
    QTest::addColumn<double>("memGb");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("types");
    QTest::newRow("typical alloc") << "billing=32,cpu=32,mem=256G,node=1,gres/gpu=8,gres/gpu:a100=8" << 32.0 << 256.0 << 8 << "a100";
    QTest::newRow("typed only") << "cpu=8,gres/gpu:a100=4" << 8.0 << -1.0 << 4 << "a100";
    QTest::newRow("two types summed") << "gres/gpu:a100=2,gres/gpu:v100=3" << -1.0 << -1.0 << 5 << "a100|v100";
    QTest::newRow("plain count wins over typed") << "gres/gpu=4,gres/gpu:a100=4" << -1.0 << -1.0 << 4 << "a100";
    QTest::newRow("gpumem and gpuutil are not GPUs") << "cpu=4,gres/gpumem=40G,gres/gpuutil=50,gres/gpu=1" << 4.0 << -1.0 << 1 << "";
    // 4000M = 4000 / 1024 GiB = 3.90625
    QTest::newRow("mem in M") << "cpu=2,mem=4000M,node=1" << 2.0 << 3.90625 << -1 << "";
    QTest::newRow("mem in T") << "mem=1.5T" << -1.0 << 1536.0 << -1 << "";
    QTest::newRow("empty") << "" << -1.0 << -1.0 << -1 << "";
    QTest::newRow("energy, license, billing ignored") << "billing=10,energy=123,license/matlab=1,node=2" << -1.0 << -1.0 << -1 << "";
}

void TestSlurmTres::tres()
{
    QFETCH(QString, text);
    QFETCH(double, cpus);
    QFETCH(double, memGb);
    QFETCH(int, gpus);
    QFETCH(QString, types);
    const auto t = parseSlurmTres(text.toStdString());
    QCOMPARE(t.cpus.value_or(-1), cpus);
    QCOMPARE(t.memGb.value_or(-1), memGb);
    QCOMPARE(static_cast<int>(t.gpus.value_or(-1)), gpus);
    QStringList got;
    for (const auto& ty : t.gpuTypes)
        got << QString::fromStdString(ty);
    QCOMPARE(got.join('|'), types);
}

void TestSlurmTres::memory_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("gib");
    QTest::newRow("K") << "1048576K" << 1.0;
    QTest::newRow("M") << "512M" << 0.5;
    QTest::newRow("no unit = M") << "2048" << 2.0;
    QTest::newRow("G") << "64G" << 64.0;
    QTest::newRow("lower case g") << "64g" << 64.0;
    QTest::newRow("T") << "2T" << 2048.0;
    QTest::newRow("P") << "1P" << 1048576.0;
    QTest::newRow("decimal") << "1.25G" << 1.25;
}

void TestSlurmTres::memory()
{
    QFETCH(QString, text);
    QFETCH(double, gib);
    QCOMPARE(parseSlurmMemory(text.toStdString()), gib);
}

void TestSlurmTres::badTres_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("no =") << "cpu=4,gpu";
    QTest::newRow("bad gpu count") << "gres/gpu=x";
    QTest::newRow("fractional gpus") << "gres/gpu=1.5";
    QTest::newRow("negative cpu") << "cpu=-1";
    QTest::newRow("bad memory unit") << "mem=4X";
    QTest::newRow("empty memory") << "mem=";
}

void TestSlurmTres::badTres()
{
    QFETCH(QString, text);
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, parseSlurmTres(text.toStdString()));
}

void TestSlurmTres::gres_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("types");
    QTest::newRow("typed with socket binding") << "gpu:a100:8(S:0-1)" << 8 << "a100";
    QTest::newRow("untyped") << "gpu:4" << 4 << "";
    QTest::newRow("two types") << "gpu:a100:4(S:0),gpu:v100:2(S:1)" << 6 << "a100|v100";
    QTest::newRow("other gres ignored") << "nvme:1,gpu:h100:8(S:0,1),shard:a100:32" << 8 << "h100";
    QTest::newRow("no count = 1") << "gpu" << 1 << "";
    QTest::newRow("type without count") << "gpu:t4" << 1 << "t4";
    QTest::newRow("null") << "(null)" << 0 << "";
    QTest::newRow("gpumem is not a gpu") << "gpumem:80G" << 0 << "";
}

void TestSlurmTres::gres()
{
    QFETCH(QString, text);
    QFETCH(int, gpus);
    QFETCH(QString, types);
    const auto g = parseSlurmGres(text.toStdString());
    QCOMPARE(static_cast<int>(g.gpus), gpus);
    QStringList got;
    for (const auto& ty : g.types)
        got << QString::fromStdString(ty);
    QCOMPARE(got.join('|'), types);
}

void TestSlurmTres::badGres()
{
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, parseSlurmGres("gpu:a100:x"));
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, parseSlurmGres("gpu:a:b:4"));
    QVERIFY_THROWS_EXCEPTION(clens::ValueError, parseSlurmGres("gpu:a100:5000"));
}

QTEST_APPLESS_MAIN(TestSlurmTres)
#include "tst_slurm_tres.moc"
