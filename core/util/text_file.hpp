#pragma once
// A small text input (a scenario, a grid, a phase model) read whole, for a parser that wants it
// in one string.
#include <string>

namespace clens {

// Throws InputError(path, 0, "", "cannot open <what>") when the file cannot be opened.
std::string readTextFile(const std::string& path, const std::string& what = "file");

} // namespace clens
