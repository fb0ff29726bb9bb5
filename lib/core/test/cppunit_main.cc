/* CppUnit runner shared by the core's test executables.
 * Usage: <runner> [suite ...]   (no argument runs every registered suite)
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
/* Suites register under their qualified class name; accept the unqualified one too. */
CppUnit::Test* find_suite(CppUnit::Test* all, const std::string& name)
{
    for (int i = 0; i < all->getChildTestCount(); ++i) {
        CppUnit::Test* t = all->getChildTestAt(i);
        const std::string full = t->getName();
        if (full == name || (full.size() > name.size() + 2 &&
                             full.compare(full.size() - name.size() - 2, std::string::npos,
                                          "::" + name) == 0))
            return t;
    }
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
