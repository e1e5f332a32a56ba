# What `cmake --install` puts beside the programs (docs/install.md "Installed layout"):
# the scenario presets and the teaching demo under share/clusterlens (the GUI finds the demo at
# ../share/clusterlens/sample_traces from its binary), the MIME type of .clens projects and the
# copyright file.
# The programs, the desktop entry and the icon are installed by app/cli and app/gui.
include(GNUInstallDirs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/presets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/clusterlens/presets
        FILES_MATCHING PATTERN "*.json")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/sample_traces/demo DESTINATION ${CMAKE_INSTALL_DATADIR}/clusterlens/sample_traces)
# Debian policy 12.5: every package carries its copyright file (DEP-5, resources/copyright).
install(FILES ${PROJECT_SOURCE_DIR}/resources/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/clusterlens)
install(FILES ${PROJECT_SOURCE_DIR}/resources/clusterlens-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
        RENAME clusterlens.xml)
