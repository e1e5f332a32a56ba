#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runAutoscale(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'autoscale' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
