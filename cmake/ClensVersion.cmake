# Every program's version comes from the top-level project(... VERSION) alone, through a
# generated header (target clens_version: #include "clens_version.hpp").
configure_file(${CMAKE_CURRENT_LIST_DIR}/clens_version.hpp.in ${PROJECT_BINARY_DIR}/generated/clens_version.hpp @ONLY)
add_library(clens_version INTERFACE)
target_include_directories(clens_version INTERFACE ${PROJECT_BINARY_DIR}/generated)
