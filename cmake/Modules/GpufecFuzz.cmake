# -DGPUFEC_FUZZ=ON: the libFuzzer harnesses of fuzz/ (docs/fuzzing.md). Everything in the tree
# is then compiled with AddressSanitizer, UndefinedBehaviorSanitizer (fatal at the first
# report) and libFuzzer's coverage instrumentation, so that the harnesses see inside the core
# they call; only the harnesses link libFuzzer's main. Clang only, core-only, no CUDA: use a
# build directory of its own (scripts/fuzz uses build-fuzz/).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GPUFEC_FUZZ needs clang (libFuzzer): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang")
endif()
if(NOT GPUFEC_CORE_ONLY)
    message(FATAL_ERROR "GPUFEC_FUZZ builds the GNU-Radio-free core only: add -DGPUFEC_CORE_ONLY=ON")
endif()
# The sanitizers cannot look into device code, and the harnesses drive the CPU backends.
set(ENABLE_CUDA OFF)
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer -g)
add_link_options(-fsanitize=address,undefined)
