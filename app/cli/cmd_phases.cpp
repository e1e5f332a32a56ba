#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runPhases(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'phases' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
