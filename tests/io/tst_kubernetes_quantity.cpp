#include "core/io/kubernetes_quantity.hpp"

#include <QTest>

#include <cmath>
#include <stdexcept>

using namespace clens;

// docs/formats.md "Kubernetes quantities"
class TestKubernetesQuantity : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void malformed_data();
    void malformed();
};

void TestKubernetesQuantity::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("value");
    QTest::newRow("millicores") << "500m" << 0.5;
    QTest::newRow("1500m") << "1500m" << 1.5;
    QTest::newRow("plain") << "8" << 8.0;
    QTest::newRow("decimal") << "1.5" << 1.5;
    QTest::newRow("leading dot") << ".5" << 0.5;
    QTest::newRow("plus sign") << "+2" << 2.0;
    QTest::newRow("minus sign") << "-1" << -1.0;
    QTest::newRow("exponent") << "1e3" << 1000.0;
    QTest::newRow("upper exponent, negative") << "1E-2" << 0.01;
    QTest::newRow("Ki") << "1Ki" << 1024.0;
    QTest::newRow("Mi") << "512Mi" << 536870912.0;    // 512 * 2^20
    QTest::newRow("Gi") << "16Gi" << 17179869184.0;   // 16 * 2^30
    QTest::newRow("fractional Gi") << "0.5Gi" << 536870912.0;
    QTest::newRow("Ti") << "2Ti" << 2199023255552.0;  // 2 * 2^40
    QTest::newRow("Ei") << "1Ei" << std::ldexp(1.0, 60);
    QTest::newRow("node memory in Ki") << "129966508Ki" << 133085704192.0; // 129966508 * 1024
    QTest::newRow("k") << "2k" << 2000.0;
    QTest::newRow("M") << "100M" << 1e8;
    QTest::newRow("G") << "1G" << 1e9;
    QTest::newRow("T") << "3T" << 3e12;
    QTest::newRow("P") << "1P" << 1e15;
    QTest::newRow("E") << "1E" << 1e18;
    QTest::newRow("n") << "12n" << 1.2e-8;
    QTest::newRow("u") << "3u" << 3e-6;
    // 0.1 is not exact in binary: read once, the nearest double to 0.1, not 0.1000000000000000055...*1
    QTest::newRow("100m is the double nearest 0.1") << "100m" << 0.1;
}

void TestKubernetesQuantity::parse()
{
    QFETCH(QString, text);
    QFETCH(double, value);
    QCOMPARE(parseKubernetesQuantity(text.toStdString()), value);
}

void TestKubernetesQuantity::malformed_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("suffix only") << "Gi";
    QTest::newRow("GB is not a suffix") << "16GB";
    QTest::newRow("lower-case binary") << "16gi";
    QTest::newRow("ki") << "1ki";
    QTest::newRow("two dots") << "1.5.2";
    QTest::newRow("bare exponent") << "1e";
    QTest::newRow("unknown suffix") << "1x";
    QTest::newRow("space") << "1 Gi";
    QTest::newRow("sign only") << "-";
    QTest::newRow("too large") << "1e400";
}

void TestKubernetesQuantity::malformed()
{
    QFETCH(QString, text);
    try {
        (void)parseKubernetesQuantity(text.toStdString());
        QFAIL("expected ValueError");
    } catch (const clens::ValueError& e) {
        QVERIFY2(QString(e.what()).contains("not a Kubernetes quantity"), e.what());
    }
}

QTEST_APPLESS_MAIN(TestKubernetesQuantity)
#include "tst_kubernetes_quantity.moc"
