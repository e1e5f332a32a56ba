#include "core/phases/precise_json.hpp"

#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>

#include <algorithm>
#include <charconv>

namespace clens {

namespace json = boost::json;

namespace {

// Boost.JSON's own value-building handler, except that doubles are re-read from their text.
struct PreciseHandler {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    json::value_stack st;
    std::string number; // the text of the current number, when it arrives in parts

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) { st.push_object(n); return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) { st.push_array(n); return true; }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) { st.push_chars(s); return true; }
    bool on_key(json::string_view s, std::size_t, json::error_code&) { st.push_key(s); return true; }
    bool on_string_part(json::string_view s, std::size_t, json::error_code&) { st.push_chars(s); return true; }
    bool on_string(json::string_view s, std::size_t, json::error_code&) { st.push_string(s); return true; }
    bool on_number_part(json::string_view s, json::error_code&)
    {
        number.append(s.data(), s.size());
        return true;
    }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) { number.clear(); st.push_int64(i); return true; }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) { number.clear(); st.push_uint64(u); return true; }
    bool on_double(double d, json::string_view s, json::error_code&)
    {
        number.append(s.data(), s.size());
        double exact = 0;
        const auto r = std::from_chars(number.data(), number.data() + number.size(), exact);
        st.push_double(r.ec == std::errc() ? exact : d); // out of range: keep Boost's +-inf / 0
        number.clear();
        return true;
    }
    bool on_bool(bool b, json::error_code&) { st.push_bool(b); return true; }
    bool on_null(json::error_code&) { st.push_null(); return true; }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }
};

} // namespace

json::value parseJsonPrecise(std::string_view text, const std::string& source)
{
    json::basic_parser<PreciseHandler> p{json::parse_options{}};
    p.handler().st.reset();
    json::error_code ec;
    const auto used = std::min(p.write_some(false, text.data(), text.size(), ec), text.size());
    if (ec)
        throwJsonSyntaxError(text, used, source, ec.message());
    const auto rest = text.find_first_not_of(" \t\r\n", used);
    if (rest != std::string_view::npos)
        throwJsonSyntaxError(text, rest, source, "unexpected text after the document");
    return p.handler().st.release();
}

} // namespace clens
