/* NVRTC compilation and loading of the DPX kernels for codes outside the catalogue.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "conv_viterbi_tile_dpx_jit.h"
#include "skeleton/cuda/cuda_check.h"
#include "skeleton/cuda/device_caps.h"
#include "conv_viterbi_tile_dpx_jit_sources.h" // generated: dpx_jit_sources
#include <nvrtc.h>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <vector>

namespace gr {
namespace gpufec {
namespace cuda {

namespace {

/* "<K, G0u, G1u...>": the template arguments of both kernels (decimal, unsigned like G). */
std::string template_args(const conv::trellis& t)
{
    std::string s = "<" + std::to_string(t.k);
    for (int j = 0; j < t.n; ++j)
        s += ", " + std::to_string(t.polys[j]) + "u";
    return s + ">";
}

std::string code_name(const conv::trellis& t)
{
    std::string s = "K=" + std::to_string(t.k);
    char g[16];
    for (int j = 0; j < t.n; ++j) {
        std::snprintf(g, sizeof g, "%s%o", j ? "/" : " ", t.polys[j]);
        s += g;
    }
    return s;
}

/* Owns one NVRTC program; every NVRTC call checked, a failure thrown with the log. */
class program
{
public:
    program()
    {
        constexpr size_t n_files = sizeof(dpx_jit_sources) / sizeof(dpx_jit_sources[0]);
        std::vector<const char*> texts, names;
        for (size_t i = 1; i < n_files; ++i) {
            texts.push_back(dpx_jit_sources[i].text);
            names.push_back(dpx_jit_sources[i].name);
        }
        check(nvrtcCreateProgram(&m_prog, dpx_jit_sources[0].text, dpx_jit_sources[0].name, int(texts.size()),
                                 texts.data(), names.data()),
              "nvrtcCreateProgram");
    }
    ~program() { nvrtcDestroyProgram(&m_prog); }
    program(const program&) = delete;
    program& operator=(const program&) = delete;

    void check(nvrtcResult r, const char* call) const
    {
        if (r != NVRTC_SUCCESS)
            throw std::runtime_error(std::string(call) + " failed: " + nvrtcGetErrorString(r) + log());
    }
    std::string log() const
    {
        size_t n = 0;
        if (!m_prog || nvrtcGetProgramLogSize(m_prog, &n) != NVRTC_SUCCESS || n <= 1)
            return "";
        std::string s(n, '\0');
        nvrtcGetProgramLog(m_prog, &s[0]);
        s.resize(n - 1);
        return "\n" + s;
    }
    nvrtcProgram get() const { return m_prog; }

private:
    nvrtcProgram m_prog = nullptr;
};

/* One code on one device: its loaded library, or why there is none. */
struct entry {
    cudaLibrary_t library = nullptr; //!< kept loaded for the life of the process
    dpx_kernel_handles kernels;
    double seconds = -1;
};

using cache_key = std::tuple<int, int, int, std::array<uint32_t, conv::max_n>>;

cache_key key_of(const conv::trellis& t, int device)
{
    std::array<uint32_t, conv::max_n> g{};
    for (int j = 0; j < t.n; ++j)
        g[j] = t.polys[j];
    return { device, t.k, t.n, g };
}

std::mutex cache_mutex;
std::map<cache_key, entry> cache; // guarded by cache_mutex

