#pragma once
// JSON parsing whose floating-point numbers are correctly rounded. Boost.JSON 1.81's parser
// may be one ulp off for some 17-digit numbers, so a saved double would not read back exactly;
// here each number's text is converted with std::from_chars instead.
#include <boost/json/value.hpp>

#include <string>
#include <string_view>

namespace clens {

// Throws InputError(source, line, "", ...) on a syntax error.
boost::json::value parseJsonPrecise(std::string_view text, const std::string& source);

} // namespace clens
