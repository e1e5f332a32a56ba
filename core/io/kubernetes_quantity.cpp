#include "core/io/kubernetes_quantity.hpp"
#include "core/util/error.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace clens {

double parseKubernetesQuantity(std::string_view text)
{
    const auto bad = [&](const char* why) {
        return ValueError("'" + std::string(text.substr(0, 40)) + "' is not a Kubernetes quantity (" + why + ")");
    };
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        ++i;
    std::size_t digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
        ++i, ++digits;
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            ++i, ++digits;
    }
    if (digits == 0)
        throw bad("no digits");
    const auto number = text.substr(0, i);
    const auto suffix = text.substr(i);
    long exponent10 = 0;
    int exponent2 = 0;
    if (suffix.empty()) {
    } else if (suffix.size() == 2 && suffix[1] == 'i') {
        const std::string_view binary = "KMGTPE";
        const auto k = binary.find(suffix[0]);
        if (k == std::string_view::npos)
            throw bad("unknown binary suffix");
        exponent2 = 10 * static_cast<int>(k + 1);
    } else if ((suffix[0] == 'e' || suffix[0] == 'E') && suffix.size() > 1) { // "E" alone is exa
        const auto e = suffix.substr(1);
        const auto r = std::from_chars(e.data() + (!e.empty() && e[0] == '+'), e.data() + e.size(), exponent10);
        if (e.empty() || r.ec != std::errc() || r.ptr != e.data() + e.size() || std::labs(exponent10) > 400)
            throw bad("bad exponent");
    } else if (suffix.size() == 1) {
        switch (suffix[0]) {
        case 'n': exponent10 = -9; break;
        case 'u': exponent10 = -6; break;
        case 'm': exponent10 = -3; break;
        case 'k': exponent10 = 3; break;
        case 'M': exponent10 = 6; break;
        case 'G': exponent10 = 9; break;
        case 'T': exponent10 = 12; break;
        case 'P': exponent10 = 15; break;
        case 'E': exponent10 = 18; break;
        default: throw bad("unknown suffix");
        }
    } else
        throw bad("unknown suffix");
    std::string scientific(number);
    if (scientific.front() == '+')
        scientific.erase(0, 1);
    scientific += "e" + std::to_string(exponent10);
    double v = 0;
    const auto r = std::from_chars(scientific.data(), scientific.data() + scientific.size(), v);
    if (r.ec != std::errc() || r.ptr != scientific.data() + scientific.size() || !std::isfinite(v))
        throw bad("out of range");
    v = std::ldexp(v, exponent2);
    if (!std::isfinite(v))
        throw bad("out of range");
    return v;
}

} // namespace clens
