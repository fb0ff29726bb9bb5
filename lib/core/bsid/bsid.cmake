# The insertion/deletion (BSID) family: included by lib/core/CMakeLists.txt (paths relative to
# lib/core). docs/bsid.md specifies it.
target_sources(gpufec-core PRIVATE
    bsid/tvb_code.cc
    bsid/bsid_channel.cc
    bsid/bsid_limits.cc
    bsid/bsid_map_engine.cc
    bsid/bsid_map_cpu.cc
    bsid/bsid_stream.cc
)

gpufec_add_cppunit_test(NAME qa_gpufec_bsid
    SOURCES
        bsid/qa_tvb_code.cc
        bsid/qa_bsid_channel.cc
        bsid/qa_bsid_limits.cc
        bsid/qa_bsid_map.cc
        bsid/qa_bsid_stream.cc
    SUITES
        tvb_code_test
        bsid_channel_test
        bsid_limits_test
        bsid_map_test
        bsid_stream_test
    # statistical runs: minutes on two cores
    SLOW_TESTS
        bsid_map_test::pooled_symbol_error_rate
    LABELS core
    LIBS gpufec-core)

# A timing program for docs/bsid.md (not installed).
add_executable(gpufec_bsid_cpu_timing bsid/bsid_cpu_timing.cc)
target_link_libraries(gpufec_bsid_cpu_timing PRIVATE gpufec-core)
