# `cpack` in the build directory makes a Debian package of what `cmake --install` installs
# (docs/install.md "Installing and packaging"). Its dependencies are the shared libraries
# the programs link (dpkg-shlibdeps) plus the Qt plugins they load at run time.
set(CLENS_PACKAGE_MAINTAINER "ClusterLens maintainers <maintainers@users.noreply.a-seed-e65b9f23.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_PACKAGE_NAME clusterlens)
set(CPACK_PACKAGE_VENDOR ClusterLens)
set(CPACK_PACKAGE_CONTACT "${CLENS_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "what-if simulator for multi-tenant GPU clusters")
# The extended description, in lines of at most 80 characters as Debian asks.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "ClusterLens replays GPU job traces (Philly, Alibaba, Helios, SWF, Slurm,"
  "Kubernetes or CSV) through a discrete-event simulation of a multi-tenant"
  "scheduler, draws the cluster at any instant and shows how queueing delay and"
  "utilization change when a scheduling knob moves. It also mines container"
  "CPU/memory traces into phases and scores autoscaling policies."
  "The package holds the desktop application (clusterlens), the command-line"
  "tool (clusterlens-cli), the scenario presets and the teaching demo.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # clusterlens_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Merged with what dpkg-shlibdeps finds: the platform plugins (xcb, offscreen) are not linked.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
include(CPack)
