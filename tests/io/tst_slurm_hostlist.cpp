#include "core/io/slurm_hostlist.hpp"

#include <QTest>

#include <stdexcept>

using namespace clens;

// docs/formats.md "Slurm jobs (`sacct`)" (NodeList)
class TestSlurmHostList : public QObject {
    Q_OBJECT
private slots:
    void expand_data();
    void expand();
    void malformed_data();
    void malformed();
};

void TestSlurmHostList::expand_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QStringList>("hosts");
    QTest::newRow("one host") << "gpu01" << QStringList{"gpu01"};
    QTest::newRow("range and single, padding kept") << "gpu[01-04,07]" << QStringList{"gpu01", "gpu02", "gpu03", "gpu04", "gpu07"};
    QTest::newRow("padding across a decade") << "n[08-11]" << QStringList{"n08", "n09", "n10", "n11"};
    QTest::newRow("no padding") << "n[9-11]" << QStringList{"n9", "n10", "n11"};
    QTest::newRow("wider padding") << "r[001-002]" << QStringList{"r001", "r002"};
    QTest::newRow("several prefixes") << "gpu[01,03-04],cpu01,login" << QStringList{"gpu01", "gpu03", "gpu04", "cpu01", "login"};
    QTest::newRow("two brackets: every combination") << "rack[1-2]-n[1-2]" << QStringList{"rack1-n1", "rack1-n2", "rack2-n1", "rack2-n2"};
    QTest::newRow("suffix after bracket") << "a[1-2]b" << QStringList{"a1b", "a2b"};
    QTest::newRow("one-value range") << "gpu[5-5]" << QStringList{"gpu5"};
    QTest::newRow("empty") << "" << QStringList{};
}

void TestSlurmHostList::expand()
{
    QFETCH(QString, expr);
    QFETCH(QStringList, hosts);
    QStringList got;
    for (const auto& h : expandSlurmHostList(expr.toStdString()))
        got << QString::fromStdString(h);
    QCOMPARE(got, hosts);
}

void TestSlurmHostList::malformed_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("reason");
    QTest::newRow("unclosed") << "gpu[01-02" << "unclosed";
    QTest::newRow("stray ]") << "gpu01]" << "unbalanced";
    QTest::newRow("descending") << "gpu[3-1]" << "descending";
    QTest::newRow("letters") << "gpu[a-b]" << "bad range";
    QTest::newRow("empty range") << "gpu[]" << "bad range";
    QTest::newRow("nested") << "gpu[1-[2]]" << "nested";
    QTest::newRow("empty name") << "gpu01,,gpu02" << "empty host name";
    QTest::newRow("trailing comma") << "gpu01," << "empty host name";
    QTest::newRow("too many") << "n[0-999999]x[0-999999]" << "too many";
}

void TestSlurmHostList::malformed()
{
    QFETCH(QString, expr);
    QFETCH(QString, reason);
    try {
        (void)expandSlurmHostList(expr.toStdString());
        QFAIL("expected ValueError");
    } catch (const clens::ValueError& e) {
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

QTEST_APPLESS_MAIN(TestSlurmHostList)
#include "tst_slurm_hostlist.moc"
