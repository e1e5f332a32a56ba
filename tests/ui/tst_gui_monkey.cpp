// An operator clicking about, on the real core: seeded random sequences of what the window
// offers (every enabled knob of the scenario panel, the clock, the pages, the colour modes, the
// baseline pin, undo and redo, the presets, a sweep run or cancelled), some in bursts and some
// waiting for the result. Whatever the sequence, nothing crashes or throws across a thread, and
// once the runs settle the result on screen is the simulation of the knobs on screen (a stale
// result never stays), or the run of those knobs failed and the window says why.
// Data: the teaching demo, with the Phases page's AI4DL sample and reference model as the
// autoscaler's demand so that every autoscaler setting can run.
#include "tests/common/test_support.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/run/run_controller.hpp"
#include "ui/style/color_mode.hpp"
#include "ui/time/playback_clock.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/session.hpp"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

#include <cstdint>
#include <random>
#include <vector>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 120000;
constexpr int kActions = 150;

// The panel's knobs a user can reach now (enabled and shown).
template <typename W>
std::vector<W*> reachable(QWidget* panel)
{
    std::vector<W*> out;
    for (auto* w : panel->findChildren<W*>())
        if (w->isEnabled() && w->isVisibleTo(panel))
            out.push_back(w);
    return out;
}

template <typename T>
T* pick(std::vector<T*> const& v, std::mt19937& rng)
{
    return v.empty() ? nullptr : v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
}

int between(int lo, int hi, std::mt19937& rng) { return std::uniform_int_distribution<int>(lo, std::max(lo, hi))(rng); }

// One random step; returns what it did (for the failure message).
QString act(MainWindow& w, std::mt19937& rng)
{
    QWidget* panel = w.scenarioPanel();
    switch (between(0, 14, rng)) {
    case 0:
    case 1:
        if (auto* s = pick(reachable<QSlider>(panel), rng)) {
            s->setValue(between(s->minimum(), s->maximum(), rng));
            return QStringLiteral("slider %1 = %2").arg(s->objectName()).arg(s->value());
        }
        break;
    case 2:
    case 3:
        if (auto* c = pick(reachable<QComboBox>(panel), rng); c && c->count() > 0) {
            c->setCurrentIndex(between(0, c->count() - 1, rng));
            return QStringLiteral("combo %1 = %2").arg(c->objectName(), c->currentText());
        }
        break;
    case 4:
        if (auto* s = pick(reachable<QSpinBox>(panel), rng)) {
            // Near its current value mostly: a rack size of 9,000 says nothing new.
            s->setValue(between(std::max(s->minimum(), s->value() - 4), std::min(s->maximum(), s->value() + 4), rng));
            return QStringLiteral("spin %1 = %2").arg(s->objectName()).arg(s->value());
        }
        break;
    case 5:
        if (auto* d = pick(reachable<QDoubleSpinBox>(panel), rng)) {
            const double span = std::min(d->maximum() - d->minimum(), 4.0);
            d->setValue(d->value() + std::uniform_real_distribution<double>(-span / 2, span / 2)(rng));
            return QStringLiteral("double %1 = %2").arg(d->objectName()).arg(d->value());
        }
        break;
    case 6:
        if (auto* c = pick(reachable<QCheckBox>(panel), rng)) {
            c->click();
            return QStringLiteral("check %1 = %2").arg(c->objectName()).arg(c->isChecked());
        }
        break;
    case 7: {
        auto* clock = w.session()->clock();
        const auto t = clock->begin() + std::uniform_int_distribution<std::int64_t>(0, std::max<std::int64_t>(0, clock->end() - clock->begin()))(rng);
        clock->seek(t);
        return QStringLiteral("seek %1").arg(t);
    }
    case 8: {
        const int page = between(0, w.pages()->count() - 1, rng);
        w.pages()->setCurrentIndex(page);
        return QStringLiteral("page %1").arg(w.pages()->tabText(page));
    }
    case 9: {
        const int mode = between(0, static_cast<int>(ColorMode::MemoryUsed), rng);
        w.setColorMode(static_cast<ColorMode>(mode));
        return QStringLiteral("colour mode %1").arg(mode);
    }
    case 10: {
        const auto buttons = w.findChildren<QPushButton*>();
        std::vector<QPushButton*> pins;
        for (auto* b : buttons)
            if ((b->text() == QLatin1String("Pin as baseline") || b->text() == QLatin1String("Clear baseline")) && b->isEnabled())
                pins.push_back(b);
        if (auto* b = pick(pins, rng)) {
            const QString text = b->text();
            b->click();
            return text;
        }
        break;
    }
    case 11:
        for (auto* a : w.findChildren<QAction*>())
            if (a->isEnabled() && (a->text().startsWith(QLatin1String("&Undo")) || a->text().startsWith(QLatin1String("&Redo")))) {
                a->trigger();
                return a->text();
            }
        break;
    case 12:
        if (auto* presets = w.findChild<QComboBox*>(QStringLiteral("presets")); presets && presets->count() > 1) {
            const int i = between(1, presets->count() - 1, rng); // 0 is the "Presets…" title
            presets->setCurrentIndex(i);
            emit presets->activated(i); // as a click on the item does
            return QStringLiteral("preset %1").arg(presets->itemText(i));
        }
        break;
    case 13:
        for (auto* b : w.findChildren<QPushButton*>())
            if ((b->text() == QLatin1String("Run sweep") || b->text() == QLatin1String("Cancel")) && b->isEnabled() && b->isVisible()) {
                const QString text = b->text();
                b->click();
                return QStringLiteral("sweep: %1").arg(text);
            }
        break;
    case 14: { // the window resized: the docks and the timelines' rows share the room again
        const QSize size(between(900, 1800, rng), between(600, 1100, rng));
        w.resize(size);
        return QStringLiteral("resize %1x%2").arg(size.width()).arg(size.height());
    }
    }
    return QStringLiteral("nothing");
}

} // namespace

