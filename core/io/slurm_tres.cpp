#include "core/io/slurm_tres.hpp"
#include "core/util/error.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace clens {

namespace {

double parseNumber(std::string_view s, std::string_view entry)
{
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v) || v < 0)
        throw ValueError("bad value in '" + std::string(entry) + "'");
    return v;
}

} // namespace

double parseSlurmMemory(std::string_view text, char defaultUnit)
{
    char unit = defaultUnit;
    auto number = text;
    if (!number.empty() && !(number.back() >= '0' && number.back() <= '9')) {
        unit = static_cast<char>(number.back() & ~0x20); // upper case
        number.remove_suffix(1);
    }
    const double v = parseNumber(number, text);
    switch (unit) {
    case 'K': return v / (1024.0 * 1024.0);
    case 'M': return v / 1024.0;
    case 'G': return v;
    case 'T': return v * 1024.0;
    case 'P': return v * 1024.0 * 1024.0;
    default: throw ValueError("unknown memory unit in '" + std::string(text) + "' (expected K, M, G, T or P)");
    }
}

SlurmTres parseSlurmTres(std::string_view text)
{
    SlurmTres t;
    long long typedGpus = 0;
    bool anyTyped = false;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const auto entry = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? text.size() + 1 : comma + 1;
        if (entry.empty())
            continue;
        const auto eq = entry.find('=');
        if (eq == std::string_view::npos)
            throw ValueError("entry '" + std::string(entry) + "' has no '='");
        const auto key = entry.substr(0, eq), value = entry.substr(eq + 1);
        if (key == "cpu")
            t.cpus = parseNumber(value, entry);
        else if (key == "mem")
            t.memGb = parseSlurmMemory(value);
        else if (key == "gres/gpu" || key.substr(0, 9) == "gres/gpu:") {
            const double n = parseNumber(value, entry);
            if (n != std::floor(n) || n > 1e6)
                throw ValueError("GPU count in '" + std::string(entry) + "' is not a whole number up to 10^6");
            if (key == "gres/gpu")
                t.gpus = static_cast<long long>(n);
            else {
                anyTyped = true;
                typedGpus += static_cast<long long>(n);
                t.gpuTypes.emplace_back(key.substr(9));
            }
        }
    }
    if (!t.gpus && anyTyped)
        t.gpus = typedGpus;
    return t;
}

} // namespace clens
