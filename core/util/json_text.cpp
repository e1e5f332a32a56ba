#include "core/util/json_text.hpp"

#include "core/util/input_error.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/stream_parser.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

namespace clens {

namespace {

void appendDouble(std::string& out, double d)
{
    if (!std::isfinite(d)) {
        out += "null";
        return;
    }
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof buf, d);
    const std::string_view text(buf, static_cast<std::size_t>(res.ptr - buf));
    out += text;
    // Keep it a JSON number that reads back as a double (e.g. "3" -> "3.0"), unless it has an exponent.
    if (text.find_first_of(".eEn") == std::string_view::npos)
        out += ".0";
}

void newline(std::string& out, int indent, int depth)
{
    if (indent <= 0)
        return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent * depth), ' ');
}

void write(std::string& out, const boost::json::value& v, int indent, int depth)
{
    switch (v.kind()) {
    case boost::json::kind::null: out += "null"; break;
    case boost::json::kind::bool_: out += v.get_bool() ? "true" : "false"; break;
    case boost::json::kind::int64: out += std::to_string(v.get_int64()); break;
    case boost::json::kind::uint64: out += std::to_string(v.get_uint64()); break;
    case boost::json::kind::double_: appendDouble(out, v.get_double()); break;
    case boost::json::kind::string: out += boost::json::serialize(v.get_string()); break;
    case boost::json::kind::array: {
        const auto& a = v.get_array();
        out += '[';
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (i)
                out += ',';
            newline(out, indent, depth + 1);
            write(out, a[i], indent, depth + 1);
        }
        if (!a.empty())
            newline(out, indent, depth);
        out += ']';
        break;
    }
    case boost::json::kind::object: {
        const auto& o = v.get_object();
        out += '{';
        bool first = true;
        for (const auto& kv : o) {
            if (!first)
                out += ',';
            first = false;
            newline(out, indent, depth + 1);
            out += boost::json::serialize(boost::json::string_view(kv.key()));
            out += indent > 0 ? ": " : ":";
            write(out, kv.value(), indent, depth + 1);
        }
        if (!o.empty())
            newline(out, indent, depth);
        out += '}';
        break;
    }
    }
}

} // namespace

std::string toJsonText(const boost::json::value& value, int indent)
{
    std::string out;
    write(out, value, indent, 0);
    return out;
}

boost::json::value parseJsonText(std::string_view text, const std::string& source)
{
    boost::json::stream_parser p;
    boost::system::error_code ec;
    const auto consumed = p.write(text.data(), text.size(), ec);
    if (!ec)
        p.finish(ec);
    if (!ec)
        return p.release();
    throwJsonSyntaxError(text, consumed, source, ec.message());
}

void throwJsonSyntaxError(std::string_view text, std::size_t offset, const std::string& source, const std::string& what)
{
    const auto upTo = text.substr(0, std::min(offset, text.size()));
    const auto line = 1 + std::count(upTo.begin(), upTo.end(), '\n');
    const auto lineStart = upTo.rfind('\n');
    const auto column = 1 + upTo.size() - (lineStart == std::string_view::npos ? 0 : lineStart + 1);
    throw InputError(source, line, "", "invalid JSON at column " + std::to_string(column) + ": " + what);
}

namespace {

// Where `"key"` followed by optional blanks and ':' first appears at or after `from`, or npos.
std::size_t findKey(std::string_view text, std::string_view key, std::size_t from)
{
    const std::string quoted = "\"" + std::string(key) + "\"";
    for (auto at = text.find(quoted, from); at != std::string_view::npos; at = text.find(quoted, at + 1)) {
        auto after = at + quoted.size();
        while (after < text.size() && (text[after] == ' ' || text[after] == '\t' || text[after] == '\r' || text[after] == '\n'))
            ++after;
        if (after < text.size() && text[after] == ':')
            return at;
    }
    return std::string_view::npos;
}

} // namespace

std::int64_t lineOfKeyPath(std::string_view text, std::string_view dottedPath)
{
    std::vector<std::string_view> parts;
    for (std::size_t begin = 0; begin <= dottedPath.size();) {
        const auto dot = std::min(dottedPath.find('.', begin), dottedPath.size());
        parts.push_back(dottedPath.substr(begin, dot - begin));
        begin = dot + 1;
    }
    std::size_t pos = 0, i = 0;
    while (i < parts.size()) {
        bool found = false;
        for (auto k = parts.size(); k > i && !found; --k) { // the longest run of parts that is one key
            const auto first = parts[i].data() - dottedPath.data();
            const auto last = parts[k - 1].data() + parts[k - 1].size() - dottedPath.data();
            const auto at = findKey(text, dottedPath.substr(static_cast<std::size_t>(first), static_cast<std::size_t>(last - first)), pos);
            if (at != std::string_view::npos) {
                pos = at;
                i = k;
                found = true;
            }
        }
        if (!found)
            return 0;
    }
    return 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n');
}

void rethrowWithKeyLine(const InputError& e, std::string_view text, std::string_view prefix)
{
    if (e.line() == 0 && !e.field().empty())
        if (const auto line = lineOfKeyPath(text, std::string(prefix) + e.field()))
            throw InputError(e.file(), line, e.field(), e.reason());
    throw e;
}

} // namespace clens
