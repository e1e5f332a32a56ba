#include "core/io/kubernetes_json.hpp"

#include "core/io/kubernetes_quantity.hpp"
#include "core/util/civil_time.hpp"
#include "core/util/error.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <stdexcept>

namespace clens::k8s {

namespace json = boost::json;

ListFile readList(const std::string& path)
{
    ListFile f;
    f.path = path;
    f.root = json_fields::readObjectFile(path, "kubectl get ... -o json prints a List");
    f.items = array(f.root.get_object(), "items", path, "");
    if (!f.items)
        fail(path, "items", "missing: expected the list's items array");
    return f;
}

const json::object& item(const ListFile& list, std::size_t i, std::string_view kind, std::string_view what, std::string& at)
{
    at = "items[" + std::to_string(i) + "]";
    const auto* o = (*list.items)[i].if_object();
    if (!o)
        fail(list.path, at, "expected " + std::string(what));
    if (const auto k = string(*o, "kind", list.path, at); k && *k != kind)
        fail(list.path, at + ".kind", "expected " + std::string(kind) + ", got '" + std::string(k->substr(0, 40)) + "'");
    return *o;
}

Metadata metadataWithName(const json::object& item, const std::string& file, const std::string& at)
{
    Metadata m;
    m.object = object(item, "metadata", file, at);
    if (!m.object)
        fail(file, at + ".metadata", "missing");
    const auto name = string(*m.object, "name", file, at + ".metadata");
    if (!name || name->empty())
        fail(file, at + ".metadata.name", "missing or empty");
    m.name = *name;
    return m;
}

using json_fields::join;

std::optional<double> quantity(const json::object& o, std::string_view key, const std::string& file,
                               const std::string& path)
{
    const auto* v = o.if_contains(key);
    if (!v || v->is_null())
        return std::nullopt;
    double q = 0;
    if (v->is_string()) {
        try {
            q = parseKubernetesQuantity(std::string_view(v->get_string()));
        } catch (const ValueError& e) {
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
