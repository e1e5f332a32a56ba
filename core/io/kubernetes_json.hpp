#pragma once
// Reading `kubectl get ... -o json` lists: the whole file parsed with Boost.JSON (parseJsonText:
// syntax errors name line and column), then typed look-ups whose errors name the file and the
// JSON path of the field ("items[3].status.capacity.memory"), quantities and RFC 3339 times. docs/formats.md "Kubernetes nodes".
#include "core/io/json_fields.hpp"

#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clens::k8s {

// A kubectl list file: its "items" array (kind List, NodeList or PodList). Throws InputError.
struct ListFile {
    std::string path;
    boost::json::value root;
    const boost::json::array* items = nullptr;
};
ListFile readList(const std::string& path);

// Item i of the list, checked to be an object (else "expected <what>") of this kind when it says
// one; `at` receives its JSON path ("items[3]").
const boost::json::object& item(const ListFile& list, std::size_t i, std::string_view kind, std::string_view what,
                                std::string& at);
// The item's metadata object and its non-empty name.
struct Metadata {
    const boost::json::object* object = nullptr;
    std::string_view name;
};
Metadata metadataWithName(const boost::json::object& item, const std::string& file, const std::string& at);

// The generic typed look-ups (core/io/json_fields.hpp).
using json_fields::array;
using json_fields::fail;
using json_fields::object;
using json_fields::string;

// A quantity member (a string such as "16Gi", or a JSON number) as a double; nullopt if absent.
std::optional<double> quantity(const boost::json::object& o, std::string_view key, const std::string& file,
                               const std::string& path);
// An RFC 3339 time ("2024-03-01T10:00:00Z", or with an offset) as Unix UTC; nullopt if absent.
std::optional<std::int64_t> time(const boost::json::object& o, std::string_view key, const std::string& file,
                                 const std::string& path);

} // namespace clens::k8s
