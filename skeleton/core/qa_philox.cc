/* Philox4x32-10 against the known-answer vectors published with Random123 (kat_vectors).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gnuradio/gpufec/core/philox.h>
#include <cppunit/extensions/HelperMacros.h>

namespace gr {
namespace gpufec {

class philox_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(philox_test);
    CPPUNIT_TEST(known_answers);
    CPPUNIT_TEST(streams_and_blocks_differ);
    CPPUNIT_TEST_SUITE_END();

    static void check(philox4x32_ctr ctr, philox4x32_key key, philox4x32_ctr want)
    {
        const philox4x32_ctr got = philox4x32_10(ctr, key);
        for (int i = 0; i < 4; ++i)
            CPPUNIT_ASSERT_EQUAL(want.v[i], got.v[i]);
    }

    void known_answers()
    {
        check({ { 0, 0, 0, 0 } }, { { 0, 0 } },
              { { 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8 } });
        check({ { 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff } }, { { 0xffffffff, 0xffffffff } },
              { { 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd } });
        check({ { 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344 } }, { { 0xa4093822, 0x299f31d0 } },
              { { 0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1 } });
    }

    void streams_and_blocks_differ()
    {
        const philox4x32_ctr a = philox_block(7, 0, 0);
        const philox4x32_ctr b = philox_block(7, 1, 0);
        const philox4x32_ctr c = philox_block(7, 0, uint64_t(1) << 32);
        const philox4x32_ctr d = philox_block(8, 0, 0);
        CPPUNIT_ASSERT(a.v[0] != b.v[0] && a.v[0] != c.v[0] && a.v[0] != d.v[0]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(philox_test);

} // namespace gpufec
} // namespace gr
