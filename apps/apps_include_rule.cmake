# The apps (apps/ and every <family>/apps/) drive the code families through their public
# headers (<gnuradio/gpufec/...>: the engines and the device entry points, core/device.h), not
# through private kernel launchers. A quoted include of "<folder>/{core,cuda,common}/..." fails
# this test, except:
#  - skeleton/cuda/{cuda_check,device_buffer,slot_ring}.h: RAII owners and the slot ring,
#    infrastructure with no kernel (the apps own their device buffers, as a plan's caller does);
#  - in tests (qa_*), core/ and common/ headers: host references that the tests compare
#    against (no cuda/ header there either);
#  - the files of KNOWN below, each with its reason, until their family exposes what they time.
# Run: cmake -DROOT=<source dir> -P apps_include_rule.cmake
cmake_minimum_required(VERSION 3.16)
set(KNOWN
    # the CUDA and CPU backends' decode() from their own (pinned) input buffers: the backend
    # level has no public entry yet
    "lte/apps/lte_bench.cc:skeleton/core/backend_factory.h"
    "lte/apps/lte_bench.cc:lte/core/lte_turbo_backend.h"
    # the CPU MAP kernel timed alone
    "lte/apps/lte_turbo_cpu_timing.cc:lte/core/lte_turbo_map_cpu.h"
    "lte/apps/lte_turbo_cpu_timing.cc:skeleton/common/quantize.h")
set(INFRA skeleton/cuda/cuda_check.h skeleton/cuda/device_buffer.h skeleton/cuda/slot_ring.h)

file(GLOB_RECURSE files RELATIVE ${ROOT}
     ${ROOT}/apps/*.cc ${ROOT}/apps/*.h ${ROOT}/apps/*.cu ${ROOT}/apps/*.cuh
     ${ROOT}/*/apps/*.cc ${ROOT}/*/apps/*.h ${ROOT}/*/apps/*.cu ${ROOT}/*/apps/*.cuh)
list(FILTER files EXCLUDE REGEX "^build")
set(bad "")
set(checked 0)
foreach(f ${files})
    math(EXPR checked "${checked} + 1")
    get_filename_component(name ${f} NAME)
    file(STRINGS ${ROOT}/${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line ${lines})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" inc "${line}")
        if(NOT inc MATCHES "^[a-z_0-9]+/(core|cuda|common)/")
            continue()
        endif()
        set(key "${f}:${inc}")
        if(inc IN_LIST INFRA OR key IN_LIST KNOWN)
            continue()
        endif()
        if(name MATCHES "^qa_" AND inc MATCHES "^[a-z_0-9]+/(core|common)/")
            continue()
        endif()
        string(APPEND bad "  ${f}: #include \"${inc}\"\n")
    endforeach()
endforeach()
if(checked LESS 20)
    message(FATAL_ERROR "apps_include_rule: only ${checked} files found under ${ROOT}: wrong ROOT?")
endif()
if(bad)
    message(FATAL_ERROR "apps_include_rule: private headers included by the apps (use the public "
                        "engine headers or the device entry points, <gnuradio/gpufec/<family>/*_device.h>):\n${bad}")
endif()
message(STATUS "apps_include_rule: ${checked} files, no private kernel header")
