/* NVRTC compiles the embedded DPX kernel text for codes outside the catalogue, with no GPU
 * (NVRTC needs none): a cubin for sm_90 and both kernels' lowered names; and a clear error for
 * what it cannot take. The decoding itself is checked by the host emulation
 * (qa_conv_viterbi_tile_dpx_host.cc) and on the GPU (qa_conv_viterbi_gpu.cc).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "qa_conv_viterbi_dpx_jit_codes.h"
#include "conv_viterbi_tile_dpx_jit.h"
#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {

class viterbi_dpx_jit_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(viterbi_dpx_jit_test);
    CPPUNIT_TEST(off_catalogue_codes_compile_for_sm90);
    CPPUNIT_TEST(codes_missing_end_taps_compile_for_sm90);
    CPPUNIT_TEST(which_codes_the_jit_takes);
    CPPUNIT_TEST(the_jit_switch);
    CPPUNIT_TEST(invalid_input_is_a_clear_error);
    CPPUNIT_TEST_SUITE_END();

    /* K=7 r1/2, K=5 r1/4 and K=9 r1/3 (a team of 4 threads): one thread, the widest step
     * and the shuffles. */
    void off_catalogue_codes_compile_for_sm90()
    {
        for (const conv::trellis& t : { conv::trellis{ 7, 2, { 0155, 0117 } },
                                        conv::trellis{ 5, 4, { 027, 031, 035, 037 } },
                                        conv::trellis{ 9, 3, { 0515, 0677, 0435 } } })
            compiles_for_sm90(t);
    }

    /* Every JIT example with a generator that misses an end tap (the butterfly's general
     * form, the exchange step's flipped branches on teams of 2 and 4). */
    void codes_missing_end_taps_compile_for_sm90()
    {
        int n = 0;
        cuda::dpx_jit_examples::for_each([&](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            for (int j = 0; j < t.n; ++j)
                if (!(t.polys[j] & 1u) || !((t.polys[j] >> (t.k - 1)) & 1u)) {
                    compiles_for_sm90(t);
                    ++n;
                    break;
                }
        });
        CPPUNIT_ASSERT_EQUAL(8, n);
    }

    static void compiles_for_sm90(const conv::trellis& t)
    {
        const cuda::dpx_jit_program p = cuda::compile_viterbi_dpx_jit(t, 90);
        const std::string what = "K=" + std::to_string(t.k) + " n=" + std::to_string(t.n) + " g0=" +
                                 std::to_string(t.polys[0]);
        CPPUNIT_ASSERT_MESSAGE(what, p.cubin.size() > 1000);
        CPPUNIT_ASSERT_MESSAGE(what + " ELF", p.cubin.compare(0, 4, "\x7f" "ELF") == 0);
        // Mangled names of the two instantiations, K and the generators in them.
        CPPUNIT_ASSERT_MESSAGE(what, p.tile_name.find("tile_kernelILi" + std::to_string(t.k)) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(what, p.frame_name.find("frame_kernelILi" + std::to_string(t.k)) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(what, p.tile_name.find("Lj" + std::to_string(t.polys[t.n - 1]) + "E") !=
                                         std::string::npos);
        // The cubin holds both.
        CPPUNIT_ASSERT_MESSAGE(what, p.cubin.find(p.tile_name) != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(what, p.cubin.find(p.frame_name) != std::string::npos);
    }

    void which_codes_the_jit_takes()
    {
        cuda::dpx_jit_examples::for_each([](auto code) {
            const conv::trellis t = decltype(code)::trellis();
            CPPUNIT_ASSERT(cuda::viterbi_dpx_jit_code(t));
            // A DPX code unless GPUFEC_VITERBI_JIT=0 turned the JIT off.
            CPPUNIT_ASSERT_EQUAL(cuda::viterbi_dpx_jit_enabled(), cuda::viterbi_tile_dpx_code(t));
        });
        CPPUNIT_ASSERT(cuda::viterbi_dpx_jit_code({ 7, 2, { 0170, 0117 } })); // oldest bit not tapped
        CPPUNIT_ASSERT(cuda::viterbi_dpx_jit_code({ 7, 2, { 0171, 073 } }));  // newest bit not tapped
        CPPUNIT_ASSERT(!cuda::viterbi_dpx_jit_code({ 10, 2, { 01171, 01133 } }));
        CPPUNIT_ASSERT(!cuda::viterbi_dpx_jit_code({ 2, 2, { 03, 03 } }));
        CPPUNIT_ASSERT(!cuda::viterbi_dpx_jit_code({ 7, 1, { 0171 } }));
    }

    /* Off: codes outside the catalogue are no DPX codes (the warp kernel takes them), the
     * catalogue's still are; on again: back as before. */
    void the_jit_switch()
    {
        const bool was = cuda::viterbi_dpx_jit_enabled();
        const conv::trellis outside{ 7, 2, { 073, 0171 } }, inside{ 7, 2, { 0171, 0133 } };
        cuda::set_viterbi_dpx_jit_enabled(false);
        const bool off_outside = cuda::viterbi_tile_dpx_code(outside), off_inside = cuda::viterbi_tile_dpx_code(inside);
        cuda::set_viterbi_dpx_jit_enabled(true);
        const bool on_outside = cuda::viterbi_tile_dpx_code(outside);
        cuda::set_viterbi_dpx_jit_enabled(was);
        CPPUNIT_ASSERT(!off_outside);
        CPPUNIT_ASSERT(off_inside);
        CPPUNIT_ASSERT(on_outside);
    }

    void invalid_input_is_a_clear_error()
    {
        try {
            cuda::compile_viterbi_dpx_jit({ 10, 2, { 01171, 01133 } }, 90);
            CPPUNIT_FAIL("K=10 compiled");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT(std::string(e.what()).find("K 3..9, n 2..4") != std::string::npos);
        }
        // NVRTC's own failure (an architecture it does not know) comes with its message.
        try {
            cuda::compile_viterbi_dpx_jit({ 3, 2, { 05, 07 } }, 11);
            CPPUNIT_FAIL("sm_11 compiled");
        } catch (const std::runtime_error& e) {
            const std::string what = e.what();
            CPPUNIT_ASSERT_MESSAGE(what, what.find("nvrtcCompileProgram(K=3 5/7, -arch=sm_11)") != std::string::npos);
            CPPUNIT_ASSERT_MESSAGE(what, what.find("NVRTC_ERROR") != std::string::npos);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(viterbi_dpx_jit_test);

} // namespace gpufec
} // namespace gr
