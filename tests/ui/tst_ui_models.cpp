// The item models behind the job table, the inspector, the results panel and the quota
// editor: each passes QAbstractItemModelTester and shows what a user relies on.
#include "tests/ui/ui_test_support.hpp"
#include "ui/models/job_filter_proxy.hpp"
#include "ui/models/job_row_order.hpp"
#include "ui/models/job_table_model.hpp"
#include "ui/models/scenario_diff.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/models/vc_quota_model.hpp"
#include "ui/models/wait_interval_model.hpp"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

// Demo under the fake engine with relax_to_any_after_s = 1800 (the default):
// t=0 j01..j04 (3 GPUs each) take 3 of the 4 GPUs of s1..s4 (best fit, in order), leaving one
// free GPU per server. j05 (4 GPUs, submitted at 120) finds 4 free GPUs but no server with 4:
// fragmentation until its relax instant 120 + 1800 = 1920, when it takes the 4 scattered GPUs.
// j06 (1 GPU, 300) backfills into s1's free GPU; j05 is judged before it in each pass, so its
// whole wait 120..1920 is one fragmentation interval of 1800 s.
constexpr std::int64_t kJ05Fragmentation = 1800;

QString cell(const QAbstractItemModel& m, int row, int col, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, col), role).toString();
}

} // namespace

