# package_deb: `cpack` makes clusterlens_<version>_<arch>.deb whose control fields and contents
# are checked with dpkg-deb (docs/install.md "Installing and packaging").
# -DBUILD_DIR=<build tree> -DCPACK=<cpack> -DOUT=<scratch directory> -DVERSION=<project version>
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

foreach(tool dpkg-deb dpkg-shlibdeps)
  find_program(tool_path_${tool} ${tool})
  if(NOT tool_path_${tool})
    message("package_deb SKIPPED: ${tool} not found (package dpkg-dev)")
    return()
  endif()
endforeach()

file(REMOVE_RECURSE ${OUT})
run_checked(ignored ${CPACK} --config ${BUILD_DIR}/CPackConfig.cmake -B ${OUT})
file(GLOB debs ${OUT}/clusterlens_${VERSION}_*.deb)
list(LENGTH debs n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one clusterlens_${VERSION}_*.deb in ${OUT}, found: ${debs}")
endif()

run_checked(field dpkg-deb --field ${debs} Package)
expect_equal("Package" "${field}" "clusterlens")
run_checked(field dpkg-deb --field ${debs} Version)
expect_equal("Version" "${field}" "${VERSION}")
run_checked(field dpkg-deb --field ${debs} Section)
expect_equal("Section" "${field}" "science")
# dpkg-shlibdeps found the linked libraries; the Qt platform plugins are added by hand.
run_checked(depends dpkg-deb --field ${debs} Depends)
foreach(lib libqt6widgets6 libqt6core6 libsqlite3-0 libboost-json1.81.0 libc6 qt6-qpa-plugins)
  expect_match("Depends" "${depends}" "(^|, )${lib}( |,|$)")
endforeach()

run_checked(contents dpkg-deb --contents ${debs})
foreach(f usr/bin/clusterlens usr/bin/clusterlens-cli usr/share/applications/clusterlens.desktop
          usr/share/icons/hicolor/scalable/apps/clusterlens.svg usr/share/mime/packages/clusterlens.xml
          usr/share/clusterlens/presets/default.json usr/share/clusterlens/sample_traces/demo/jobs.csv
          usr/share/doc/clusterlens/copyright)
  expect_match("contents" "${contents}" " \\./${f}(\n|$)")
endforeach()

# The stripped programs of the package still run.
run_checked(ignored dpkg-deb --extract ${debs} ${OUT}/root)
run_checked(out ${OUT}/root/usr/bin/clusterlens-cli --version)
expect_equal("packaged clusterlens-cli --version" "${out}" "clusterlens-cli ${VERSION}")
run_checked(out ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${OUT}/root/usr/bin/clusterlens --version)
expect_equal("packaged clusterlens --version" "${out}" "ClusterLens ${VERSION}")
