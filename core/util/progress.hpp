#pragma once
// Progress reporting for long work. The callback gets a fraction in [0,1] and returns false to
// ask the work to stop; work that stops throws Cancelled (caught at the thread boundary).
#include <functional>
#include <stdexcept>

namespace clens {

using ProgressFn = std::function<bool(double fraction)>;

class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

// Calls progress at most every `every` ticks; throws Cancelled when it returns false.
class ProgressTicker {
public:
    ProgressTicker(const ProgressFn& fn, std::uint64_t every = 4096) : fn_(fn), every_(every) {}
    void tick(double fraction)
    {
        if (fn_ && ++count_ % every_ == 0 && !fn_(fraction))
            throw Cancelled();
    }
    void finish()
    {
        if (fn_ && !fn_(1.0))
            throw Cancelled();
    }

private:
    const ProgressFn& fn_;
    std::uint64_t every_;
    std::uint64_t count_ = 0;
};

} // namespace clens
