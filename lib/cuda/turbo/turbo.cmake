# The LTE turbo decoder on the GPU: included by lib/cuda/CMakeLists.txt (paths relative to
# lib/cuda). The backend that drives it is lib/core/turbo/turbo_cuda.cc.
target_sources(gpufec-core PRIVATE turbo/turbo_decode.cu turbo/turbo_tables.cc)
