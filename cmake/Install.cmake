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

# The .pc file is relocatable: prefix is found from the file's own place
# (${pcfiledir} = <prefix>/<libdir>/pkgconfig), so `cmake --install --prefix X`
# works. The depth follows CMAKE_INSTALL_LIBDIR (lib, lib64, or Debian's
# lib/x86_64-linux-gnu for /usr); an absolute libdir keeps absolute paths.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(DXIL_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(DXIL_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH _dxil_pc_up "/_prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/_prefix")
  string(REGEX REPLACE "/+$" "" _dxil_pc_up "${_dxil_pc_up}")
  set(DXIL_PC_PREFIX "\${pcfiledir}/${_dxil_pc_up}")
  set(DXIL_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(DXIL_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(DXIL_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# LLVM's headers appear in the public API (llvm-c/Types.h) and the library
# links the shared libLLVM-22.so.
list(JOIN LLVM_INCLUDE_DIRS " -I" DXIL_PC_LLVM_CFLAGS)
set(DXIL_PC_LLVM_CFLAGS "-I${DXIL_PC_LLVM_CFLAGS}")
set(DXIL_PC_LLVM_LIBS "-L${LLVM_LIBRARY_DIR} -lLLVM-${LLVM_VERSION_MAJOR}")
# For `pkg-config --static`: the C++ runtime of module/llvm_shim.cpp (see
# DXIL_CXX_RUNTIME_LIBS in CMakeLists.txt) and threads.
list(TRANSFORM DXIL_CXX_RUNTIME_LIBS PREPEND "-l" OUTPUT_VARIABLE _dxil_pc_cxx)
list(JOIN _dxil_pc_cxx " " DXIL_PC_LIBS_PRIVATE)
string(APPEND DXIL_PC_LIBS_PRIVATE " -lpthread")
configure_file(${PROJECT_SOURCE_DIR}/cmake/dxil-upgrade.pc.in
               ${PROJECT_BINARY_DIR}/dxil-upgrade.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dxil-upgrade.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Python module (python/dxil_upgrade.py.in): ctypes over the shared
# library, no compiled extension. It finds the library relative to its own
# place, so the install stays relocatable; the default directory is the one
# Debian's python3 searches under /usr (lib/python3/dist-packages).
set(DXIL_PYTHON_INSTALL_DIR "lib/python3/dist-packages" CACHE STRING
    "Where the dxil_upgrade Python module is installed (relative to the prefix)")
if(IS_ABSOLUTE "${DXIL_PYTHON_INSTALL_DIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(DXIL_PY_LIBREL "${CMAKE_INSTALL_FULL_LIBDIR}")
else()
  file(RELATIVE_PATH DXIL_PY_LIBREL "/_prefix/${DXIL_PYTHON_INSTALL_DIR}"
       "/_prefix/${CMAKE_INSTALL_LIBDIR}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/python/dxil_upgrade.py.in
               ${PROJECT_BINARY_DIR}/python/dxil_upgrade.py @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/python/dxil_upgrade.py DESTINATION ${DXIL_PYTHON_INSTALL_DIR})
