#pragma once
// Reserving a trace's job vector from the file size: without it a million-job import spends a
// large share of its time copying the vector as it grows and zeroing fresh pages.
#include <cstdint>
#include <vector>

namespace clens {

constexpr std::uint64_t kRowsBeforeReserve = 4096;

// Called once after the first rows: reserves room for the rows the whole file should hold at
// the same bytes per row (+5%).
template <class T>
void reserveForFile(std::vector<T>& rows, std::uint64_t bytesRead, std::uint64_t totalBytes)
{
    if (bytesRead == 0 || totalBytes <= bytesRead)
        return;
    const double perRow = static_cast<double>(bytesRead) / static_cast<double>(rows.size());
    rows.reserve(static_cast<std::size_t>(static_cast<double>(totalBytes) / perRow * 1.05) + 16);
}

} // namespace clens
