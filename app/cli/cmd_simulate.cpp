#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runSimulate(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'simulate' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