entry compile_and_load(const conv::trellis& t, int device)
{
    const auto start = std::chrono::steady_clock::now();
    const dpx_jit_program p = compile_viterbi_dpx_jit(t, caps_of(device).compute_capability());
    entry e;
    GPUFEC_CUDA_CHECK(cudaLibraryLoadData(&e.library, p.cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
    cudaKernel_t tile = nullptr, frame = nullptr;
    try {
        GPUFEC_CUDA_CHECK(cudaLibraryGetKernel(&tile, e.library, p.tile_name.c_str()));
        GPUFEC_CUDA_CHECK(cudaLibraryGetKernel(&frame, e.library, p.frame_name.c_str()));
    } catch (...) {
        cudaLibraryUnload(e.library);
        throw;
    }
    // cudaLaunchKernel takes a cudaKernel_t cast to a function pointer.
    e.kernels = { reinterpret_cast<const void*>(tile), reinterpret_cast<const void*>(frame) };
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return e;
}

/* compile_and_load, or an entry without kernels when that failed (logged). Each path returns
 * an entry of its own: with "entry e; try { e = compile_and_load(...); } catch ..." g++ 12 -O3
 * built e in place as compile_and_load's return slot and dropped its initialisation, so a
 * failed compile left e uninitialised and the cache handed out garbage kernel handles (a
 * launch then failed with "invalid resource handle", or crashed). */
entry compile_and_load_or_log(const conv::trellis& t, int device)
{
    try {
        return compile_and_load(t, device);
    } catch (const std::exception& ex) {
        std::fprintf(stderr,
                     "gpufec: Viterbi DPX JIT failed for %s on device %d, the warp kernel decodes "
                     "this code: %s\n",
                     code_name(t).c_str(), device, ex.what());
        return entry{};
    }
}

} // namespace

bool viterbi_dpx_jit_code(const conv::trellis& t)
{
    return t.k >= 3 && t.k <= 9 && t.n >= 2 && t.n <= 4;
}

namespace {
std::atomic<bool>& jit_switch()
{
    static std::atomic<bool> on{ [] {
        const char* v = std::getenv("GPUFEC_VITERBI_JIT");
        return !(v && std::strcmp(v, "0") == 0);
    }() };
    return on;
}
} // namespace

bool viterbi_dpx_jit_enabled() { return jit_switch().load(std::memory_order_relaxed); }

void set_viterbi_dpx_jit_enabled(bool on) { jit_switch().store(on, std::memory_order_relaxed); }

dpx_jit_program compile_viterbi_dpx_jit(const conv::trellis& t, int arch)
{
    if (!viterbi_dpx_jit_code(t))
        throw std::invalid_argument("Viterbi DPX JIT: " + code_name(t) + " n=" + std::to_string(t.n) +
                                    " is not a code of the DPX kernel (K 3..9, n 2..4)");
    program prog;
    const std::string args = template_args(t);
    const std::string tile = "gr::gpufec::cuda::dpx::tile_kernel" + args;
    const std::string frame = "gr::gpufec::cuda::dpx::frame_kernel" + args;
    prog.check(nvrtcAddNameExpression(prog.get(), tile.c_str()), "nvrtcAddNameExpression");
    prog.check(nvrtcAddNameExpression(prog.get(), frame.c_str()), "nvrtcAddNameExpression");
    // The options nvcc gets for the catalogue (conv/CMakeLists.txt), a cubin for this arch.
    const std::string arch_opt = "-arch=sm_" + std::to_string(arch);
    const char* opts[] = { arch_opt.c_str(), "-std=c++17", "-DNDEBUG" };
    prog.check(nvrtcCompileProgram(prog.get(), int(sizeof opts / sizeof opts[0]), opts),
               ("nvrtcCompileProgram(" + code_name(t) + ", " + arch_opt + ")").c_str());
    dpx_jit_program p;
    const char* lowered = nullptr;
    prog.check(nvrtcGetLoweredName(prog.get(), tile.c_str(), &lowered), "nvrtcGetLoweredName");
    p.tile_name = lowered;
    prog.check(nvrtcGetLoweredName(prog.get(), frame.c_str(), &lowered), "nvrtcGetLoweredName");
    p.frame_name = lowered;
    size_t size = 0;
    prog.check(nvrtcGetCUBINSize(prog.get(), &size), "nvrtcGetCUBINSize");
    p.cubin.resize(size);
    prog.check(nvrtcGetCUBIN(prog.get(), &p.cubin[0]), "nvrtcGetCUBIN");
    return p;
}

dpx_kernel_handles viterbi_dpx_jit_kernels(const conv::trellis& t)
{
    int device = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&device));
    // One lock over compilation too: a second thread asking for the same code waits for the
    // first's result instead of compiling it again (compiling takes seconds, once per code).
    std::lock_guard<std::mutex> lock(cache_mutex);
    const cache_key key = key_of(t, device);
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.emplace(key, compile_and_load_or_log(t, device)).first;
    return it->second.kernels;
}

double viterbi_dpx_jit_seconds(const conv::trellis& t)
{
    int device = 0;
    GPUFEC_CUDA_CHECK(cudaGetDevice(&device));
    std::lock_guard<std::mutex> lock(cache_mutex);
    const auto it = cache.find(key_of(t, device));
    return it == cache.end() ? -1.0 : it->second.seconds;
}

} // namespace cuda
} // namespace gpufec
} // namespace gr
