#include "core/io/tenant_quotas.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

using namespace clens;
using namespace clens::test;

// docs/formats.md "Quotas (`sacctmgr`, `ResourceQuota`)"
class TestTenantQuotas : public QObject {
    Q_OBJECT
private slots:
    void slurmSample();
    void slurmQos();
    void kubernetesSample();
    void malformed_data();
    void malformed();
};

namespace {
QString quotasText(const TenantQuotas& q)
{
    QStringList parts;
    for (const auto& [tenant, gpus] : q.gpus)
        parts << QString::fromStdString(tenant) + "=" + QString::number(gpus);
    return parts.join(',');
}
} // namespace

// sample_traces/slurm/sacctmgr_assoc.txt: account limits nlp 40, speech 8, vision 24; root none.
void TestTenantQuotas::slurmSample()
{
    const auto q = readTenantQuotas(samplePath("slurm/sacctmgr_assoc.txt"));
    QCOMPARE(quotasText(q), QString("nlp=40,speech=8,vision=24"));
    QCOMPARE(q.notes.size(), std::size_t{3}); // 3 limits; root unlimited; 9 user rows skipped
    QVERIFY(q.notes[2].find("9 user") != std::string::npos);
}

void TestTenantQuotas::slurmQos()
{
    QTemporaryDir dir;
    // sacctmgr --parsable (not 2) ends each line with '|'.
    const auto path = writeFile(dir, "qos.txt",
                                "Name|Priority|GrpTRES|\n"
                                "normal|0||\n"
                                "high|100|gres/gpu:a100=16,gres/gpu:h100=8|\n"
                                "low|0|cpu=64,gres/gpu=4|\n");
    ImportOptions o;
    o.slurmTenant = "qos";
    QCOMPARE(quotasText(readTenantQuotas(path, o)), QString("high=24,low=4"));
    o.slurmTenant = "partition";
    expectInputError([&] { readTenantQuotas(path, o); }, path, 0, "");
    o.slurmTenant = "account"; // no Account column
    expectInputError([&] { readTenantQuotas(path, o); }, path, 1, "");
}

// sample_traces/kubernetes/resourcequotas.json: team-vision 16, team-nlp 24 (and a quota without
// GPUs), team-speech 12 and 8: the smaller applies.
void TestTenantQuotas::kubernetesSample()
{
    const auto q = readTenantQuotas(samplePath("kubernetes/resourcequotas.json"));
    QCOMPARE(quotasText(q), QString("team-nlp=24,team-speech=8,team-vision=16"));
    QVERIFY(q.notes.back().find("1 ResourceQuotas set no GPU limit") != std::string::npos);
}

void TestTenantQuotas::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    const QString h = "Cluster|Account|User|Partition|GrpTRES\n";
    QTest::newRow("empty") << "" << qint64(0) << "";
    QTest::newRow("not a quota file") << "JobID|State\n1|COMPLETED\n" << qint64(1) << "";
    QTest::newRow("bad GrpTRES") << h + "c|a|||gres/gpu=many\n" << qint64(2) << "GrpTRES";
    QTest::newRow("field count") << h + "c|a||gres/gpu=1\n" << qint64(2) << "";
    QTest::newRow("two limits for one account") << h + "c|a|||gres/gpu=1\nc|a|||gres/gpu=2\n" << qint64(3) << "Account";
    QTest::newRow("two clusters") << h + "c1|a|||gres/gpu=1\nc2|b|||gres/gpu=2\n" << qint64(0) << "Cluster";
    QTest::newRow("empty account") << h + "c||||gres/gpu=1\n" << qint64(2) << "Account";
    const QString list = R"({"kind": "List", "items": [%1]})";
    QTest::newRow("k8s: a pod") << list.arg(R"({"kind": "Pod", "metadata": {"namespace": "a"}})") << qint64(0) << "items[0].kind";
    QTest::newRow("k8s: no namespace") << list.arg(R"({"kind": "ResourceQuota", "metadata": {"name": "q"}})") << qint64(0)
                                       << "items[0].metadata.namespace";
    QTest::newRow("k8s: fractional GPUs")
        << list.arg(R"({"kind": "ResourceQuota", "metadata": {"namespace": "a"}, "spec": {"hard": {"requests.nvidia.com/gpu": "1500m"}}})")
        << qint64(0) << "items[0].spec.hard";
    QTest::newRow("k8s: bad quantity")
        << list.arg(R"({"kind": "ResourceQuota", "metadata": {"namespace": "a"}, "spec": {"hard": {"requests.nvidia.com/gpu": "4 GPUs"}}})")
        << qint64(0) << "items[0].spec.hard.requests.nvidia.com/gpu";
}

void TestTenantQuotas::malformed()
{
    QFETCH(QString, text);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "quotas", text.toStdString());
    expectInputError([&] { readTenantQuotas(path); }, path, line, field.toStdString());
}

QTEST_APPLESS_MAIN(TestTenantQuotas)
#include "tst_tenant_quotas.moc"
