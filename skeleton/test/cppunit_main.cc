/* CppUnit runner shared by the core's test executables.
 * Usage: <runner> [suite|suite::test ...] [--except suite::test ...]
 * No name runs every registered suite; --except leaves a test out of the suites named (ctest
 * runs a suite's slow tests as tests of their own: cmake/Modules/GpufecTesting.cmake).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/TestSuite.h>
#include <cppunit/extensions/TestFactoryRegistry.h>
#include <algorithm>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {
/* Suites and their tests register under qualified names ("gr::gpufec::suite::test"): accept
 * any trailing part, so that a sanitizer can run a few chosen tests of a long suite. */
CppUnit::Test* find_test(CppUnit::Test* t, const std::string& name)
{
    const std::string full = t->getName();
    if (full == name || (full.size() > name.size() + 2 &&
                         full.compare(full.size() - name.size() - 2, std::string::npos,
                                      "::" + name) == 0))
        return t;
    for (int i = 0; i < t->getChildTestCount(); ++i)
        if (CppUnit::Test* found = find_test(t->getChildTestAt(i), name))
            return found;
    return nullptr;
}

CppUnit::Test* find_suite(CppUnit::Test* all, const std::string& name)
{
    if (CppUnit::Test* t = find_test(all, name))
        return t;
    throw std::invalid_argument(name);
}

/* @p t without the tests in @p except (a copy of the suite's tree, sharing its tests). */
CppUnit::Test* without(CppUnit::Test* t, const std::vector<CppUnit::Test*>& except)
{
    if (t->getChildTestCount() == 0)
        return t;
    auto* kept = new CppUnit::TestSuite(t->getName());
    for (int i = 0; i < t->getChildTestCount(); ++i) {
        CppUnit::Test* child = t->getChildTestAt(i);
        if (std::find(except.begin(), except.end(), child) == except.end())
            kept->addTest(without(child, except));
    }
    return kept;
}
} // namespace

int main(int argc, char** argv)
{
    CppUnit::Test* all = CppUnit::TestFactoryRegistry::getRegistry().makeTest();
    CppUnit::TestRunner runner;
    try {
        std::vector<CppUnit::Test*> chosen, except;
        for (int i = 1; i < argc; ++i) {
            if (std::string(argv[i]) == "--except" && i + 1 < argc)
                except.push_back(find_suite(all, argv[++i]));
            else
                chosen.push_back(find_suite(all, argv[i]));
        }
        if (chosen.empty())
            chosen.push_back(all);
        for (CppUnit::Test* t : chosen)
            runner.addTest(except.empty() ? t : without(t, except));
    } catch (const std::exception& e) {
        std::cerr << "unknown test suite: " << e.what() << "\n";
        return 2;
    }
    CppUnit::TestResult controller;
    CppUnit::TestResultCollector result;
    CppUnit::BriefTestProgressListener progress;
    controller.addListener(&result);
    controller.addListener(&progress);
    runner.run(controller);
    CppUnit::CompilerOutputter(&result, std::cerr).write();
    return result.wasSuccessful() ? 0 : 1;
}
