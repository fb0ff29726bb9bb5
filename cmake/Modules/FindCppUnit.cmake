# Finds CppUnit, the project's C++ unit-test framework.
# Set CPPUNIT_ROOT to a folder holding include/cppunit and lib/libcppunit*.so to use a copy
# outside the system paths (the GPU machine gets one carried from Debian this way).
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
    pkg_check_modules(PC_CPPUNIT QUIET cppunit)
endif()
find_path(CPPUNIT_INCLUDE_DIR NAMES cppunit/TestCase.h
          HINTS ${CPPUNIT_ROOT}/include $ENV{CPPUNIT_ROOT}/include ${PC_CPPUNIT_INCLUDEDIR})
find_library(CPPUNIT_LIBRARY NAMES cppunit cppunit-1.15
             HINTS ${CPPUNIT_ROOT}/lib $ENV{CPPUNIT_ROOT}/lib ${PC_CPPUNIT_LIBDIR})
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CppUnit DEFAULT_MSG CPPUNIT_LIBRARY CPPUNIT_INCLUDE_DIR)
if(CppUnit_FOUND AND NOT TARGET CppUnit::CppUnit)
    add_library(CppUnit::CppUnit UNKNOWN IMPORTED)
    set_target_properties(CppUnit::CppUnit PROPERTIES
        IMPORTED_LOCATION "${CPPUNIT_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${CPPUNIT_INCLUDE_DIR}")
endif()
mark_as_advanced(CPPUNIT_INCLUDE_DIR CPPUNIT_LIBRARY)
