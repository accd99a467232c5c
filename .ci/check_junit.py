"""Reads a JUnit XML report of `scenery test` with junitparser, as CI systems do, and
checks it holds what the run did: every transcript a test case with a time, failures with
their diff, the shard as a property.

usage: check_junit.py REPORT EXPECTED_TESTS EXPECTED_FAILURES [SHARD]
"""
import sys

from junitparser import Failure, JUnitXml

path, tests, failures = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
shard = sys.argv[4] if len(sys.argv) > 4 else None
xml = JUnitXml.fromfile(path)
cases = [case for suite in xml for case in suite]
problems = []
if len(cases) != tests:
    problems.append(f"{len(cases)} test cases, expected {tests}")
failed = [case for case in cases if any(isinstance(result, Failure) for result in case.result)]
if len(failed) != failures:
    problems.append(f"{len(failed)} failures, expected {failures}")
for case in cases:
    if not case.name or case.time is None:
        problems.append(f"a test case without a name or time: {case}")
for case in failed:
    text = "".join(result.text or "" for result in case.result)
    if "@@" not in text and "timed out" not in text:
        problems.append(f"{case.name}: the failure holds no diff")
if shard:
    for suite in xml:
        values = {prop.name: prop.value for prop in suite.properties()}
        if values.get("shard") != shard:
            problems.append(f"suite {suite.name}: shard property {values.get('shard')!r}, expected {shard!r}")
if problems:
    print("\n".join(f"error: {path}: {problem}" for problem in problems), file=sys.stderr)
    sys.exit(1)
print(f"{path}: {len(cases)} test cases, {len(failed)} failures, read by junitparser")
