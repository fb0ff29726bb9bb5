# A code family is a folder (docs/adding-a-decoder.md): <family>/CMakeLists.txt calls
# gpufec_add_family() once with its files by layer, and the top-level CMakeLists.txt names the
# folder in gpufec_families(). Paths are relative to the family's folder. The shared targets
# exist before any family adds to them: gpufec-core (skeleton/), gnuradio-gpufec (skeleton/,
# GNU Radio builds), gpufec-ber and gpufec_bench (apps/).
#
# gpufec_add_family(<name>
#     DOC <docs/page.md>          the family's specification, from the repository root
#     CORE <src...>               GNU-Radio-free sources           -> gpufec-core
#     CUDA <src...>               kernels and the backends driving them (CUDA builds) -> gpufec-core
#     BLOCKS <src...>             GNU Radio block implementations  -> gnuradio-gpufec
#     BINDINGS <src...>           pybind11 files, in binding order; each defines bind_<stem
#                                 without _python>(py::module&)
#     PYTHON <file.py...>         modules of the gnuradio.gpufec package
#     PYTHON_TESTS <qa_*.py...>   gr_unittest files, ctest tests of the same name
#     GRC <file...>               .block.yml installed; .block.yml.in configured first
#     FUZZ <harness.cc...>        libFuzzer harnesses fuzz_<stem>, seeds in fuzz/corpus/<stem>/
#                                 (scripts/fuzz finds both by that layout)
#     BER <src...>                gpufec_ber's code and channel registrations -> gpufec-ber
#     BER_CUDA <src...>           the same, CUDA builds only
#     BENCH <src...>              gpufec_bench's groups            -> gpufec_bench)
# The family's include/ joins the public include path (its block headers install flat as
# <gnuradio/gpufec/NAME.h>, its engine headers as <gnuradio/gpufec/<name>/NAME.h>).
# CppUnit runners follow the call in the same file (gpufec_add_cppunit_test, GpufecTesting).

function(gpufec_add_family name)
    cmake_parse_arguments(F "" "DOC"
        "CORE;CUDA;BLOCKS;BINDINGS;PYTHON;PYTHON_TESTS;GRC;FUZZ;BER;BER_CUDA;BENCH" ${ARGN})
    set(dir ${CMAKE_CURRENT_SOURCE_DIR})
    # A missing piece is a configure error that names it, not a file silently left out.
    if(NOT F_DOC OR NOT EXISTS ${PROJECT_SOURCE_DIR}/${F_DOC})
        message(FATAL_ERROR "gpufec family ${name}: DOC names no page (docs/adding-a-decoder.md)")
    endif()
    foreach(part CORE CUDA BLOCKS BINDINGS PYTHON PYTHON_TESTS GRC FUZZ BER BER_CUDA BENCH)
        foreach(f ${F_${part}})
            if(NOT EXISTS ${dir}/${f})
                message(FATAL_ERROR "gpufec family ${name}: ${part} file ${f} does not exist")
            endif()
        endforeach()
    endforeach()
    list(TRANSFORM F_CORE PREPEND ${dir}/)
    list(TRANSFORM F_CUDA PREPEND ${dir}/)
    list(TRANSFORM F_BLOCKS PREPEND ${dir}/)
    list(TRANSFORM F_BER PREPEND ${dir}/)
    list(TRANSFORM F_BER_CUDA PREPEND ${dir}/)
    list(TRANSFORM F_BENCH PREPEND ${dir}/)

    target_sources(gpufec-core PRIVATE ${F_CORE})
    target_include_directories(gpufec-core PUBLIC $<BUILD_INTERFACE:${dir}/include>)
    if(GPUFEC_HAVE_CUDA)
        target_sources(gpufec-core PRIVATE ${F_CUDA})
        target_sources(gpufec-ber PRIVATE ${F_BER_CUDA})
    endif()
    target_sources(gpufec-ber PRIVATE ${F_BER})
    target_sources(gpufec_bench PRIVATE ${F_BENCH})

    if(GPUFEC_FUZZ)
        foreach(src ${F_FUZZ})
            get_filename_component(stem ${src} NAME_WE)
            gpufec_add_fuzz_harness(${stem} ${dir}/${src})
        endforeach()
    endif()
    set_property(GLOBAL APPEND PROPERTY GPUFEC_FAMILIES ${name})
    if(GPUFEC_CORE_ONLY)
        return()
    endif()

    target_sources(gnuradio-gpufec PRIVATE ${F_BLOCKS})
    target_include_directories(gnuradio-gpufec PUBLIC $<BUILD_INTERFACE:${dir}/include>)
    install(DIRECTORY ${dir}/include/gnuradio DESTINATION include FILES_MATCHING PATTERN "*.h")
    gpufec_install_forwarders(${dir}/include ${name})

    if(NOT ENABLE_PYTHON)
        return()
    endif()
    foreach(src ${F_BINDINGS})
        set_property(GLOBAL APPEND PROPERTY GPUFEC_BINDINGS ${dir}/${src})
    endforeach()
    foreach(py ${F_PYTHON})
        set_property(GLOBAL APPEND PROPERTY GPUFEC_PYTHON_MODULES ${dir}/${py})
    endforeach()
    # Every block's YAML as GRC gets it, the configured ones included, in one build folder
    # (${PROJECT_BINARY_DIR}/grc: the Python tests read it there).
    set(grc_out ${PROJECT_BINARY_DIR}/grc)
    foreach(yml ${F_GRC})
        get_filename_component(file ${yml} NAME)
        if(file MATCHES "\\.in$")
            string(REGEX REPLACE "\\.in$" "" file ${file})
            gpufec_configure_grc(${dir}/${yml} ${grc_out}/${file})
        else()
            configure_file(${dir}/${yml} ${grc_out}/${file} COPYONLY)
        endif()
        if(file MATCHES "\\.block\\.yml$")
            install(FILES ${grc_out}/${file} DESTINATION share/gnuradio/grc/blocks)
        endif()
    endforeach()
    foreach(qa ${F_PYTHON_TESTS})
        get_filename_component(test ${qa} NAME_WE)
        GR_ADD_TEST(${test} ${PYTHON_EXECUTABLE} -B ${dir}/${qa})
        gpufec_test_properties(${test} LABELS python ${name})
        set_tests_properties(${test} PROPERTIES ENVIRONMENT
            "GPUFEC_BINARY_DIR=${PROJECT_BINARY_DIR};GPUFEC_CXX=${CMAKE_CXX_COMPILER}")
    endforeach()
