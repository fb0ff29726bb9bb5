# -DGPUFEC_FUZZ=ON: the libFuzzer harnesses of the families' fuzz/ folders (docs/fuzzing.md),
# all built by the target gpufec-fuzz into ${PROJECT_BINARY_DIR}/fuzz/. Everything in the tree
# is then compiled with AddressSanitizer, UndefinedBehaviorSanitizer (fatal at the first
# report) and libFuzzer's coverage instrumentation, so that the harnesses see inside the core
# they call; only the harnesses link libFuzzer's main. Clang only, core-only, no CUDA: use a
# build directory of its own (scripts/fuzz uses build-fuzz/).

# gpufec_add_fuzz_harness(<name> <source>): fuzz_<name>, whose seeds are the corpus/<name>/
# folder beside its source (scripts/fuzz).
function(gpufec_add_fuzz_harness name src)
    add_executable(fuzz_${name} ${src})
    target_link_libraries(fuzz_${name} PRIVATE gpufec-core)
    target_compile_options(fuzz_${name} PRIVATE -Wall -Wextra)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    set_target_properties(fuzz_${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/fuzz)
    add_dependencies(gpufec-fuzz fuzz_${name})
endfunction()

if(NOT GPUFEC_FUZZ)
    return()
endif()
add_custom_target(gpufec-fuzz)
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
