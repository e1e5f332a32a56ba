#include "core/io/json_fields.hpp"

#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace clens::json_fields {

namespace json = boost::json;

void fail(const std::string& file, const std::string& path, const std::string& reason)
{
    throw InputError(file, 0, path, reason);
}

std::string join(const std::string& path, std::string_view key)
{
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

namespace {
const json::value* member(const json::object& o, std::string_view key)
{
    const auto* v = o.if_contains(key);
    return v && !v->is_null() ? v : nullptr;
}
} // namespace

const json::object* object(const json::object& o, std::string_view key, const std::string& file, const std::string& path)
{
    const auto* v = member(o, key);
    if (v && !v->is_object())
        fail(file, join(path, key), "expected an object");
    return v ? &v->get_object() : nullptr;
}

const json::array* array(const json::object& o, std::string_view key, const std::string& file, const std::string& path)
{
    const auto* v = member(o, key);
    if (v && !v->is_array())
        fail(file, join(path, key), "expected an array");
    return v ? &v->get_array() : nullptr;
}

std::optional<std::string_view> string(const json::object& o, std::string_view key, const std::string& file,
                                       const std::string& path)
{
    const auto* v = member(o, key);
    if (v && !v->is_string())
        fail(file, join(path, key), "expected a string");
    return v ? std::optional<std::string_view>(std::string_view(v->get_string())) : std::nullopt;
}

std::optional<std::int64_t> integer(const json::object& o, std::string_view key, const std::string& file,
                                    const std::string& path)
{
    const auto* v = member(o, key);
    if (!v)
        return std::nullopt;
    if (v->is_int64())
        return v->get_int64();
    if (v->is_uint64() && v->get_uint64() <= static_cast<std::uint64_t>(INT64_MAX))
        return static_cast<std::int64_t>(v->get_uint64());
    if (v->is_double() && std::isfinite(v->get_double()) && v->get_double() == std::floor(v->get_double())
        && std::fabs(v->get_double()) < 9e18)
        return static_cast<std::int64_t>(v->get_double());
    fail(file, join(path, key), "expected a whole number");
}

json::value readObjectFile(const std::string& path, const char* whatItShouldBe)
{
    std::error_code ec;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, ec))
        throw InputError(path, 0, "", "cannot open file for reading");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto root = parseJsonText(text, path);
    if (!root.is_object())
        fail(path, "", std::string("expected a JSON object (") + whatItShouldBe + ")");
    return root;
}

} // namespace clens::json_fields
