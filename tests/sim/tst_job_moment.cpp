// jobMomentAt on a hand-built result: absent, waiting (with the interval and its cause) or
// running, at the edges of every interval.
#include "core/sim/job_moment.hpp"

#include <QtTest>

using namespace clens;

Q_DECLARE_METATYPE(clens::JobStanding)

namespace {

//   job 0: submitted at 0; waits [0,100) capacity, [100,150) fragmentation; runs 150..300;
//          preempted and re-queued: waits [300,400) fair share; runs 400..500 and ends.
//   job 1: not simulated (counted only), with times that would otherwise say running.
//   job 2: never waited: runs 10..20.
//   job 3: still running at the end of the run (no end).
SimResult handBuilt()
{
    SimResult r;
    r.jobs.resize(4);
    for (auto& j : r.jobs)
        j.simulated = true;
    r.waits = {{0, 100, DelayCause::Capacity, WaitResource::Gpus},
               {100, 150, DelayCause::Fragmentation, WaitResource::Gpus},
               {300, 400, DelayCause::Fairshare, WaitResource::Gpus}};
    r.jobs[0].firstWait = 0;
    r.jobs[0].waitCount = 3;
    r.jobs[0].start_s = 150;
    r.jobs[0].end_s = 500;
    r.jobs[1].simulated = false;
    r.jobs[1].start_s = 0;
    r.jobs[1].end_s = 1000;
    r.jobs[2].firstWait = 3;
    r.jobs[2].start_s = 10;
    r.jobs[2].end_s = 20;
    r.jobs[3].firstWait = 3;
    r.jobs[3].start_s = 5;
    return r;
}

} // namespace

class TestJobMoment : public QObject {
    Q_OBJECT
private slots:
    void standingAt_data();
    void standingAt();
};

void TestJobMoment::standingAt_data()
{
    QTest::addColumn<int>("job");
    QTest::addColumn<qint64>("t");
    QTest::addColumn<JobStanding>("standing");
    QTest::addColumn<int>("cause"); // -1: no wait interval
    const int none = -1;
    const int capacity = static_cast<int>(DelayCause::Capacity), fragmentation = static_cast<int>(DelayCause::Fragmentation),
              fairshare = static_cast<int>(DelayCause::Fairshare);
    QTest::newRow("before its submission") << 0 << qint64{-1} << JobStanding::Absent << none;
    QTest::newRow("first instant of its first wait") << 0 << qint64{0} << JobStanding::Waiting << capacity;
    QTest::newRow("last second of the first wait") << 0 << qint64{99} << JobStanding::Waiting << capacity;
    QTest::newRow("the second wait starts") << 0 << qint64{100} << JobStanding::Waiting << fragmentation;
    QTest::newRow("started") << 0 << qint64{150} << JobStanding::Running << none;
    QTest::newRow("last second of the first run") << 0 << qint64{299} << JobStanding::Running << none;
    QTest::newRow("re-queued") << 0 << qint64{300} << JobStanding::Waiting << fairshare;
    QTest::newRow("running again") << 0 << qint64{450} << JobStanding::Running << none;
    QTest::newRow("ended") << 0 << qint64{500} << JobStanding::Absent << none;
    QTest::newRow("not simulated") << 1 << qint64{50} << JobStanding::Absent << none;
    QTest::newRow("never waited, running") << 2 << qint64{10} << JobStanding::Running << none;
    QTest::newRow("never waited, ended") << 2 << qint64{20} << JobStanding::Absent << none;
    QTest::newRow("no end: running to the end of the run") << 3 << qint64{1'000'000} << JobStanding::Running << none;
    QTest::newRow("no such job") << 7 << qint64{0} << JobStanding::Absent << none;
    QTest::newRow("negative job") << -1 << qint64{0} << JobStanding::Absent << none;
}

void TestJobMoment::standingAt()
{
    QFETCH(int, job);
    QFETCH(qint64, t);
    QFETCH(JobStanding, standing);
    QFETCH(int, cause);
    const auto r = handBuilt();
    const auto m = jobMomentAt(r, job, t);
    QCOMPARE(m.standing, standing);
    QCOMPARE(m.wait ? static_cast<int>(m.wait->cause) : -1, cause);
}

QTEST_GUILESS_MAIN(TestJobMoment)
#include "tst_job_moment.moc"
