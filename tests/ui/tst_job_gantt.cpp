// The inspector's job bar (ui/views/job_gantt.hpp): each waiting stretch is drawn in its cause's
// colour — the same palette::cause as the job table and the waiting intervals, power included.
#include "core/sim/sim_result.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/style/heatmap_palette.hpp"
#include "ui/views/job_gantt.hpp"

#include <QImage>
#include <QTest>

using namespace clens;
using namespace clens::ui;

Q_DECLARE_METATYPE(clens::DelayCause)

class TestJobGantt : public QObject {
    Q_OBJECT
private slots:
    void waitsAreColouredByCause_data();
    void waitsAreColouredByCause();
};

void TestJobGantt::waitsAreColouredByCause_data()
{
    QTest::addColumn<int>("quarter");
    QTest::addColumn<DelayCause>("cause");
    QTest::newRow("fair share") << 0 << DelayCause::Fairshare;
    QTest::newRow("fragmentation") << 1 << DelayCause::Fragmentation;
    QTest::newRow("capacity") << 2 << DelayCause::Capacity;
    QTest::newRow("power") << 3 << DelayCause::Power;
}

void TestJobGantt::waitsAreColouredByCause()
{
    QFETCH(int, quarter);
    QFETCH(DelayCause, cause);
    // One job submitted at 0 that waits 100 s for each cause in turn and never runs; its bar spans
    // [0, 400) over 400 px (the widget is 404 wide, the bar starts at x = 2), so quarter q is
    // x in [2 + 100q, 2 + 100(q+1)).
    auto trace = std::make_shared<Trace>();
    Job job;
    job.id = "j0";
    job.gpus = 1;
    job.duration_s = 10;
    trace->jobs.push_back(job);
    auto result = std::make_shared<SimResult>();
    result->trace = trace;
    result->lastEvent_s = 400;
    JobResult jr;
    jr.job = 0;
    jr.simulated = true;
    jr.firstWait = 0;
    jr.waitCount = 4;
    result->jobs.push_back(jr);
    const DelayCause causes[] = {DelayCause::Fairshare, DelayCause::Fragmentation, DelayCause::Capacity, DelayCause::Power};
    for (int k = 0; k < 4; ++k)
        result->waits.push_back({100 * k, 100 * (k + 1), causes[k], WaitResource::Gpus});
    auto snapshot = std::make_shared<SimSnapshot>();
    snapshot->result = result;
    indexIntervals(*snapshot);
    JobGantt gantt;
    gantt.resize(404, 46);
    gantt.setJob(snapshot, 0);
    const QImage image = gantt.grab().toImage();
    const QColor drawn = image.pixelColor(2 + 100 * quarter + 50, 12);
    QCOMPARE(drawn.rgb(), palette::cause(cause).rgb());
}

QTEST_MAIN(TestJobGantt)
#include "tst_job_gantt.moc"
