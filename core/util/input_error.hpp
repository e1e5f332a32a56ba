#pragma once
// Typed errors for bad input. Every importer and loader throws InputError so the CLI and the
// UI can say exactly where the problem is: file, line (or record) and field.
#include "core/util/error.hpp"

#include <cstdint>
#include <string>

namespace clens {

class InputError : public Error {
public:
    // line: 1-based physical line (or record number for non-line formats); 0 = whole file.
    InputError(std::string file, std::int64_t line, std::string field, const std::string& message);

    const std::string& file() const noexcept { return file_; }
    std::int64_t line() const noexcept { return line_; }
    const std::string& field() const noexcept { return field_; }
    // The message without the location prefix, control characters escaped like what().
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string file_;
    std::int64_t line_;
    std::string field_;
    std::string reason_;
};

// "FILE:LINE: field 'x': reason" (parts omitted when unknown), with control characters in all
// three texts escaped by escapeControlChars (core/util/text_escape.hpp).
std::string formatInputError(const std::string& file, std::int64_t line, const std::string& field,
                             const std::string& reason);

} // namespace clens