class TestUiModels : public QObject {
    Q_OBJECT
private:
    SimInput in_ = test::demoInput();
    SnapshotPtr snap_ = test::snapshotOf(in_);

private slots:
    void jobTablePassesModelTester()
    {
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snap_);
        QCOMPARE(model.rowCount(), 24);
        QCOMPARE(model.columnCount(), int(JobTableModel::ColumnCount));
        model.setSnapshot(nullptr);
        QCOMPARE(model.rowCount(), 0);
        model.setSnapshot(snap_);
    }

    void jobTableShowsWhyAJobWaited()
    {
        JobTableModel model;
        model.setSnapshot(snap_);
        const int row = model.rowOfJob(test::jobIndex(*in_.trace, "j05"));
        QVERIFY(row >= 0);
        QCOMPARE(cell(model, row, JobTableModel::Id), QStringLiteral("j05"));
        QCOMPARE(cell(model, row, JobTableModel::Vc), QStringLiteral("nlp"));
        QCOMPARE(model.data(model.index(row, JobTableModel::Fragmentation), JobTableModel::SortRole).toLongLong(),
                 kJ05Fragmentation);
        QCOMPARE(cell(model, row, JobTableModel::Fragmentation), QStringLiteral("30 min"));
        QCOMPARE(cell(model, row, JobTableModel::Level), QStringLiteral("any"));
    }

    void proxyPassesModelTesterAndSorts_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::addColumn<QString>("firstJob");
        // Empty firstJob: the first row must hold the column's largest value.
        QTest::newRow("waited desc") << int(JobTableModel::QueueDelay) << int(Qt::DescendingOrder) << QString();
        // j07 and j18 both ask for 8 GPUs; descending reverses the input-order tie break too.
        QTest::newRow("gpus desc") << int(JobTableModel::Gpus) << int(Qt::DescendingOrder) << QStringLiteral("j18");
        QTest::newRow("id asc") << int(JobTableModel::Id) << int(Qt::AscendingOrder) << QStringLiteral("j01");
        QTest::newRow("vc asc") << int(JobTableModel::Vc) << int(Qt::AscendingOrder) << QStringLiteral("j03");
    }

    void proxyPassesModelTesterAndSorts()
    {
        QFETCH(int, column);
        QFETCH(int, order);
        QFETCH(QString, firstJob);
        JobTableModel model;
        JobFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snap_);
        proxy.sort(column, static_cast<Qt::SortOrder>(order));
        if (firstJob.isEmpty()) {
            qlonglong best = -1;
            for (int r = 0; r < model.rowCount(); ++r)
                best = std::max(best, model.data(model.index(r, column), JobTableModel::SortRole).toLongLong());
            QVERIFY(best >= kJ05Fragmentation);
            QCOMPARE(proxy.data(proxy.index(0, column), JobTableModel::SortRole).toLongLong(), best);
            firstJob = cell(proxy, 0, JobTableModel::Id);
        }
        QCOMPARE(cell(proxy, 0, JobTableModel::Id), firstJob);
        // Every neighbouring pair respects the order.
        for (int r = 1; r < proxy.rowCount(); ++r) {
            const QVariant a = proxy.data(proxy.index(r - 1, column), JobTableModel::SortRole);
            const QVariant b = proxy.data(proxy.index(r, column), JobTableModel::SortRole);
            if (!a.isValid() || !b.isValid() || column == JobTableModel::Vc)
                continue;
            if (order == Qt::AscendingOrder)
                QVERIFY(a.toDouble() <= b.toDouble());
            else
                QVERIFY(a.toDouble() >= b.toDouble());
        }
        model.setSnapshot(test::snapshotOf(in_, Scenario{}, 2)); // re-sorts after a new result
        QCOMPARE(cell(proxy, 0, JobTableModel::Id), firstJob);
    }

    void proxyFilters_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("vc");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("cause");
        QTest::addColumn<int>("rows");
        // Demo: 24 jobs; user chen has j03 j05 j12 j18 j24; VC speech has 9 jobs;
        // 2 Failed (j09 j20) and 1 Killed (j11).
        QTest::newRow("everything") << QString() << -1 << -1 << -1 << 24;
        QTest::newRow("user chen") << QStringLiteral("chen") << -1 << -1 << -1 << 5;
        QTest::newRow("job id") << QStringLiteral("j1") << -1 << -1 << -1 << 10;
        QTest::newRow("vc speech") << QString() << int(in_.trace->findTenant("speech").value()) << -1 << -1 << 9;
        QTest::newRow("failed") << QString() << -1 << int(JobStatus::Failed) << -1 << 2;
        QTest::newRow("fragmentation") << QString() << -1 << -1 << int(DelayCause::Fragmentation) << -2;
        QTest::newRow("nothing") << QStringLiteral("zzz") << -1 << -1 << -1 << 0;
    }

    void proxyFilters()
    {
        QFETCH(QString, text);
        QFETCH(int, vc);
        QFETCH(int, status);
        QFETCH(int, cause);
        QFETCH(int, rows);
        JobTableModel model;
        JobFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snap_);
        proxy.setText(text);
        proxy.setVc(vc < 0 ? std::nullopt : std::optional<std::int32_t>(vc));
        proxy.setStatus(status < 0 ? std::nullopt : std::optional<JobStatus>(static_cast<JobStatus>(status)));
        proxy.setWaitedFor(cause < 0 ? std::nullopt : std::optional<DelayCause>(static_cast<DelayCause>(cause)));
        if (rows == -2) { // as many as the model has jobs with fragmentation delay (j05 among them)
            rows = 0;
            bool sawJ05 = false;
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.resultAt(r)->fragmentationDelay_s > 0) {
                    ++rows;
                    sawJ05 |= cell(model, r, JobTableModel::Id) == QLatin1String("j05");
                }
            QVERIFY(sawJ05);
        }
        QCOMPARE(proxy.rowCount(), rows);
    }

    // A large table is ordered on a worker (here: every table, backgroundFrom 1). The rows it
    // lists are those the same request gives at once, and only the newest request is installed:
    // a VC asked for and replaced before its order arrived never shows.
    void backgroundOrderIsTheNewestRequests_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("order");
        QTest::newRow("by submit, descending") << int(JobTableModel::Submit) << int(Qt::DescendingOrder);
        QTest::newRow("by queue delay") << int(JobTableModel::QueueDelay) << int(Qt::AscendingOrder);
        QTest::newRow("table order") << -1 << int(Qt::AscendingOrder);
    }

    void backgroundOrderIsTheNewestRequests()
    {
        QFETCH(int, column);
        QFETCH(int, order);
        JobTableModel model;
        model.setSnapshot(snap_);
        JobFilterProxy now; // ordered at once
        now.setSourceModel(&model);
        now.setVc(1);
        now.sort(column, static_cast<Qt::SortOrder>(order));
        QVERIFY(!now.busy());
        QVERIFY(now.rowCount() > 0 && now.rowCount() < model.rowCount());

        JobFilterProxy later;
        later.setBackgroundFrom(1);
        QAbstractItemModelTester tester(&later, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy ordered(&later, &JobFilterProxy::ordered);
        later.setSourceModel(&model);
        QVERIFY(later.busy());
        QCOMPARE(later.rowCount(), model.rowCount()); // table order until the first order arrives
        later.setVc(0); // replaced below before it can arrive
        later.setVc(1);
        later.sort(column, static_cast<Qt::SortOrder>(order));
        QVERIFY(later.busy());
        QVERIFY(ordered.wait(10000));
        QVERIFY(!later.busy());
        QCOMPARE(ordered.count(), 1); // the stale orders were dropped
        QCOMPARE(later.rowCount(), now.rowCount());
        for (int r = 0; r < now.rowCount(); ++r) {
            QCOMPARE(cell(later, r, JobTableModel::Id), cell(now, r, JobTableModel::Id));
            QCOMPARE(later.mapToSource(later.index(r, 0)).row(), later.listedRows()[static_cast<std::size_t>(r)]);
        }
    }

    // The text filter lists exactly the rows whose joined "id VC user" text holds the needle,
    // case aside, however it is matched (per field for a needle without a space).
    void textFilterMatchesTheJoinedText_data()
    {
        QTest::addColumn<QString>("needle");
        QTest::newRow("id part") << "j0";
        QTest::newRow("upper case") << "J1";
        QTest::newRow("a VC") << "nlp";
        QTest::newRow("part of a VC") << "VIS";
        QTest::newRow("across fields") << "j05 nlp";
        QTest::newRow("beyond ASCII") << QStringLiteral("j\u00f6");
        QTest::newRow("nothing") << "zzz";
    }

    void textFilterMatchesTheJoinedText()
    {
        QFETCH(QString, needle);
        const JobRows rows(snap_);
        JobRowFilter filter;
        filter.text = needle;
        const auto listed = orderJobRows(rows, 0, filter, -1, Qt::AscendingOrder);
        QVERIFY(listed);
        std::vector<int> expected;
        for (int r = 0; r < rows.size(); ++r)
            if (rows.searchText(r).contains(needle, Qt::CaseInsensitive))
                expected.push_back(r);
        QVERIFY(*listed == expected);
        if (needle == QLatin1String("nlp") || needle == QLatin1String("j0"))
            QVERIFY(!expected.empty() && static_cast<int>(expected.size()) < rows.size());
    }

    // orderJobRows itself: ties keep table order, descending is its exact reverse, a cancel
    // gives nothing.
    void orderIsTotalAndCancellable()
    {
        const JobRows rows(snap_);
        const auto up = orderJobRows(rows, 0, {}, JobTableModel::Gpus, Qt::AscendingOrder);
        const auto down = orderJobRows(rows, 0, {}, JobTableModel::Gpus, Qt::DescendingOrder);
        QVERIFY(up && down);
        QCOMPARE(static_cast<int>(up->size()), rows.size());
        QVERIFY(std::equal(up->begin(), up->end(), down->rbegin()));
        for (std::size_t i = 1; i < up->size(); ++i) {
            const double a = rows.sortKey((*up)[i - 1], JobTableModel::Gpus, 0), b = rows.sortKey((*up)[i], JobTableModel::Gpus, 0);
            QVERIFY(a < b || (a == b && (*up)[i - 1] < (*up)[i]));
        }
        QVERIFY(!orderJobRows(rows, 0, {}, JobTableModel::Gpus, Qt::AscendingOrder, [] { return true; }));
    }

    void atCursorSaysWhereAJobStands_data()
    {
        QTest::addColumn<qint64>("t");
        QTest::addColumn<QString>("job");
        QTest::addColumn<QString>("text");
        // The demo above: j01 runs from 0; j05 waits for fragmentation over [120, 1920), then runs.
        QTest::newRow("j05 before its submission") << qint64{100} << QStringLiteral("j05") << QString();
        QTest::newRow("j05 waiting") << qint64{1000} << QStringLiteral("j05") << QStringLiteral("waiting: fragmentation — GPUs");
        QTest::newRow("j05 last waiting second") << qint64{1919} << QStringLiteral("j05") << QStringLiteral("waiting: fragmentation — GPUs");
        QTest::newRow("j05 started") << qint64{1920} << QStringLiteral("j05") << QStringLiteral("running");
        QTest::newRow("j01 running") << qint64{1000} << QStringLiteral("j01") << QStringLiteral("running");
    }

    void atCursorSaysWhereAJobStands()
    {
        QFETCH(qint64, t);
        QFETCH(QString, job);
        QFETCH(QString, text);
        JobTableModel model;
        JobFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snap_);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setTime(t);
        QCOMPARE(changed.count(), t == 0 ? 0 : 1);
        const int row = model.rowOfJob(test::jobIndex(*in_.trace, job.toStdString()));
        QCOMPARE(cell(model, row, JobTableModel::AtCursor), text);
        // The filters keep the job exactly when it stands so, and move with the cursor.
        const auto shown = [&] {
            for (int r = 0; r < proxy.rowCount(); ++r)
                if (cell(proxy, r, JobTableModel::Id) == job)
                    return true;
            return false;
        };
        proxy.setStandingAtCursor(JobStanding::Waiting);
        QCOMPARE(shown(), text.startsWith(QLatin1String("waiting")));
        proxy.setStandingAtCursor(JobStanding::Running);
        QCOMPARE(shown(), text == QLatin1String("running"));
        model.setTime(-1); // before the first submission: nobody runs
        QCOMPARE(proxy.rowCount(), 0);
        model.setTime(t);
        QCOMPARE(shown(), text == QLatin1String("running"));
    }

    void waitIntervalsExplainTheWait()
    {
        WaitIntervalModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto j05 = test::jobIndex(*in_.trace, "j05");
        model.setJob(snap_, j05);
        QCOMPARE(model.rowCount(), 1);
        const WaitInterval* w = model.intervalAt(0);
        QVERIFY(w);
        QCOMPARE(w->from_s, std::int64_t(120));
        QCOMPARE(w->to_s, std::int64_t(1920));
        QCOMPARE(cell(model, 0, WaitIntervalModel::Cause), QStringLiteral("fragmentation — GPUs"));
        QCOMPARE(cell(model, 0, WaitIntervalModel::Duration), QStringLiteral("30 min"));
        model.setJob(snap_, test::jobIndex(*in_.trace, "j01")); // started at once
        QCOMPARE(model.rowCount(), 0);
        model.setJob(nullptr, -1);
        QCOMPARE(model.rowCount(), 0);
    }

    void summaryComparesWithBaseline()
    {
        SummaryCompareModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCurrent(snap_);
        QCOMPARE(cell(model, SummaryCompareModel::Change, SummaryCompareModel::Change), QString()); // no baseline
        Scenario relaxed;
        relaxed.locality.relaxToAnyAfter_s = 0; // j05 starts at 120: no fragmentation at all
        const auto better = test::snapshotOf(in_, relaxed, 2);
        model.setBaseline(snap_);
        model.setCurrent(better);
        const auto frag = model.data(model.index(SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change),
                                     SummaryCompareModel::ValueRole);
        QVERIFY(frag.isValid());
        QVERIFY(frag.toDouble() < 0); // less fragmentation than the baseline
        const auto colour = model.data(model.index(SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change),
                                       Qt::ForegroundRole).value<QBrush>().color();
        QVERIFY(colour.green() > colour.red()); // shown as an improvement
        QVERIFY(cell(model, SummaryCompareModel::FragmentationDelay, SummaryCompareModel::Change).startsWith(QStringLiteral("−")));
        QCOMPARE(better->result->summary.fragmentationDelay_s, 0.0);
    }

    // The cause in bold (and in the status bar) is the one with the most time per job: with
    // quotas that is fair share, and a bold "fragmentation 0 s" pointed at the wrong cause.
    void theLargestCauseIsTheOneInBold_data()
    {
        QTest::addColumn<double>("fragmentation");
        QTest::addColumn<double>("fairShare");
        QTest::addColumn<double>("capacity");
        QTest::addColumn<int>("bold");
        QTest::newRow("fair share") << 0.0 << 600.0 << 10.0 << int(SummaryCompareModel::FairshareDelay);
        QTest::newRow("capacity") << 5.0 << 0.0 << 50.0 << int(SummaryCompareModel::CapacityDelay);
        QTest::newRow("fragmentation") << 70.0 << 20.0 << 50.0 << int(SummaryCompareModel::FragmentationDelay);
        QTest::newRow("a tie: fragmentation") << 30.0 << 30.0 << 0.0 << int(SummaryCompareModel::FragmentationDelay);
        QTest::newRow("no wait: fragmentation") << 0.0 << 0.0 << 0.0 << int(SummaryCompareModel::FragmentationDelay);
    }
    void theLargestCauseIsTheOneInBold()
    {
        QFETCH(double, fragmentation);
        QFETCH(double, fairShare);
        QFETCH(double, capacity);
        QFETCH(int, bold);
        auto result = std::make_shared<SimResult>();
        result->summary.jobs = 10;
        result->summary.fragmentationDelay_s = fragmentation * 10; // totals: 10 jobs
        result->summary.fairshareDelay_s = fairShare * 10;
        result->summary.capacityDelay_s = capacity * 10;
        auto snapshot = std::make_shared<SimSnapshot>();
        snapshot->result = result;
        QCOMPARE(int(SummaryCompareModel::largestCause(snapshot.get())), bold);
        SummaryCompareModel model;
        model.setCurrent(snapshot);
        for (const int row : {int(SummaryCompareModel::FragmentationDelay), int(SummaryCompareModel::FairshareDelay),
                              int(SummaryCompareModel::CapacityDelay)})
            QCOMPARE(model.data(model.index(row, SummaryCompareModel::Current), Qt::FontRole).value<QFont>().bold(), row == bold);
    }

    void quotaEditing()
    {
        VcQuotaModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTrace(in_.trace);
        QCOMPARE(model.rowCount(), 3); // vision, speech, nlp
        QSignalSpy edited(&model, &VcQuotaModel::quotasEdited);
        const QModelIndex q = model.index(0, VcQuotaModel::Quota);
        QVERIFY(model.flags(q) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(0, VcQuotaModel::Vc)) & Qt::ItemIsEditable));
        QCOMPARE(cell(model, 0, VcQuotaModel::Quota), QStringLiteral("unlimited"));
        QVERIFY(model.setData(q, QStringLiteral("6")));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(model.quotas().at("vision"), std::int64_t(6));
        QVERIFY(!model.setData(q, QStringLiteral("-3")));
        QVERIFY(!model.setData(q, QStringLiteral("lots")));
        QCOMPARE(model.quotas().at("vision"), std::int64_t(6));
        QVERIFY(model.setData(q, QString())); // back to unlimited
        QVERIFY(model.quotas().empty());
        QCOMPARE(edited.count(), 2);
        // A quota for a VC the trace does not have is shown (the simulation will reject it).
        model.setQuotas({{"ghost", 4}});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(cell(model, 3, VcQuotaModel::Vc), QStringLiteral("ghost"));
    }

    void scenarioDiffNamesChangedKnobs()
    {
        Scenario a, b;
        QVERIFY(scenarioDiff(a, b).isEmpty());
        b.locality.relaxToAnyAfter_s = std::nullopt;
        b.placement = PlacementPolicy::Spread;
        const QStringList d = scenarioDiff(a, b);
        QCOMPARE(d.size(), 2);
        QCOMPARE(d.at(0), QStringLiteral("relax to any after: 30 min → never"));
        QCOMPARE(d.at(1), QStringLiteral("placement: best-fit → spread"));
        Scenario c;
        c.autoscaler.sigma = 3;
        c.power.spareServers = 4;
        const QStringList e = scenarioDiff(a, c);
        QCOMPARE(e.size(), 2);
        QCOMPARE(e.at(0), QStringLiteral("sigma: 2 → 3"));
        QCOMPARE(e.at(1), QStringLiteral("spare servers: 2 → 4"));
    }
};

QTEST_MAIN(TestUiModels)
#include "tst_ui_models.moc"
