#include "core/io/kubernetes_json.hpp"

#include "core/io/kubernetes_quantity.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace clens::k8s {

namespace json = boost::json;

void fail(const std::string& file, const std::string& path, const std::string& reason)
{
    throw InputError(file, 0, path, reason);
}

ListFile readList(const std::string& path)
{
    std::error_code ec;
    std::ifstream in(path, std::ios::binary);
    if (!in || std::filesystem::is_directory(path, ec))
        throw InputError(path, 0, "", "cannot open file for reading");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ListFile f;
    f.path = path;
    f.root = parseJsonText(text, path);
    const auto* root = f.root.if_object();
    if (!root)
        fail(path, "", "expected a JSON object (kubectl get ... -o json prints a List)");
    f.items = array(*root, "items", path, "");
    if (!f.items)
        fail(path, "items", "missing: expected the list's items array");
    return f;
}

namespace {
std::string join(const std::string& path, std::string_view key)
{
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}
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

std::optional<double> quantity(const json::object& o, std::string_view key, const std::string& file,
                               const std::string& path)
{
    const auto* v = member(o, key);
    if (!v)
        return std::nullopt;
    double q = 0;
    if (v->is_string()) {
        try {
            q = parseKubernetesQuantity(std::string_view(v->get_string()));
        } catch (const std::invalid_argument& e) {
            fail(file, join(path, key), e.what());
        }
    } else if (v->is_number())
        q = v->to_number<double>();
    else
        fail(file, join(path, key), "expected a quantity such as \"16Gi\" or \"500m\"");
    if (q < 0)
        fail(file, join(path, key), "negative quantity");
    return q;
}

std::optional<std::int64_t> time(const json::object& o, std::string_view key, const std::string& file,
                                 const std::string& path)
{
    const auto text = string(o, key, file, path);
    if (!text || text->empty())
        return std::nullopt;
    auto t = *text;
    std::int64_t offset = 0;
    if (!t.empty() && (t.back() == 'Z' || t.back() == 'z'))
        t.remove_suffix(1);
    else if (t.size() > 6 && (t[t.size() - 6] == '+' || t[t.size() - 6] == '-') && t[t.size() - 3] == ':') {
        const auto z = t.substr(t.size() - 6);
        const int h = (z[1] - '0') * 10 + (z[2] - '0'), m = (z[4] - '0') * 10 + (z[5] - '0');
        offset = (z[0] == '-' ? -1 : 1) * (h * 3600 + m * 60);
        t.remove_suffix(6);
    } else
        fail(file, join(path, key), "expected an RFC 3339 time such as 2024-03-01T10:00:00Z, got '"
                                        + std::string(text->substr(0, 40)) + "'");
    if (const auto dot = t.find('.'); dot != std::string_view::npos && dot > 10)
        t = t.substr(0, dot); // fractional seconds (MicroTime) dropped
    std::string zone;
    const auto civil = parseDateTime(t, &zone);
    if (!civil || !zone.empty())
        fail(file, join(path, key), "expected an RFC 3339 time such as 2024-03-01T10:00:00Z, got '"
                                        + std::string(text->substr(0, 40)) + "'");
    return unixFromUtc(*civil) - offset;
}

} // namespace clens::k8s
