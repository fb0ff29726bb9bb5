# The LTE turbo code family: included by lib/core/CMakeLists.txt (paths relative to lib/core).
target_sources(gpufec-core PRIVATE
    turbo/lte_qpp_table.cc
    turbo/qpp_interleaver.cc
    turbo/lte_turbo_code.cc
    turbo/encoder.cc
)

gpufec_add_cppunit_test(NAME qa_gpufec_turbo
    SOURCES
        turbo/qa_lte_turbo_code.cc
    SUITES
        lte_turbo_code_test
    LABELS core
    LIBS gpufec-core)
