// The Compare page: an empty state that says how to pin a baseline, non-zero deltas between
// two scenarios, zeros for a result against itself, a clear refusal for results on different
// jobs, and a double-click on a job that names its trace index.
#include "core/analysis/figure.hpp"
#include "tests/common/test_support.hpp"
#include "tests/ui/analysis_inputs.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/analysis/figure_view.hpp"
#include "ui/analysis/metric_delta_model.hpp"

#include <QComboBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace clens;
using namespace clens::test;

namespace {

bool compare(ui::analysis::ComparePage& page, std::shared_ptr<const SimResult> a, std::shared_ptr<const SimResult> b)
{
    QSignalSpy ready(&page, &ui::analysis::ComparePage::comparisonReady);
    page.setResults(std::move(a), std::move(b));
    return ready.count() > 0 || ready.wait(20000);
}

double change(const ui::analysis::ComparePage& page, const char* metric)
{
    auto* m = page.metricsModel();
    return m->data(m->index(m->rowOf(QString::fromLatin1(metric)), ui::analysis::MetricDeltaModel::Change), ui::analysis::MetricDeltaModel::RawValueRole)
        .toDouble();
}

} // namespace

class TestComparePage : public QObject {
    Q_OBJECT
private slots:
    void emptyStateTellsHowToPinABaseline_data();
    void emptyStateTellsHowToPinABaseline();
    void differentScenariosShowDeltas();
    void sameResultTwiceShowsZeros();
    void resultsOnDifferentJobsAreRefused();
    void doubleClickOnAJobActivatesItsTraceIndex();
    void metricNamesShowWholeOnASmallScreen();
};

void TestComparePage::emptyStateTellsHowToPinABaseline_data()
{
    QTest::addColumn<bool>("withBaseline");
    QTest::addColumn<bool>("withCurrent");
    QTest::newRow("neither") << false << false;
    QTest::newRow("no baseline") << false << true;
    QTest::newRow("no current") << true << false;
}

void TestComparePage::emptyStateTellsHowToPinABaseline()
{
    QFETCH(bool, withBaseline);
    QFETCH(bool, withCurrent);
    ui::analysis::ComparePage page;
    QVERIFY(compare(page, demoRuns().relaxed, demoRuns().never)); // a comparison first, then it goes away
    QVERIFY(page.hasComparison());
    QVERIFY(compare(page, withBaseline ? demoRuns().relaxed : nullptr, withCurrent ? demoRuns().never : nullptr));
    QVERIFY(!page.hasComparison());
    QVERIFY2(page.message().contains(QStringLiteral("Pin as baseline")), qPrintable(page.message()));
    // The menu path's arrow as written (read as Latin-1 it showed as "â" and two boxes).
    QVERIFY2(page.message().contains(QStringLiteral("Simulation \u2192 Pin Result as Baseline")), qPrintable(page.message()));
}

void TestComparePage::differentScenariosShowDeltas()
{
    ui::analysis::ComparePage page;
    QVERIFY(compare(page, demoRuns().relaxed, demoRuns().never));
    QVERIFY(page.hasComparison());
    const double meanChange = change(page, "mean_queue_delay_s");
    QCOMPARE(meanChange, demoRuns().never->summary.meanQueueDelay_s - demoRuns().relaxed->summary.meanQueueDelay_s);
    QVERIFY(meanChange < 0);
    const auto& c = *page.outcome()->comparison;
    QVERIFY(c.faster > 0);
    QVERIFY(c.faster + c.slower > 0);
    QCOMPARE(c.faster + c.slower + c.unchanged, c.finishedInBoth);
    // Charts: how much sooner/later (two directions), the delay CDFs of both results.
    QVERIFY(page.jctChangeView()->plot() != nullptr);
    QCOMPARE(page.jctChangeView()->plot()->graphCount(), c.slower > 0 ? 2 : 1);
    page.jctChoice()->setCurrentIndex(1); // signed change by size
    QCOMPARE(page.jctChangeView()->figure()->name, std::string("jct_change_cdf"));
    QVERIFY(page.jctChangeView()->plot()->graphCount() >= 2);
    QVERIFY(page.delayView()->plot() != nullptr);
    QCOMPARE(page.delayView()->plot()->graphCount(), 2);
    QVERIFY(page.gainersView()->table()->model()->rowCount() > 0);
}

