# Test registration shared by every test of the module. Every test gets a TIMEOUT, so that a
# hang fails in seconds with the test's name instead of stalling the run; tests that take long
# (statistical runs, emulations) carry the label `slow`: the README's test command leaves them
# out (`ctest -LE "gpu|slow"`) and .ci/run runs them too.
set(GPUFEC_TEST_TIMEOUT 120 CACHE STRING "Seconds a test may run before ctest fails it")
set(GPUFEC_SLOW_TEST_TIMEOUT 1200 CACHE STRING "Seconds a test labelled slow may run")
# GPU suites compile kernels at run time (NVRTC) and decode long streams: minutes on a GPU.
set(GPUFEC_GPU_TEST_TIMEOUT 900 CACHE STRING "Seconds a test labelled gpu may run")

# Test runners that the README's test command does not run (GPU suites, runners whose suites
# are all slow) are left out of the default build, which is what a user's first build waits
# for: `cmake --build build --target gpufec-gpu-tests gpufec-slow-tests` builds them (.ci/run
# and scripts/device-check do).
add_custom_target(gpufec-gpu-tests)
add_custom_target(gpufec-slow-tests)

# The runners' main (skeleton/test/cppunit_main.cc), compiled once for all of them, and the
# precompiled header they share (CppUnit's macros and the standard library, parsed once instead
# of in each of some sixty test files). Built as the runners are (-fPIE, not an object
# library's -fPIC), since a precompiled header serves only compiles with the same flags.
if(CppUnit_FOUND)
    add_library(gpufec-cppunit-main OBJECT ${PROJECT_SOURCE_DIR}/skeleton/test/cppunit_main.cc)
    target_link_libraries(gpufec-cppunit-main PRIVATE CppUnit::CppUnit)
    set_target_properties(gpufec-cppunit-main PROPERTIES POSITION_INDEPENDENT_CODE OFF)
    target_compile_options(gpufec-cppunit-main PRIVATE -fPIE)
    if(GPUFEC_PCH)
        target_precompile_headers(gpufec-cppunit-main PRIVATE
            <cppunit/extensions/HelperMacros.h> <algorithm> <cmath> <cstdint> <cstring> <limits>
            <random> <stdexcept> <string> <vector>)
    endif()
endif()

# gpufec_test_properties(<test> [LABELS <labels...>] [SLOW] [TIMEOUT <s>])
# Labels and the timeout of one registered test (`slow` and `gpu` tests get longer ones).
function(gpufec_test_properties test)
    cmake_parse_arguments(P "SLOW" "TIMEOUT" "LABELS" ${ARGN})
    set(labels ${P_LABELS})
    set(timeout ${GPUFEC_TEST_TIMEOUT})
    if("gpu" IN_LIST labels)
        set(timeout ${GPUFEC_GPU_TEST_TIMEOUT})
    endif()
    if(P_SLOW)
        list(APPEND labels slow)
        set(timeout ${GPUFEC_SLOW_TEST_TIMEOUT})
    endif()
    if(P_TIMEOUT)
        set(timeout ${P_TIMEOUT})
    endif()
    set_tests_properties(${test} PROPERTIES TIMEOUT ${timeout})
    if(labels)
        set_tests_properties(${test} PROPERTIES LABELS "${labels}")
    endif()
endfunction()

# gpufec_add_cppunit_test(NAME <exe> SOURCES <qa files...> SUITES <suite names...>
#                         [SLOW_SUITES <suite names...>] [SLOW_TESTS <suite::test...>]
#                         [LABELS <labels...>] [LIBS <libs...>])
# Builds one CppUnit runner from the QA sources and registers one ctest test per suite, so
# that ctest reports each suite on its own line and `-L gpu` / `-LE gpu` select GPU suites.
# SLOW_SUITES are registered with the label `slow`; each of SLOW_TESTS becomes a ctest test
# of its own (`suite.test`, label `slow`) and its suite's test runs without it.
function(gpufec_add_cppunit_test)
    cmake_parse_arguments(T "" "NAME" "SOURCES;SUITES;SLOW_SUITES;SLOW_TESTS;LABELS;LIBS" ${ARGN})
    if(NOT CppUnit_FOUND)
        message(STATUS "gpufec: CppUnit not found, skipping ${T_NAME}")
        return()
    endif()
    add_executable(${T_NAME} ${T_SOURCES} $<TARGET_OBJECTS:gpufec-cppunit-main>)
    if(GPUFEC_PCH)
        target_precompile_headers(${T_NAME} REUSE_FROM gpufec-cppunit-main)
    endif()
    if("gpu" IN_LIST T_LABELS)
        set_target_properties(${T_NAME} PROPERTIES EXCLUDE_FROM_ALL TRUE)
        add_dependencies(gpufec-gpu-tests ${T_NAME})
    elseif(NOT T_SUITES)
        set_target_properties(${T_NAME} PROPERTIES EXCLUDE_FROM_ALL TRUE)
        add_dependencies(gpufec-slow-tests ${T_NAME})
    endif()
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} CppUnit::CppUnit)
    # The test helpers (skeleton/test/) from the repository root, for runners of blocks too.
    target_include_directories(${T_NAME} PRIVATE ${PROJECT_SOURCE_DIR})
    foreach(suite ${T_SUITES} ${T_SLOW_SUITES})
        set(excluded)
        foreach(slow ${T_SLOW_TESTS})
            if(slow MATCHES "^${suite}::")
                list(APPEND excluded --except ${slow})
            endif()
        endforeach()
        add_test(NAME ${suite} COMMAND ${T_NAME} ${suite} ${excluded})
        if(suite IN_LIST T_SLOW_SUITES)
            gpufec_test_properties(${suite} LABELS ${T_LABELS} SLOW)
        else()
            gpufec_test_properties(${suite} LABELS ${T_LABELS})
        endif()
    endforeach()
    foreach(slow ${T_SLOW_TESTS})
        string(REPLACE "::" "." test ${slow})
        add_test(NAME ${test} COMMAND ${T_NAME} ${slow})
        gpufec_test_properties(${test} LABELS ${T_LABELS} SLOW)
    endforeach()
endfunction()
