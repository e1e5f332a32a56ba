#pragma once
// Runs work(0) … work(n − 1) on `threads` threads (<= 0: every hardware thread), each index once,
// in no particular order. work must not throw (catch at the call: nothing crosses a thread
// boundary as an exception). progress(done, n) is called after each index, serialised; when it
// returns false the indices not yet started are skipped. Returns, per index, whether it ran.
#include <cstddef>
#include <functional>
#include <vector>

namespace clens {

std::vector<char> parallelFor(std::size_t n, int threads, const std::function<void(std::size_t)>& work,
                              const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

} // namespace clens