void TestComparePage::sameResultTwiceShowsZeros()
{
    ui::analysis::ComparePage page;
    QVERIFY(compare(page, demoRuns().relaxed, demoRuns().relaxed));
    QVERIFY(page.hasComparison());
    auto* m = page.metricsModel();
    QVERIFY(m->rowCount() > 10);
    for (int r = 0; r < m->rowCount(); ++r) {
        const double d = m->data(m->index(r, ui::analysis::MetricDeltaModel::Change), ui::analysis::MetricDeltaModel::RawValueRole).toDouble();
        QVERIFY2(d == 0 || std::isnan(d), qPrintable(m->data(m->index(r, 0)).toString()));
        QVERIFY(!m->data(m->index(r, ui::analysis::MetricDeltaModel::Change), Qt::ForegroundRole).isValid());
    }
    const auto& c = *page.outcome()->comparison;
    QCOMPARE(c.unchanged, c.finishedInBoth);
    QCOMPARE(c.faster, std::int64_t{0});
    QCOMPARE(page.gainersView()->figure(), nullptr); // "no job finished sooner"
    QCOMPARE(page.losersView()->figure(), nullptr);
    // "How much sooner or later" says that none changed (it was an empty table); the signed
    // change over all jobs is a chart of zeros, and says so itself.
    QCOMPARE(page.jctChangeView()->figure(), nullptr);
    page.jctChoice()->setCurrentIndex(1);
    QCOMPARE(page.jctChangeView()->figure()->name, std::string("jct_change_cdf"));
    page.jctChoice()->setCurrentIndex(0);
    QCOMPARE(page.jctChangeView()->figure(), nullptr);
}

void TestComparePage::resultsOnDifferentJobsAreRefused()
{
    // The demo without its last job: the same trace no more.
    QTemporaryDir dir;
    std::ifstream jobs(samplePath("demo/jobs.csv"));
    std::stringstream text;
    text << jobs.rdbuf();
    auto lines = text.str();
    lines.erase(lines.find_last_of('\n', lines.size() - 2) + 1);
    const auto shorter = loadInputs(samplePath("demo/cluster.csv"), writeFile(dir, "jobs.csv", lines));
    QCOMPARE(shorter.trace->jobs.size() + 1, demoRuns().in.trace->jobs.size());
    ui::analysis::ComparePage page;
    QVERIFY(compare(page, demoRuns().relaxed, simulateShared(shorter)));
    QVERIFY(!page.hasComparison());
    QVERIFY2(page.message().contains(QStringLiteral("not on the same jobs")), qPrintable(page.message()));
}

void TestComparePage::doubleClickOnAJobActivatesItsTraceIndex()
{
    ui::analysis::ComparePage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(compare(page, demoRuns().relaxed, demoRuns().never));
    QSignalSpy activated(&page, &ui::analysis::ComparePage::jobActivated);
    auto* table = page.gainersView()->table();
    QVERIFY(table->model()->rowCount() > 0);
    const auto id = table->model()->index(0, 0).data().toString().toStdString();
    QTRY_VERIFY(table->isVisible());
    const QRect cell = table->visualRect(table->model()->index(0, 1));
    QVERIFY(table->viewport()->rect().contains(cell.center()));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(activated.count(), 1);
    const int job = activated.front().front().toInt();
    QVERIFY(job >= 0);
    QCOMPARE(demoRuns().in.trace->jobs[static_cast<std::size_t>(job)].id, id);
}

// At 1280 x 720 the page is about 950 px wide: the headline table once cut every metric name
// to "M…"; its columns now show whole, the chart beside it narrower.
void TestComparePage::metricNamesShowWholeOnASmallScreen()
{
    ui::analysis::ComparePage page;
    page.resize(950, 680);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(compare(page, demoRuns().relaxed, demoRuns().never));
    QCoreApplication::processEvents();
    QTableView* table = page.metricsTable();
    const QFontMetrics fm(table->font());
    int widest = 0;
    for (int row = 0; row < table->model()->rowCount(); ++row)
        widest = std::max(widest, fm.horizontalAdvance(table->model()->index(row, 0).data().toString()));
    QVERIFY(widest > 50);
    QVERIFY2(table->columnWidth(0) >= widest, qPrintable(QStringLiteral("%1 < %2").arg(table->columnWidth(0)).arg(widest)));
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    QVERIFY(page.width() <= 950);
}

QTEST_MAIN(TestComparePage)
#include "tst_compare_page.moc"
