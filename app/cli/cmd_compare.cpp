#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runCompare(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'compare' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
