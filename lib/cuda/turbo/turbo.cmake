# The LTE turbo decoder on the GPU: included by lib/cuda/CMakeLists.txt (paths relative to
# lib/cuda). The backend that drives it is lib/core/turbo/turbo_cuda.cc.
target_sources(gpufec-core PRIVATE turbo/turbo_decode.cu turbo/turbo_tables.cc)

gpufec_add_cppunit_test(NAME qa_gpufec_turbo_gpu
    SOURCES
        turbo/qa_turbo_gpu.cc
    SUITES
        turbo_gpu_test
        turbo_gpu_ber_test
    LABELS gpu
    LIBS gpufec-core)
