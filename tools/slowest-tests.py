#!/usr/bin/env python3
"""Prints the slowest test classes of the last surefire run (the `time` of each testsuite report),
slowest first, with their share of the sum. Never fails: without reports it says so and exits 0,
so it cannot turn a CI run's result around.

usage: tools/slowest-tests.py [REPORTS_DIR] [COUNT]   (defaults: target/surefire-reports 10)
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET


def main():
    reports = sys.argv[1] if len(sys.argv) > 1 else "target/surefire-reports"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    files = sorted(glob.glob(os.path.join(reports, "TEST-*.xml")))
    if not files:
        print(f"slowest tests: no surefire reports in {reports} (the tests did not run, or ran elsewhere)")
        return
    times = []
    unreadable = []
    for f in files:
        try:
            suite = ET.parse(f).getroot()
            times.append((float(suite.get("time", "0").replace(",", "")), int(suite.get("tests", "0")), suite.get("name", f)))
        except (ET.ParseError, ValueError, OSError) as e:
            unreadable.append(f"{os.path.basename(f)} ({e})")
    times.sort(reverse=True)
    total = sum(t for t, _, _ in times) or 1.0
    print(f"slowest {min(count, len(times))} of {len(times)} test classes ({total:.1f} s in all, as surefire timed them):")
    for t, tests, name in times[:count]:
        print(f"  {t:8.1f} s {100 * t / total:5.1f}%  {tests:4d} tests  {name}")
    if unreadable:
        print("slowest tests: could not read " + ", ".join(unreadable))


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # a broken report must not fail the run it reports on
        print(f"slowest tests: could not list them: {e}")
