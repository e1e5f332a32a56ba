#include "core/util/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace clens {

std::vector<char> parallelFor(std::size_t n, int threads, const std::function<void(std::size_t)>& work,
                              const std::function<bool(std::size_t done, std::size_t total)>& progress)
{
    std::vector<char> ran(n, 0);
    if (threads <= 0)
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(1, n)));
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    std::mutex progressMutex;
    std::size_t done = 0;
    const auto worker = [&] {
        for (std::size_t i = next++; i < n; i = next++) {
            if (cancelled)
                continue;
            work(i);
            ran[i] = 1;
            std::lock_guard lock(progressMutex);
            ++done;
            if (progress && !progress(done, n))
                cancelled = true;
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (auto& t : pool)
        t.join();
    return ran;
}

} // namespace clens
