#include "core/util/json_text.hpp"
#include <algorithm>
#include <boost/json/stream_parser.hpp>
#include "core/util/input_error.hpp"

#include <boost/json/serialize.hpp>

#include <charconv>
#include <cmath>

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
    const auto upTo = text.substr(0, std::min(consumed, text.size()));
    const auto line = 1 + std::count(upTo.begin(), upTo.end(), '\n');
    const auto lineStart = upTo.rfind('\n');
    const auto column = 1 + upTo.size() - (lineStart == std::string_view::npos ? 0 : lineStart + 1);
    throw InputError(source, line, "", "invalid JSON at column " + std::to_string(column) + ": " + ec.message());
}

} // namespace clens