endfunction()

# gpufec_families(<name>...): the code families, in binding order (a family's Python types
# before those of a later family that uses them).
# Registers the test that checks each family against docs/adding-a-decoder.md's checklist.
macro(gpufec_families)
    foreach(family ${ARGN})
        add_subdirectory(${family})
    endforeach()
    add_test(NAME family_layout COMMAND /usr/bin/python3
             ${PROJECT_SOURCE_DIR}/skeleton/python/qa_family_layout.py ${PROJECT_SOURCE_DIR} ${ARGN})
    gpufec_test_properties(family_layout LABELS core)
endmacro()

# gpufec_configure_grc(<in> <out>): a block's YAML with the parameters every decoder shares
# pasted in (skeleton/grc/: backend and device; for decoders of soft values also the input
# type, LLR scale and convention, the scale shown where GPUFEC_LLR_SCALE_SHOWN_<block> says).
# Other @VARIABLES@ of the template come from the family's CMakeLists.txt.
function(gpufec_configure_grc in out)
    set(fragments ${PROJECT_SOURCE_DIR}/skeleton/grc)
    file(READ ${fragments}/decoder_parameters.yml decoder_parameters)
    file(READ ${fragments}/soft_input_parameters.yml soft_input_parameters)
    string(STRIP "${decoder_parameters}" decoder_parameters)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
        ${fragments}/decoder_parameters.yml ${fragments}/soft_input_parameters.yml)
    get_filename_component(block ${out} NAME)
    string(REGEX REPLACE "\\.block\\.yml$" "" block ${block})
    if(DEFINED GPUFEC_LLR_SCALE_SHOWN_${block})
        set(GPUFEC_LLR_SCALE_SHOWN "${GPUFEC_LLR_SCALE_SHOWN_${block}}")
        string(CONFIGURE "${soft_input_parameters}${decoder_parameters}"
               GPUFEC_DECODER_PARAMETERS @ONLY)
    else()
        set(GPUFEC_DECODER_PARAMETERS "${decoder_parameters}")
    endif()
    configure_file(${in} ${out} @ONLY)
endfunction()

# gpufec_install_forwarders(<include dir> <sub>): the engine headers moved from
# <gnuradio/gpufec/NAME.h> to <gnuradio/gpufec/<sub>/NAME.h> keep their old name in an install
# for one release: a one-line forwarder each (docs/conventions.md, "Moved headers"). They are
# not on the build's include path, so the tree itself uses the new names.
function(gpufec_install_forwarders include sub)
    file(GLOB headers RELATIVE ${include}/gnuradio/gpufec/${sub}
         ${include}/gnuradio/gpufec/${sub}/*.h)
    # The device entry points came after the move: they never had the old name.
    list(FILTER headers EXCLUDE REGEX "(^|_)device\\.h$")
    foreach(h ${headers})
        set(forwarder ${PROJECT_BINARY_DIR}/forwarders/gnuradio/gpufec/${h})
        file(CONFIGURE OUTPUT ${forwarder} CONTENT
"// Moved to <gnuradio/gpufec/${sub}/${h}>: this forwarder goes at the next ABI version.
#include <gnuradio/gpufec/${sub}/${h}>
" @ONLY)
        install(FILES ${forwarder} DESTINATION include/gnuradio/gpufec)
    endforeach()
endfunction()
