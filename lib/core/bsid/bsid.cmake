# The insertion/deletion (BSID) family: included by lib/core/CMakeLists.txt (paths relative to
# lib/core). docs/bsid.md specifies it.
target_sources(gpufec-core PRIVATE
    bsid/tvb_code.cc
    bsid/bsid_channel.cc
    bsid/bsid_limits.cc
    bsid/bsid_map_engine.cc
    bsid/bsid_map_cpu.cc
)

gpufec_add_cppunit_test(NAME qa_gpufec_bsid
    SOURCES
        bsid/qa_tvb_code.cc
        bsid/qa_bsid_channel.cc
        bsid/qa_bsid_limits.cc
        bsid/qa_bsid_map.cc
    SUITES
        tvb_code_test
        bsid_channel_test
        bsid_limits_test
        bsid_map_test
    LABELS core
    LIBS gpufec-core)
