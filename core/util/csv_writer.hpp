#pragma once
// Writing CSV fields: quotes a field only when it needs it (RFC 4180).
#include <ostream>
#include <string_view>

namespace clens {

inline void writeCsvField(std::ostream& out, std::string_view s)
{
    if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
        out << s;
        return;
    }
    out << '"';
    for (char c : s) {
        if (c == '"')
            out << '"';
        out << c;
    }
    out << '"';
}

} // namespace clens