class TestGuiMonkey : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_gui_monkey"));
    }

    void randomClicksEndOnTheirOwnResult_data()
    {
        // CLENS_MONKEY_FROM / CLENS_MONKEY_SEEDS run other seeds (a hunt), CLENS_MONKEY_LOG=1
        // prints each sequence.
        QTest::addColumn<unsigned>("seed");
        const auto from = static_cast<unsigned>(std::max(1, qEnvironmentVariableIntValue("CLENS_MONKEY_FROM")));
        const auto count = static_cast<unsigned>(qEnvironmentVariableIsSet("CLENS_MONKEY_SEEDS") ? qEnvironmentVariableIntValue("CLENS_MONKEY_SEEDS") : 6);
        for (unsigned seed = from; seed < from + count; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

    void randomClicksEndOnTheirOwnResult()
    {
        QFETCH(unsigned, seed);
        std::mt19937 rng(seed);
        MainWindow w(coreEngine());
        w.setInteractive(false); // errors go to the status bar, not to a modal box
        w.resize(1400, 900);
        w.show();
        QSignalSpy updated(&w, &MainWindow::viewsUpdated);
        w.setDemoDir(test::sample("demo"));
        if (const QString trace = qEnvironmentVariable("CLENS_MONKEY_TRACE"); !trace.isEmpty()) // a hunt on larger data
            w.openTrace(trace, qEnvironmentVariable("CLENS_MONKEY_CLUSTER"));
        else
            w.openDemo();
        QVERIFY(updated.wait(kWaitMs));
        w.session()->clock()->pause();
        auto* page = w.phasesPage();
        QSignalSpy phasesReady(page, &PhasesPage::phasesReady);
        page->loadModel(QString::fromStdString(test::dataPath("ai4dl/ai4dl_pretrained_params.json")));
        page->openMetrics(test::sample("ai4dl/sample-dlaas.csv"));
        QVERIFY(phasesReady.wait(kWaitMs));

        auto* runs = w.session()->runs();
        QSignalSpy failed(runs, &RunController::runFailed);
        QStringList done;
        for (int i = 0; i < kActions; ++i) {
            done << act(w, rng);
            if (between(0, 5, rng) == 0 && runs->isBusy()) // now and then, wait for the result
                QTRY_VERIFY_WITH_TIMEOUT(!runs->isBusy(), kWaitMs);
            else
                QApplication::processEvents();
        }
        QTRY_VERIFY_WITH_TIMEOUT(!runs->isBusy(), kWaitMs);
        QApplication::processEvents();

        if (qEnvironmentVariableIsSet("CLENS_MONKEY_LOG"))
            qInfo().noquote() << done.join(QStringLiteral("\n"));
        // The knobs on screen are the session's, and what is shown is their run, or their run failed.
        QVERIFY(w.scenarioPanel()->scenario() == w.session()->scenario());
        const auto current = w.session()->current();
        QVERIFY(current);
        const auto& ran = current->result->scenario;
        const bool shown = ran == w.session()->scenario() || onlyIgnoredKnobsDiffer(ran, w.session()->scenario());
        const bool lastFailed = !failed.isEmpty() && failed.last().at(0).toULongLong() == runs->generation();
        QVERIFY2(shown || lastFailed, qPrintable(QStringLiteral("stale result after: %1").arg(done.join(QStringLiteral("; ")))));
        if (lastFailed && !shown)
            QVERIFY2(!failed.last().at(1).toString().isEmpty(), "a failure without a message");
    }
};

QTEST_MAIN(TestGuiMonkey)
#include "tst_gui_monkey.moc"
