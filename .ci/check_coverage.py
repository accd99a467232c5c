"""Converts a `scenery test --coverage` tracefile with lcov_cobertura, as a CI system would,
and checks the Cobertura XML agrees with the tracefile and the figure is at least MIN.

usage: check_coverage.py TRACEFILE MIN_LINE_RATE
"""
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

tracefile, minimum = sys.argv[1], float(sys.argv[2])
found = hit = 0
branches = taken = 0
with open(tracefile, encoding="utf-8") as lines:
    for line in lines:
        if line.startswith("LF:"):
            found += int(line[3:])
        elif line.startswith("LH:"):
            hit += int(line[3:])
        elif line.startswith("BRF:"):
            branches += int(line[4:])
        elif line.startswith("BRH:"):
            taken += int(line[4:])
with tempfile.NamedTemporaryFile(suffix=".xml") as output:
    subprocess.run([sys.executable, "-m", "lcov_cobertura", tracefile, "--base-dir", ".", "--output", output.name], check=True)
    root = ElementTree.parse(output.name).getroot()
problems = []
if int(root.get("lines-valid")) != found or int(root.get("lines-covered")) != hit:
    problems.append(f"Cobertura has {root.get('lines-covered')}/{root.get('lines-valid')} lines, the tracefile {hit}/{found}")
if int(root.get("branches-valid")) != branches or int(root.get("branches-covered")) != taken:
    problems.append(f"Cobertura has {root.get('branches-covered')}/{root.get('branches-valid')} branches, the tracefile {taken}/{branches}")
rate = float(root.get("line-rate"))
if rate < minimum:
    problems.append(f"line rate {rate:.3f} is below {minimum}")
files = [element.get("filename") for element in root.iter("class")]
if not files or not all(name.endswith(".json") for name in files):
    problems.append(f"classes are not the manifests: {files}")
if problems:
    print("\n".join(f"error: {tracefile}: {problem}" for problem in problems), file=sys.stderr)
    sys.exit(1)
print(f"{tracefile}: {hit}/{found} lines ({rate:.1%}), {taken}/{branches} branches in {len(files)} manifests, converted by lcov_cobertura")
