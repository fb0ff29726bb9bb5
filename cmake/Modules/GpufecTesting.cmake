# gpufec_add_cppunit_test(NAME <exe> SOURCES <qa files...> SUITES <suite names...>
#                         [LABELS <labels...>] [LIBS <libs...>])
# Builds one CppUnit runner from the QA sources and registers one ctest test per suite, so
# that ctest reports each suite on its own line and `-L gpu` / `-LE gpu` select GPU suites.
function(gpufec_add_cppunit_test)
    cmake_parse_arguments(T "" "NAME" "SOURCES;SUITES;LABELS;LIBS" ${ARGN})
    if(NOT CppUnit_FOUND)
        message(STATUS "gpufec: CppUnit not found, skipping ${T_NAME}")
        return()
    endif()
    add_executable(${T_NAME} ${PROJECT_SOURCE_DIR}/lib/core/test/cppunit_main.cc ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} CppUnit::CppUnit)
    foreach(suite ${T_SUITES})
        add_test(NAME ${suite} COMMAND ${T_NAME} ${suite})
        if(T_LABELS)
            set_tests_properties(${suite} PROPERTIES LABELS "${T_LABELS}")
        endif()
    endforeach()
endfunction()
