// The timelines' axes: elapsed-time ticks counted from the first submission (not from 0), whole
// days labelled "+Nd", and whole-number count axes; the autoscaler's and node power's rows only
// when the result has them.
#include "core/sim/simulator.hpp"
#include "tests/common/autoscale_fixture.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/timeline_view.hpp"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>
#include <qcustomplot.h>

#include <ctime>

using namespace clens;
using namespace clens::ui;

namespace {

// One 4-GPU server; the first job is submitted at 2 s (or at `origin` on a dated trace), the
// last one runs for 60 days.
SnapshotPtr longRun(std::int64_t origin = 0, TimeBase base = TimeBase::Relative)
{
    auto cluster = std::make_shared<const Topology>(Topology::build({ServerSpec{"s0", "r0", 4, "", 0, 0}}, 8));
    auto trace = std::make_shared<Trace>();
    trace->meta.timeBase = base;
    const std::pair<std::int64_t, std::int64_t> jobs[] = {{2, 3600}, {100, 60 * 86400}, {200, 7200}};
    for (const auto& [submit, duration] : jobs) {
        Job j;
        j.id = "j" + std::to_string(trace->jobs.size());
        j.vc = trace->internTenant("v");
        j.user = trace->internUser("u");
        j.submit_s = origin + submit;
        j.gpus = 1;
        j.duration_s = duration;
        trace->jobs.push_back(std::move(j));
    }
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = std::make_shared<const SimResult>(simulate(cluster, trace, Scenario{}));
    return snapshot;
}

QCPAxisRect* row(TimelineView& view, int i) { return view.plot()->axisRects().at(i); }

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Dated axes must not follow the machine's zone: the clock and inspector show UTC.
        qputenv("TZ", "America/Los_Angeles");
        tzset();
    }

    void datedTicksAreUtc()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun(1'507'000'000, TimeBase::UnixUtc)); // 2017-10-03 03:06:40 UTC
        view.show();
        view.plot()->replot();
        const QCPAxis* x = row(view, 2)->axis(QCPAxis::atBottom);
        QVERIFY(x->tickVector().size() >= 2);
        for (qsizetype i = 0; i < x->tickVector().size(); ++i) {
            const auto utc = QDateTime::fromSecsSinceEpoch(static_cast<qint64>(x->tickVector()[i]), QTimeZone::utc());
            QCOMPARE(x->tickVectorLabels()[i], utc.toString(QStringLiteral("MMM d\nhh:mm")));
        }
    }

    void elapsedTicksCountFromTheFirstSubmission()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun());
        view.show();
        view.plot()->replot();
        const QCPAxis* x = row(view, 2)->axis(QCPAxis::atBottom);
        const auto ticks = x->tickVector();
        const auto labels = x->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        // Every tick is a whole number of steps after the first submission (2 s): labels read
        // "+00:00", "+14d", ... never "+13d 23:59".
        for (qsizetype i = 0; i < ticks.size(); ++i) {
            const auto elapsed = static_cast<std::int64_t>(ticks[i]) - 2;
            QVERIFY2(elapsed % 3600 == 0, qPrintable(labels[i]));
            if (elapsed > 0 && elapsed % 86400 == 0)
                QCOMPARE(labels[i], QStringLiteral("+%1d").arg(elapsed / 86400));
            QVERIFY2(!labels[i].contains(QStringLiteral(":59")), qPrintable(labels[i]));
        }
    }

    void countAxesUseWholeNumbers()
    {
        TimelineView view;
        view.resize(1200, 300);
        view.setSnapshot(longRun());
        view.show();
        view.plot()->replot();
        for (int i = 0; i < 3; ++i)
            for (const double t : row(view, i)->axis(QCPAxis::atLeft)->tickVector())
                QCOMPARE(t, std::round(t));
    }

    void autoscalerAndPowerRowsOnlyWhenTheResultHasThem_data()
    {
        QTest::addColumn<bool>("autoscaler");
        QTest::addColumn<bool>("power");
        QTest::addColumn<QStringList>("titles"); // of the rows below GPUs, queued jobs, free servers
        QTest::newRow("neither") << false << false << QStringList{};
        QTest::newRow("autoscaler") << true << false << QStringList{"CPU cores", "Memory GB"};
        QTest::newRow("power") << false << true << QStringList{"Servers on"};
        QTest::newRow("both") << true << true << QStringList{"CPU cores", "Memory GB", "Servers on"};
    }

    void autoscalerAndPowerRowsOnlyWhenTheResultHasThem()
    {
        QFETCH(bool, autoscaler);
        QFETCH(bool, power);
        QFETCH(QStringList, titles);
        TimelineView view;
        view.resize(1000, 600);
        auto snapshot = std::make_shared<SimSnapshot>();
        snapshot->result = test::autoscaledResult(test::autoscaledPowered(autoscaler, power));
        view.setSnapshot(snapshot);
        QCOMPARE(view.plot()->axisRects().size(), 3 + titles.size());
        for (int i = 0; i < titles.size(); ++i)
            QCOMPARE(row(view, 3 + i)->axis(QCPAxis::atLeft)->label(), titles[i]);
        if (autoscaler) {
            // Reserved and used, drawn from the series: at 150 s j0 reserves 2 cores and uses 1.
            auto* cpu = row(view, 3);
            QCOMPARE(cpu->graphs().size(), 2);
            const auto* reserved = cpu->graphs()[0]->data().data();
            const auto* used = cpu->graphs()[1]->data().data();
            QCOMPARE(reserved->findBegin(150, false)->value, 2.0);
            QCOMPARE(used->findBegin(150, false)->value, 1.0);
        }
        view.setSnapshot(longRun()); // a result without them: the rows go away
        QCOMPARE(view.plot()->axisRects().size(), 3);
        QVERIFY(view.extraRows().empty());
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
