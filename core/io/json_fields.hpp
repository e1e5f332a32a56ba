#pragma once
// Typed look-ups in a parsed JSON document whose errors name the file and the JSON path of the
// field ("items[3].status.capacity.memory", "jobs[2].time.start"): InputError(file, 0, path,
// reason). Used by the readers of `kubectl ... -o json` and `sacct --json`.
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clens::json_fields {

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& reason);

// "path.key" (or "key" at the root).
std::string join(const std::string& path, std::string_view key);

// Member `key` of o when present and not null; an error when it has another type.
const boost::json::object* object(const boost::json::object& o, std::string_view key, const std::string& file,
                                  const std::string& path);
const boost::json::array* array(const boost::json::object& o, std::string_view key, const std::string& file,
                                const std::string& path);
std::optional<std::string_view> string(const boost::json::object& o, std::string_view key, const std::string& file,
                                       const std::string& path);
// A whole number (a JSON integer, or a double with no fraction); an error for anything else.
std::optional<std::int64_t> integer(const boost::json::object& o, std::string_view key, const std::string& file,
                                    const std::string& path);

// The whole file parsed (syntax errors name line and column); its root must be an object.
boost::json::value readObjectFile(const std::string& path, const char* whatItShouldBe);

} // namespace clens::json_fields
