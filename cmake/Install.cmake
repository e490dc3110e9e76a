# Install the library, public headers, tools, a pkg-config file and a CMake
# package config so other projects can find_package(DXILUpgrade).
include(CMakePackageConfigHelpers)

install(TARGETS dxilupgrade dxilupgrade_static EXPORT DXILUpgradeTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/dxil-upgrade
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(EXPORT DXILUpgradeTargets NAMESPACE DXILUpgrade::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/DXILUpgrade)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/DXILUpgradeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/DXILUpgradeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/DXILUpgrade)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/DXILUpgradeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/DXILUpgradeConfig.cmake
              ${PROJECT_BINARY_DIR}/DXILUpgradeConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/DXILUpgrade)

configure_file(${PROJECT_SOURCE_DIR}/cmake/dxil-upgrade.pc.in
               ${PROJECT_BINARY_DIR}/dxil-upgrade.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dxil-upgrade.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
