#include "core/util/text_escape.hpp"

namespace clens {

std::string escapeControlChars(std::string_view text, bool keepNewlines)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b == 0xc2 && i + 1 < text.size()) {
            const auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9f) {
                out += "\\u00";
                out += kHex[next >> 4];
                out += kHex[next & 0xf];
                ++i;
                continue;
            }
        }
        if (b >= 0x20 && b != 0x7f) {
            out += static_cast<char>(b);
            continue;
        }
        switch (b) {
        case '\n':
            out += keepNewlines ? "\n" : "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 0xf];
        }
    }
    return out;
}

} // namespace clens
