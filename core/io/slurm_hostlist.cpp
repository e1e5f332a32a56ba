#include "core/io/slurm_hostlist.hpp"
#include "core/util/error.hpp"

#include <charconv>
#include <stdexcept>

namespace clens {

namespace {

// "01-04,07" -> 01 02 03 04 07.
std::vector<std::string> expandRanges(std::string_view body, std::string_view whole)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto comma = body.find(',', start);
        const auto part = body.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        const auto dash = part.find('-');
        const auto lo = part.substr(0, dash);
        const auto hi = dash == std::string_view::npos ? lo : part.substr(dash + 1);
        unsigned long long a = 0, b = 0;
        const auto okA = std::from_chars(lo.data(), lo.data() + lo.size(), a);
        const auto okB = std::from_chars(hi.data(), hi.data() + hi.size(), b);
        if (lo.empty() || hi.empty() || okA.ptr != lo.data() + lo.size() || okB.ptr != hi.data() + hi.size()
            || okA.ec != std::errc() || okB.ec != std::errc())
            throw ValueError("bad range '" + std::string(part) + "' in host list '" + std::string(whole) + "'");
        if (b < a)
            throw ValueError("descending range '" + std::string(part) + "' in host list '" + std::string(whole) + "'");
        if (b - a > 1'000'000)
            throw ValueError("range '" + std::string(part) + "' is too large");
        const auto width = lo.size();
        for (auto v = a; v <= b; ++v) {
            auto s = std::to_string(v);
            if (s.size() < width)
                s.insert(0, width - s.size(), '0');
            out.push_back(std::move(s));
        }
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return out;
}

} // namespace

std::vector<std::string> expandSlurmHostList(std::string_view expr, std::size_t maxHosts)
{
    std::vector<std::string> hosts;
    std::size_t pos = 0;
    while (pos < expr.size()) {
        // One host pattern runs to the next comma outside brackets.
        std::size_t end = pos;
        int depth = 0;
        for (; end < expr.size(); ++end) {
            if (expr[end] == '[')
                ++depth;
            else if (expr[end] == ']') {
                if (--depth < 0)
                    throw ValueError("unbalanced ']' in host list '" + std::string(expr) + "'");
            } else if (expr[end] == ',' && depth == 0)
                break;
            if (depth > 1)
                throw ValueError("nested '[' in host list '" + std::string(expr) + "'");
        }
        if (depth != 0)
            throw ValueError("unclosed '[' in host list '" + std::string(expr) + "'");
        const auto pattern = expr.substr(pos, end - pos);
        if (pattern.empty())
            throw ValueError("empty host name in host list '" + std::string(expr) + "'");
        std::vector<std::string> names{std::string()};
        std::size_t p = 0;
        while (p < pattern.size()) {
            const auto open = pattern.find('[', p);
            const auto text = pattern.substr(p, open == std::string_view::npos ? std::string_view::npos : open - p);
            for (auto& n : names)
                n += text;
            if (open == std::string_view::npos)
                break;
            const auto close = pattern.find(']', open);
            const auto values = expandRanges(pattern.substr(open + 1, close - open - 1), expr);
            std::vector<std::string> next;
            if (names.size() * values.size() > maxHosts)
                throw ValueError("host list '" + std::string(expr.substr(0, 80)) + "' names too many hosts");
            for (const auto& n : names)
                for (const auto& v : values)
                    next.push_back(n + v);
            names = std::move(next);
            p = close + 1;
        }
        if (hosts.size() + names.size() > maxHosts)
            throw ValueError("host list '" + std::string(expr.substr(0, 80)) + "' names too many hosts");
        hosts.insert(hosts.end(), names.begin(), names.end());
        pos = end + 1;
        if (end == expr.size() - 1 && expr.back() == ',')
            throw ValueError("empty host name in host list '" + std::string(expr) + "'");
    }
    return hosts;
}

} // namespace clens
