# The insertion/deletion (BSID) family on the GPU: included by lib/cuda/CMakeLists.txt (paths
# relative to lib/cuda). Kernels and launchers here; the backends that drive them are
# lib/core/bsid/*_cuda.cc, listed here too so that the CPU side's bsid.cmake stays CUDA-free.
target_sources(gpufec-core PRIVATE
    bsid/bsid_map_kernels.cu
)
