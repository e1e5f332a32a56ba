#pragma once
// Text from input (field values, file names, ids) shown in a message or on the terminal, with
// control characters made visible (docs/formats.md "Text from input in messages").
#include <string>
#include <string_view>

namespace clens {

// Every C0 control byte (0x00-0x1f) and DEL (0x7f) becomes an escape: \n, \t and \r for those
// three, \xNN (two lower-case hex digits) for the rest; the UTF-8 encoded C1 controls U+0080-
// U+009F (0xc2 0x80-0x9f, read as CSI and the like by some terminals) become \u0080-\u009f.
// Every other byte, printable ASCII and UTF-8 text alike, is kept as it is. With keepNewlines,
// '\n' is kept (for messages that are several lines on purpose, such as usage text).
std::string escapeControlChars(std::string_view text, bool keepNewlines = false);

} // namespace clens
