#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runSweep(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'sweep' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
