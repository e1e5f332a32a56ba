// Allowed-GPU-model sets: the canonical text Trace::gpuModelSets keeps, and interning.
#include "core/model/trace.hpp"

#include <QTest>

using namespace clens;

class TestGpuModelSets : public QObject {
    Q_OBJECT
private slots:
    void canonical_data();
    void canonical();
    void interning();
    void splitIsTheInverse();
};

void TestGpuModelSets::canonical_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("expected");
    QTest::newRow("sorted, unique, trimmed") << "B| A|A" << "A|B";
    QTest::newRow("one model") << "T4" << "T4";
    QTest::newRow("tabs and spaces") << "\tV100M32 |  V100M16\t" << "V100M16|V100M32";
    QTest::newRow("blanks between bars") << "|A|| |B|" << "A|B";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("only bars and blanks") << " | |\t" << "";
    QTest::newRow("case kept") << "t4|T4" << "T4|t4"; // byte order: 'T' < 't'
    QTest::newRow("inner blanks kept") << "Tesla T4|A10" << "A10|Tesla T4";
}

void TestGpuModelSets::canonical()
{
    QFETCH(QString, list);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(canonicalGpuModels(list.toStdString())), expected);
}

void TestGpuModelSets::interning()
{
    Trace t;
    QCOMPARE(t.gpuModelSets, std::vector<std::string>{""});
    QCOMPARE(t.internGpuModels(""), 0);
    QCOMPARE(t.internGpuModels(" | "), 0);
    QCOMPARE(t.internGpuModels("B| A|A"), 1);
    QCOMPARE(t.internGpuModels("A|B"), 1); // the same set in another spelling
    QCOMPARE(t.internGpuModels("B|A"), 1);
    QCOMPARE(t.internGpuModels("T4"), 2);
    QCOMPARE(t.internGpuModels("A"), 3); // a subset is another set
    QCOMPARE(t.gpuModelSets, (std::vector<std::string>{"", "A|B", "T4", "A"}));

    // Sets edited directly (as the project file restores them) are found again.
    Trace restored;
    restored.gpuModelSets = {"", "P100|T4", "G2"};
    QCOMPARE(restored.internGpuModels("T4|P100"), 1);
    QCOMPARE(restored.internGpuModels("G2"), 2);
    QCOMPARE(restored.internGpuModels("G3"), 3);
    QCOMPARE(restored.gpuModelSets.size(), std::size_t{4});
}

void TestGpuModelSets::splitIsTheInverse()
{
    QCOMPARE(splitGpuModels("A|B|Tesla T4"), (std::vector<std::string>{"A", "B", "Tesla T4"}));
    QCOMPARE(splitGpuModels("T4"), std::vector<std::string>{"T4"});
    QVERIFY(splitGpuModels("").empty());
}

QTEST_APPLESS_MAIN(TestGpuModelSets)
#include "tst_gpu_model_sets.moc"
