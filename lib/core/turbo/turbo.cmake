# The LTE turbo code family: included by lib/core/CMakeLists.txt (paths relative to lib/core).
target_sources(gpufec-core PRIVATE
    turbo/lte_qpp_table.cc
    turbo/qpp_interleaver.cc
    turbo/lte_turbo_code.cc
    turbo/encoder.cc
    turbo/crc.cc
    turbo/segmentation.cc
    turbo/rate_match.cc
    turbo/lte_turbo_params.cc
    turbo/siso_cpu.cc
    turbo/map_cpu.cc
    turbo/turbo_cpu.cc
    turbo/lte_turbo_engine.cc
    turbo/transport.cc
    turbo/transport_decoder.cc
)
# The CUDA backend (its kernels: lib/cuda/turbo/turbo.cmake).
if(GPUFEC_HAVE_CUDA)
    target_sources(gpufec-core PRIVATE turbo/turbo_cuda.cc)
endif()

gpufec_add_cppunit_test(NAME qa_gpufec_turbo
    SOURCES
        turbo/qa_lte_turbo_code.cc
        turbo/qa_lte_crc.cc
        turbo/qa_lte_segmentation.cc
        turbo/qa_lte_rate_match.cc
        turbo/qa_turbo_siso.cc
        turbo/qa_turbo_decoder.cc
        turbo/qa_turbo_ber.cc
        turbo/qa_lte_turbo_engine.cc
        turbo/qa_lte_vectors.cc
        turbo/qa_turbo_int16.cc
        turbo/qa_turbo_int16_decoder.cc
        turbo/qa_lte_transport.cc
    SUITES
        lte_turbo_code_test
        lte_crc_test
        lte_segmentation_test
        lte_rate_match_test
        turbo_siso_test
        turbo_decoder_test
        lte_turbo_engine_test
        lte_turbo_vectors_test
        turbo_int16_bounds_test
        turbo_int16_test
        lte_transport_test
    # statistical runs: minutes on two cores
    SLOW_SUITES
        turbo_ber_test
    LABELS core
    LIBS gpufec-core)
# Test vectors of other implementations, read where they are in the source tree.
if(TARGET qa_gpufec_turbo)
    target_compile_definitions(qa_gpufec_turbo PRIVATE
        GPUFEC_TURBO_VECTORS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/turbo/vectors")
    # Tests that recompute the decoder's floats (the iteration schedule) round as the core does.
    target_compile_options(qa_gpufec_turbo PRIVATE -ffp-contract=off)
endif()

# A timing program for docs/turbo.md (not installed).
add_executable(gpufec_turbo_cpu_timing turbo/turbo_cpu_timing.cc)
target_link_libraries(gpufec_turbo_cpu_timing PRIVATE gpufec-core)

# The encoder and CRCs against IT++ (an implementation the project did not write), when its
# development files are there (Debian/Ubuntu: libitpp-dev).
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
    pkg_check_modules(ITPP QUIET IMPORTED_TARGET itpp)
endif()
if(ITPP_FOUND)
    message(STATUS "gpufec: IT++ ${ITPP_VERSION} found: building qa_gpufec_turbo_itpp")
    gpufec_add_cppunit_test(NAME qa_gpufec_turbo_itpp
        SOURCES turbo/qa_turbo_itpp.cc
        SUITES lte_turbo_itpp_test
        LABELS core
        LIBS gpufec-core PkgConfig::ITPP)
else()
    message(STATUS "gpufec: IT++ not found (pkg-config itpp; Debian: libitpp-dev): "
                   "the LTE turbo cross-check against IT++ (qa_gpufec_turbo_itpp) is not built")
endif()
