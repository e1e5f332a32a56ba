# package_install: `cmake --install` of the build tree into a scratch prefix, then the installed
# programs run from there (docs/install.md "Installing and packaging").
# -DBUILD_DIR=<build tree> -DROOT=<scratch prefix> -DVERSION=<project version>
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

file(REMOVE_RECURSE ${ROOT})
run_checked(ignored ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${ROOT})

set(data ${ROOT}/share/clusterlens)
foreach(f bin/clusterlens bin/clusterlens-cli share/applications/clusterlens.desktop
          share/icons/hicolor/scalable/apps/clusterlens.svg share/mime/packages/clusterlens.xml
          share/clusterlens/presets/index.json share/clusterlens/presets/default.json
          share/clusterlens/sample_traces/demo/jobs.csv share/clusterlens/sample_traces/demo/cluster.csv
          share/doc/clusterlens/copyright)
  if(NOT EXISTS ${ROOT}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

# The programs, from the scratch prefix only (no samples from the source tree).
set(gui ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen --unset=CLENS_SAMPLE_DIR ${ROOT}/bin/clusterlens)
run_checked(out ${ROOT}/bin/clusterlens-cli --version)
expect_equal("clusterlens-cli --version" "${out}" "clusterlens-cli ${VERSION}")
run_checked(out ${gui} --version)
expect_equal("clusterlens --version" "${out}" "ClusterLens ${VERSION}")

# With no file the GUI opens the installed teaching demo.
run_checked(ignored ${gui} --size 800x600 --screenshot ${ROOT}/demo.png)
file(SIZE ${ROOT}/demo.png size)
if(size LESS 1000)
  message(FATAL_ERROR "the demo screenshot is ${size} bytes")
endif()

# A project made by the installed CLI from the installed demo and preset opens in the GUI given
# on the command line, as the desktop entry's `clusterlens %f` passes it.
run_checked(ignored ${ROOT}/bin/clusterlens-cli project create -q --out ${ROOT}/demo.clens
            --cluster ${data}/sample_traces/demo/cluster.csv --trace ${data}/sample_traces/demo/jobs.csv
            --config ${data}/presets/strict-locality.json)
run_checked(ignored ${gui} ${ROOT}/demo.clens --size 800x600 --screenshot ${ROOT}/project.png)
file(SIZE ${ROOT}/project.png size)
if(size LESS 1000)
  message(FATAL_ERROR "the project screenshot is ${size} bytes")
endif()

file(READ ${ROOT}/share/applications/clusterlens.desktop desktop)
expect_match("desktop Exec" "${desktop}" "\nExec=clusterlens %f\n")
expect_match("desktop MimeType" "${desktop}" "\nMimeType=application/x-clusterlens-project;")
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(DESKTOP_FILE_VALIDATE)
  run_checked(ignored ${DESKTOP_FILE_VALIDATE} ${ROOT}/share/applications/clusterlens.desktop)
else()
  message(STATUS "desktop-file-validate not found (package desktop-file-utils): the desktop entry is not validated")
endif()

# The MIME package compiles and maps *.clens to the project type.
find_program(UPDATE_MIME_DATABASE update-mime-database)
if(UPDATE_MIME_DATABASE)
  run_checked(ignored ${UPDATE_MIME_DATABASE} ${ROOT}/share/mime)
  file(READ ${ROOT}/share/mime/globs2 globs)
  expect_match("mime globs2" "${globs}" "application/x-clusterlens-project:\\*\\.clens")
  # What a desktop sees: the project by its name, and by its application_id without one.
  find_program(GIO gio)
  if(GIO)
    file(COPY_FILE ${ROOT}/demo.clens ${ROOT}/demo-without-extension)
    foreach(f demo.clens demo-without-extension)
      run_checked(out ${CMAKE_COMMAND} -E env XDG_DATA_DIRS=${ROOT}/share:/usr/share XDG_DATA_HOME=${ROOT}/no-user-data
                  ${GIO} info -a standard::content-type ${ROOT}/${f})
      expect_match("content type of ${f}" "${out}" "standard::content-type: application/x-clusterlens-project")
    endforeach()
  else()
    message(STATUS "gio not found (package libglib2.0-bin): the content type of a project is not checked")
  endif()
else()
  message(STATUS "update-mime-database not found (package shared-mime-info): the MIME package is not compiled")
endif()
