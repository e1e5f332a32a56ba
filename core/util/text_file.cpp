#include "core/util/text_file.hpp"

#include "core/util/input_error.hpp"

#include <fstream>
#include <sstream>

namespace clens {

std::string readTextFile(const std::string& path, const std::string& what)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, 0, "", "cannot open " + what);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace clens
