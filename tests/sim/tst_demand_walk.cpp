// DemandWalk::nextRun over the packed PhaseWalkTable (the engine's fast path) walks exactly the
// demand DemandWalk::next() walks: the same runs, bit for bit, on the AI4DL reference model and
// on hand-made models with what the table treats apart (a phase never left, a phase with more
// transitions than the table holds inline, one no step was ever seen in).
#include "core/io/ai4dl_metrics.hpp"
#include "core/phases/phase_model_json.hpp"
#include "core/sim/demand_model.hpp"

#include <QTest>

#include <memory>

using namespace clens;

Q_DECLARE_METATYPE(std::shared_ptr<const DemandProfile>)

namespace {

std::shared_ptr<const DemandProfile> reference()
{
    const auto metrics = readAi4dlMetrics(std::string(CLENS_SAMPLE_DIR) + "/ai4dl/sample-dlaas.csv");
    const auto model = loadPhaseModel(std::string(CLENS_TEST_DATA_DIR) + "/ai4dl/ai4dl_pretrained_params.json");
    return std::make_shared<const DemandProfile>(buildDemandProfile(metrics, &model));
}

// n phases; phase p stays with probability 0.5 and leaves to every other phase alike, but phase
// `neverLeft` is never left and phase `stuck` has no transition out.
std::shared_ptr<const DemandProfile> handMade(int n, int neverLeft, int stuck)
{
    auto p = std::make_shared<DemandProfile>();
    p->phases.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        auto& ph = p->phases[static_cast<std::size_t>(i)];
        ph = {true, 0.5 + i, 0.2, 100.0 * (i + 1), 15, 10.0 + i, stepsPerExpOf(i == neverLeft ? 1.0 : 0.5), {}};
        if (i == stuck || i == neverLeft)
            continue;
        for (int k = 0, seen = 0; k < n; ++k)
            if (k != i)
                ph.leave.emplace_back(static_cast<double>(++seen) / (n - 1), k);
        ph.leave.back().first = 1.0;
    }
    for (int i = 0; i < n; ++i)
        p->start.emplace_back(static_cast<double>(i + 1) / n, i);
    p->start.back().first = 1.0;
    return p;
}

} // namespace

class TestDemandWalk : public QObject {
    Q_OBJECT
private slots:
    void tableWalksAsNext_data();
    void tableWalksAsNext();
};

void TestDemandWalk::tableWalksAsNext_data()
{
    QTest::addColumn<std::shared_ptr<const DemandProfile>>("profile");
    QTest::newRow("AI4DL reference model") << reference();
    QTest::newRow("4 phases, one never left") << handMade(4, 2, -1);
    QTest::newRow("4 phases, one without transitions") << handMade(4, -1, 1);
    QTest::newRow("12 phases: 11 transitions, more than the table's 8") << handMade(12, -1, -1);
}

void TestDemandWalk::tableWalksAsNext()
{
    QFETCH(std::shared_ptr<const DemandProfile>, profile);
    const PhaseWalkTable table(*profile);
    int differ = 0, phasesSeen = 0;
    std::vector<bool> seen(profile->phases.size(), false);
    for (std::int32_t job = 0; job < 50; ++job) {
        DemandWalk a(*profile, DemandSource::Phases, 42, job), b(*profile, DemandSource::Phases, 42, job);
        for (int i = 0; i < 2000; ++i) {
            const auto x = a.next(), y = b.nextRun(table);
            differ += x.duration_s == y.duration_s && x.cpu == y.cpu && x.mem == y.mem && x.phase == y.phase ? 0 : 1;
            if (x.phase >= 0 && !seen[static_cast<std::size_t>(x.phase)]) {
                seen[static_cast<std::size_t>(x.phase)] = true;
                ++phasesSeen;
            }
        }
    }
    QCOMPARE(differ, 0);
    QVERIFY(phasesSeen >= 2); // the walks moved between phases
}

QTEST_APPLESS_MAIN(TestDemandWalk)
#include "tst_demand_walk.moc"
