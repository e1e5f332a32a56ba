#pragma once
// JSON text for files and terminals people read. Boost.JSON 1.81 prints doubles as
// "1.0491666666666667E3"; this writer prints the shortest text that reads back to the same
// double ("1049.1666666666667"), integers as integers, and non-finite numbers as null.
#include <boost/json/value.hpp>

#include <string>
#include <string_view>

namespace clens {

// indent = 0: one line; indent > 0: pretty-printed with that many spaces per level.
std::string toJsonText(const boost::json::value& value, int indent = 0);

// Parses a JSON document; a syntax error throws InputError naming the source, the line and the
// column, and the problem in words (no library internals).
boost::json::value parseJsonText(std::string_view text, const std::string& source);

} // namespace clens
