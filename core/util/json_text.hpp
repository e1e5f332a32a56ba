#pragma once
// JSON text for files and terminals people read. Boost.JSON 1.81 prints doubles as
// "1.0491666666666667E3"; this writer prints the shortest text that reads back to the same
// double ("1049.1666666666667"), integers as integers, and non-finite numbers as null.
#include "core/util/input_error.hpp"

#include <boost/json/value.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace clens {

// indent = 0: one line; indent > 0: pretty-printed with that many spaces per level.
std::string toJsonText(const boost::json::value& value, int indent = 0);

// Parses a JSON document; a syntax error throws InputError naming the source, the line and the
// column, and the problem in words (no library internals).
boost::json::value parseJsonText(std::string_view text, const std::string& source);

// Throws InputError for a syntax error at byte `offset` of `text`: its line and column, and
// `what` in words.
[[noreturn]] void throwJsonSyntaxError(std::string_view text, std::size_t offset, const std::string& source,
                                       const std::string& what);

// The line of the key a dotted path names in JSON text ("locality.rack_size": the first
// "rack_size" key after the first "locality" key; a key that itself holds dots, as a grid's
// "locality.rack_size", is matched whole), or 0 when the text has no such key. For error
// messages: Boost.JSON keeps no positions, so this finds keys by their text.
std::int64_t lineOfKeyPath(std::string_view text, std::string_view dottedPath);

// The error again with the line of its field in `text` when it had none and the text shows it
// (under `prefix`, e.g. "base."); else the error as it was.
[[noreturn]] void rethrowWithKeyLine(const InputError& e, std::string_view text, std::string_view prefix = {});

} // namespace clens
