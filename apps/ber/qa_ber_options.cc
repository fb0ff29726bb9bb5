/* gpufec_ber's options: strict numbers with ranges, defaults in --help, and the report's
 * formats for AWGN (integer counts in the CSV, no NaN, the limit warning).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel_registry.h"
#include "options.h"
#include "progress.h"
#include "report.h"
#include <cppunit/extensions/HelperMacros.h>
#include <stdexcept>

namespace gpufec_ber {

class ber_options_test : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(ber_options_test);
    CPPUNIT_TEST(defaults);
    CPPUNIT_TEST(values_are_parsed);
    CPPUNIT_TEST(bad_values_fail_naming_the_option_and_range);
    CPPUNIT_TEST(ebn0_points_do_not_drift);
    CPPUNIT_TEST(help_shows_defaults);
    CPPUNIT_TEST(csv_counts_are_integers);
    CPPUNIT_TEST(zero_errors_give_an_upper_bound_not_nan);
    CPPUNIT_TEST(warning_only_when_a_limit_ended_the_point);
    CPPUNIT_TEST(progress_text_has_rate_and_eta);
    CPPUNIT_TEST_SUITE_END();

    /* The report of an AWGN run (the columns of earlier versions). */
    static report_format awgn() { return { make_channel("awgn").axis() }; }

    static options parse(std::initializer_list<const char*> args)
    {
        return parse_options(std::vector<std::string>(args.begin(), args.end()));
    }

    /* The message of the invalid_argument that parsing @p args throws. */
    static std::string failure(std::initializer_list<const char*> args)
    {
        try {
            parse(args);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        CPPUNIT_FAIL("accepted: " + std::string(*args.begin()) + " " +
                     (args.size() > 1 ? *(args.begin() + 1) : ""));
        return "";
    }

    void defaults()
    {
        const options o = parse({});
        CPPUNIT_ASSERT_EQUAL(std::string("uncoded"), o.code);
        CPPUNIT_ASSERT(o.channel.empty() && !o.points); // the code's channel, the channel's points
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), o.frame_bits); // the code's
        CPPUNIT_ASSERT_EQUAL(uint64_t(100), o.stop_at.min_frame_errors);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), o.stop_at.min_bit_errors);
        CPPUNIT_ASSERT_EQUAL(uint64_t(100000), o.stop_at.max_frames);
        CPPUNIT_ASSERT_EQUAL(UINT64_MAX, o.stop_at.max_bits);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), o.batch);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), o.seed);
        CPPUNIT_ASSERT(!o.progress && !o.help);
    }

    void values_are_parsed()
    {
        const options o = parse({ "--code", "conv", "--ebn0", "-1.5:2:0.5", "--frame-bits", "16777216",
                                  "--min-frame-errors", "7", "--min-bit-errors", "18446744073709551615",
                                  "--max-frames", "1", "--max-bits", "1000000000000", "--batch", "3",
                                  "--backend", "cpu", "--seed", "0", "--csv", "x.csv", "--progress" });
        CPPUNIT_ASSERT_EQUAL(-1.5, o.points->start);
        CPPUNIT_ASSERT_EQUAL(2.0, o.points->stop);
        CPPUNIT_ASSERT_EQUAL(0.5, o.points->step);
        CPPUNIT_ASSERT_EQUAL(0.004, parse({ "--points", "0.002:0.01:0.004" }).points->step);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1) << 24, o.frame_bits);
        CPPUNIT_ASSERT_EQUAL(uint64_t(7), o.stop_at.min_frame_errors);
        CPPUNIT_ASSERT_EQUAL(UINT64_MAX, o.stop_at.min_bit_errors);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), o.stop_at.max_frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1000000000000), o.stop_at.max_bits);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), o.batch);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), o.seed);
        CPPUNIT_ASSERT(o.progress);
        CPPUNIT_ASSERT(parse({ "-h" }).help);
    }

    void bad_values_fail_naming_the_option_and_range()
    {
        CPPUNIT_ASSERT_EQUAL(std::string("--max-frames -5: expected a whole number from 1 to 18446744073709551615"),
                             failure({ "--max-frames", "-5" }));
        CPPUNIT_ASSERT_EQUAL(std::string("--max-frames 0: expected a whole number from 1 to 18446744073709551615"),
                             failure({ "--max-frames", "0" }));
        CPPUNIT_ASSERT_EQUAL(std::string("--min-frame-errors 0: expected a whole number from 1 to 18446744073709551615"),
                             failure({ "--min-frame-errors", "0" }));
        CPPUNIT_ASSERT_EQUAL(std::string("--batch 0: expected a whole number from 1 to 1073741824"),
                             failure({ "--batch", "0" }));
        CPPUNIT_ASSERT_EQUAL(std::string("--seed -1: expected a whole number from 0 to 18446744073709551615"),
                             failure({ "--seed", "-1" }));
        CPPUNIT_ASSERT_EQUAL(std::string("--frame-bits 16777217: expected a whole number from 1 to 16777216"),
                             failure({ "--frame-bits", "16777217" }));
        for (const char* v : { "", " 5", "5 ", "+5", "5x", "0x10", "1e6", "5.0", "18446744073709551616",
                               "99999999999999999999999" })
            CPPUNIT_ASSERT_MESSAGE(v, failure({ "--max-bits", v }).rfind("--max-bits ", 0) == 0);
        CPPUNIT_ASSERT(failure({ "--min-bit-errors", "0" }).find("from 1") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("--max-frames needs a value"), failure({ "--max-frames" }));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown option '--frames'"), failure({ "--frames", "3" }));
        for (const char* v : { "1:0:1", "0:1:0", "0:1:-1", "0:1", "a:1:1", "0:1:1x", "-31:0:1",
                               "0:61:1", "0:60:0.001", "0:nan:1" })
            CPPUNIT_ASSERT_MESSAGE(v, failure({ "--ebn0", v }).rfind("--ebn0", 0) == 0);
        CPPUNIT_ASSERT_EQUAL(std::string("--points 1:0:1: expected -30 <= START <= STOP <= 60 and STEP > 0, "
                                         "at most 10000 points"),
                             failure({ "--points", "1:0:1" }));
    }

    void ebn0_points_do_not_drift()
    {
        const auto p = sweep_points(*parse({ "--ebn0", "0:1:0.1" }).points);
        CPPUNIT_ASSERT_EQUAL(size_t(11), p.size());
        CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, p.back(), 1e-12);
        CPPUNIT_ASSERT_EQUAL(size_t(1), sweep_points(*parse({ "--ebn0", "3:3:1" }).points).size());
    }

    void help_shows_defaults()
    {
        const std::string help = usage();
        for (const char* s : { "--frame-bits N         information bits per frame, 1 to 16777216 (default: the code's,\n"
                               "                         2048 unless its help says otherwise)",
                               "awgn unless its help says", "Eb/N0 in dB (default 0:8:1)",
                               "(the\n                       default points)", "over --channel bsid (default\n                        bsid:pi=x,pd=x)",
                               "(default 100)", "(default 100000)", "--max-bits N", "(default: no limit)",
                               "(default auto)", "(default 1)", "--min-bit-errors", "--progress",
                               "streaming code", "first frame at which" })
            CPPUNIT_ASSERT_MESSAGE(s, help.find(s) != std::string::npos);
    }

    void csv_counts_are_integers()
    {
        // 13-digit counts: written as floating point they would lose digits
        const point_result r{ { 1000000007, 1234567890123, 45 }, stop_reason::FRAMES };
        const std::string row = csv_row(awgn(), "conv K=7 [171,133] r1/2 streaming", 3.5, 2048, r);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(row, 0u, unsigned(row.rfind(
            "\"conv K=7 [171,133] r1/2 streaming\",3.5,1000000007,2048000014336,1234567890123,", 0)));
        CPPUNIT_ASSERT(row.find(",45,") != std::string::npos);
        CPPUNIT_ASSERT(row.find(",2048,frames\n") != std::string::npos);
        CPPUNIT_ASSERT(row.find('e') != std::string::npos); // the rates are floating point
        CPPUNIT_ASSERT_EQUAL(std::string("code,ebn0_db,frames,bits,bit_errors,ber,ber_lo,ber_hi,frame_errors,fer,"
                                         "fer_lo,fer_hi,uncoded_theory,frame_bits,stopped_by\n"),
                             csv_header(awgn()));
    }

    void zero_errors_give_an_upper_bound_not_nan()
    {
        const interval w = wilson(0, 1000000);
        CPPUNIT_ASSERT_EQUAL(0.0, w.lo);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(3.8415 / 1000003.84, w.hi, 1e-9);
        for (uint64_t n : { 1, 7, 300, 1000 }) { // exact ends, not rounding residue
            CPPUNIT_ASSERT_EQUAL(0.0, wilson(0, n).lo);
            CPPUNIT_ASSERT_EQUAL(1.0, wilson(n, n).hi);
        }
        const point_result r{ { 1, 0, 0 }, stop_reason::FRAMES };
        const std::string row = table_row(awgn(), 9.0, 1, r) + csv_row(awgn(), "uncoded", 9.0, 1, r);
        CPPUNIT_ASSERT_MESSAGE(row, row.find("nan") == std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(row, row.find("inf") == std::string::npos);
    }

    void warning_only_when_a_limit_ended_the_point()
    {
        stop_rule rule;
        rule.max_bits = 5000;
        const point_axis a = awgn().axis;
        CPPUNIT_ASSERT(limit_warning(a, 1, rule, { { 3, 500, 100 }, stop_reason::ERRORS }).empty());
        const std::string w = limit_warning(a, 7, rule, { { 3, 2, 1 }, stop_reason::BITS });
        CPPUNIT_ASSERT_MESSAGE(w, w.rfind("warning: Eb/N0 7 dB ended at --max-bits 5000", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(w, w.find("1 frame errors and 2 bit errors, short of --min-frame-errors "
                                          "100 / --min-bit-errors 1") != std::string::npos);
        CPPUNIT_ASSERT(limit_warning(a, 7, rule, { { 3, 2, 1 }, stop_reason::FRAMES }).find("--max-frames 100000") !=
                       std::string::npos);
    }

    void progress_text_has_rate_and_eta()
    {
        stop_rule rule;
        rule.min_frame_errors = 100;
        // 10 frame errors in 1000 frames of 1000 bits in 2 s: 9000 frames to go, 18 s.
        const std::string t = progress_text("Eb/N0 4 dB", { 1000, 20, 10 }, 1000, 2.0, rule);
        CPPUNIT_ASSERT_MESSAGE(t, t.rfind("Eb/N0 4 dB: 1e+06 bits", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(t, t.find("1e+06 bits") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(t, t.find("BER 2e-05") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(t, t.find("0.0005 Gbit/s") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(t, t.find("ETA 18s") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ber_options_test);

} // namespace gpufec_ber
