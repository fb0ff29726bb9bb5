# The LTE turbo decoder on the GPU: included by lib/cuda/CMakeLists.txt (paths relative to
# lib/cuda). The backend that drives it is lib/core/turbo/turbo_cuda.cc.
target_sources(gpufec-core PRIVATE turbo/turbo_decode.cu turbo/turbo_cluster.cu turbo/turbo_input.cu turbo/turbo_tables.cc)

gpufec_add_cppunit_test(NAME qa_gpufec_turbo_gpu
    SOURCES
        turbo/qa_turbo_gpu.cc
    SUITES
        turbo_gpu_test
        turbo_gpu_ber_test
    LABELS gpu
    LIBS gpufec-core)

# 16-bit metrics: the kernel against the CPU twin.
gpufec_add_cppunit_test(NAME qa_gpufec_turbo_gpu_int16
    SOURCES
        turbo/qa_turbo_gpu_int16.cc
    SUITES
        turbo_gpu_int16_test
    LABELS gpu
    LIBS gpufec-core)

# Transport blocks through the CUDA backend against the CPU's.
gpufec_add_cppunit_test(NAME qa_gpufec_transport_gpu
    SOURCES
        turbo/qa_transport_gpu.cc
    SUITES
        lte_transport_gpu_test
    LABELS gpu
    LIBS gpufec-core)

# How the cluster kernel spreads a block over its thread blocks, checked on the host.
gpufec_add_cppunit_test(NAME qa_gpufec_turbo_cluster
    SOURCES
        turbo/qa_turbo_cluster_split.cc
    SUITES
        turbo_cluster_split_test
    LABELS core
    LIBS gpufec-core)

# The cluster kernel's device code emulated on the host (a std::thread per CUDA thread) against
# the CPU decoder: no GPU needed.
gpufec_add_cppunit_test(NAME qa_gpufec_turbo_cluster_emulated
    SOURCES
        turbo/qa_turbo_cluster_emulated.cc
    SUITES
        turbo_cluster_emulated_test
    SLOW_TESTS
        turbo_cluster_emulated_test::early_stop_equals_cpu
    LABELS core
    LIBS gpufec-core)
if(TARGET qa_gpufec_turbo_cluster_emulated)
    # The device code's #pragma unroll means nothing to the host compiler.
    target_compile_options(qa_gpufec_turbo_cluster_emulated PRIVATE -Wno-unknown-pragmas)
endif()

# The 16-bit kernel's packed recursions run on the host against the CPU twin's arithmetic.
gpufec_add_cppunit_test(NAME qa_gpufec_turbo_packed
    SOURCES
        turbo/qa_turbo_packed_host.cc
    SUITES
        turbo_packed_host_test
    LABELS core
    LIBS gpufec-core)
