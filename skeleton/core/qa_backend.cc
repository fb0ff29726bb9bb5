/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gnuradio/gpufec/core/backend.h>
#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

class backend_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(backend_test);
    CPPUNIT_TEST(parses_names);
    CPPUNIT_TEST(rejects_unknown_names);
    CPPUNIT_TEST(auto_resolves_to_a_concrete_backend);
    CPPUNIT_TEST(cuda_request_matches_devices);
    CPPUNIT_TEST_SUITE_END();

    void parses_names()
    {
        CPPUNIT_ASSERT(parse_backend("auto") == backend_kind::AUTO);
        CPPUNIT_ASSERT(parse_backend("CPU") == backend_kind::CPU);
        CPPUNIT_ASSERT(parse_backend("cuda") == backend_kind::CUDA);
        CPPUNIT_ASSERT_EQUAL(std::string("cuda"), backend_name(backend_kind::CUDA));
    }

    void rejects_unknown_names()
    {
        try {
            parse_backend("opencl");
            CPPUNIT_FAIL("parse_backend accepted 'opencl'");
        } catch (const std::invalid_argument& e) {
            const std::string what = e.what();
            CPPUNIT_ASSERT(what.find("opencl") != std::string::npos);
            CPPUNIT_ASSERT(what.find("'auto', 'cpu' or 'cuda'") != std::string::npos);
        }
    }

    void auto_resolves_to_a_concrete_backend()
    {
        const backend_choice c = resolve_backend(backend_kind::AUTO);
        CPPUNIT_ASSERT(c.kind != backend_kind::AUTO);
        CPPUNIT_ASSERT_EQUAL(cuda_device_count() > 0, c.kind == backend_kind::CUDA);
        CPPUNIT_ASSERT(c.why.find("auto") != std::string::npos);
        CPPUNIT_ASSERT(resolve_backend(backend_kind::CPU).kind == backend_kind::CPU);
    }

    void cuda_request_matches_devices()
    {
        if (cuda_device_count() > 0) {
            CPPUNIT_ASSERT(resolve_backend(backend_kind::CUDA).kind == backend_kind::CUDA);
            CPPUNIT_ASSERT(!cuda_device_name(0).empty());
        } else {
            CPPUNIT_ASSERT_THROW(resolve_backend(backend_kind::CUDA), std::runtime_error);
            CPPUNIT_ASSERT_EQUAL(std::string(), cuda_device_name(0));
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(backend_test);

} // namespace gpufec
} // namespace gr
