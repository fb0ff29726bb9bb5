/* The check every suite makes of bad input: the call throws the right exception, and its
 * message names what was wrong.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_TEST_QA_EXPECT_H
#define INCLUDED_GPUFEC_CORE_TEST_QA_EXPECT_H

#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>
#include <string>

namespace gr {
namespace gpufec {
namespace qa {

/* Runs @p f and checks that it throws E (std::invalid_argument by default) mentioning
 * @p needle. */
template <typename E = std::invalid_argument, typename F>
void expect_throw(F f, const std::string& needle)
{
    try {
        f();
    } catch (const E& e) {
        CPPUNIT_ASSERT_MESSAGE(std::string("message '") + e.what() + "' lacks '" + needle + "'",
                               std::string(e.what()).find(needle) != std::string::npos);
        return;
    }
    CPPUNIT_FAIL("no exception of the expected type mentioning '" + needle + "'");
}

template <typename F>
void expect_invalid(F f, const std::string& needle)
{
    expect_throw<std::invalid_argument>(f, needle);
}

} // namespace qa
} // namespace gpufec
} // namespace gr

#endif
