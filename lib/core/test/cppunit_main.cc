/* CppUnit runner shared by the core's test executables.
 * Usage: <runner> [suite|suite::test ...]   (no argument runs every registered suite)
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

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
} // namespace

int main(int argc, char** argv)
{
    CppUnit::Test* all = CppUnit::TestFactoryRegistry::getRegistry().makeTest();
    CppUnit::TestRunner runner;
    try {
        if (argc < 2) {
            runner.addTest(all);
        } else {
            for (int i = 1; i < argc; ++i)
                runner.addTest(find_suite(all, argv[i]));
        }
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
