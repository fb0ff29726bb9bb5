# The insertion/deletion (BSID) family on the GPU: included by lib/cuda/CMakeLists.txt (paths
# relative to lib/cuda). Kernels and launchers here; the backends that drive them
# (lib/core/bsid/*_cuda.cc, which register themselves) are listed here too, so that the CPU
# side's lib/core/bsid/bsid.cmake needs no CUDA branch.
target_sources(gpufec-core PRIVATE
    bsid/bsid_map_kernels.cu
    bsid/bsid_prefix.cc
    bsid/bsid_channel_kernels.cu
    bsid/tvb_encode_kernels.cu
    ${PROJECT_SOURCE_DIR}/lib/core/bsid/bsid_map_cuda.cc
    ${PROJECT_SOURCE_DIR}/lib/core/bsid/bsid_channel_cuda.cc
    ${PROJECT_SOURCE_DIR}/lib/core/bsid/tvb_encoder_cuda.cc
)

gpufec_add_cppunit_test(NAME qa_gpufec_bsid_gpu
    SOURCES
        bsid/qa_bsid_gpu.cc
        bsid/qa_bsid_stream_gpu.cc
    SUITES
        bsid_map_gpu_test
        bsid_channel_gpu_test
        tvb_encoder_gpu_test
        bsid_stream_gpu_test
    LABELS gpu
    LIBS gpufec-core)

# The register lattice on the host, against the CPU's: no GPU needed.
gpufec_add_cppunit_test(NAME qa_gpufec_bsid_lattice
    SOURCES
        bsid/qa_bsid_lattice.cc
    SUITES
        bsid_lattice_test
    LABELS core
    LIBS gpufec-core)

# The MAP kernels emulated on the host (a std::thread per CUDA thread) against the CPU decoder:
# no GPU needed.
gpufec_add_cppunit_test(NAME qa_gpufec_bsid_emulated
    SOURCES
        bsid/qa_bsid_emulated.cc
    # the kernels emulated thread by thread on the host: minutes on two cores
    SLOW_SUITES
        bsid_emulated_test
    LABELS core
    LIBS gpufec-core)
