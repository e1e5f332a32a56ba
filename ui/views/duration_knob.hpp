#pragma once
// A slider over sensible durations (0 s ... 2 days), optionally ending in "never", with the
// value written next to it. Values off the stop list (from a loaded scenario) are kept exactly
// and shown; the slider sits on the nearest stop.
#include <QString>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QLabel;
class QSlider;

namespace clens::ui {

class DurationKnob : public QWidget {
    Q_OBJECT
public:
    // zeroText names the value 0 ("at once", "off", "none").
    DurationKnob(bool allowNever, QString zeroText, QWidget* parent = nullptr);

    std::optional<std::int64_t> value() const { return value_; }
    // nullopt = never (ignored when never is not allowed).
    void setValue(std::optional<std::int64_t> seconds);
    QSlider* slider() const { return slider_; }
    static const std::vector<std::int64_t>& stops();

signals:
    void valueChanged(std::optional<std::int64_t> seconds);

private:
    void onSlider(int position);
    void refreshLabel();

    bool allowNever_;
    QString zeroText_;
    std::optional<std::int64_t> value_ = 0;
    QSlider* slider_;
    QLabel* label_;
    bool updating_ = false;
};

} // namespace clens::ui
