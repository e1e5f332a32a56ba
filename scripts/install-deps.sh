#!/usr/bin/env bash
# Installs the Debian 12 packages ClusterLens builds, tests and runs with (idempotent).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libqcustomplot-dev libgl1-mesa-dev
  libsqlite3-dev libboost1.81-dev libboost-json1.81-dev libboost-graph1.81-dev
  libboost-program-options1.81-dev
  # sweep --mpi (docs/simulation.md "Sweeps across machines (MPI)")
  libboost-mpi1.81-dev openmpi-bin
  xvfb xauth
  # the package tests (docs/install.md "Tests"): dpkg-shlibdeps, desktop-file-validate, update-mime-database, gio
  dpkg-dev desktop-file-utils shared-mime-info libglib2.0-bin
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
