#include "core/util/input_error.hpp"

#include "core/util/text_escape.hpp"

namespace clens {

std::string formatInputError(const std::string& file, std::int64_t line, const std::string& field,
                             const std::string& reason)
{
    // Control characters from input are escaped (docs/formats.md "Text from input in messages").
    std::string out = file.empty() ? std::string("<input>") : escapeControlChars(file);
    if (line > 0)
        out += ":" + std::to_string(line);
    out += ": ";
    if (!field.empty())
        out += "field '" + escapeControlChars(field) + "': ";
    out += escapeControlChars(reason);
    return out;
}

InputError::InputError(std::string file, std::int64_t line, std::string field, const std::string& message)
    : Error(formatInputError(file, line, field, message))
    , file_(std::move(file))
    , line_(line)
    , field_(std::move(field))
    , reason_(escapeControlChars(message))
{
}

} // namespace clens
