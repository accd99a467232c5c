#!/usr/bin/env python3
"""Runs every example in README.md and docs/*.md as written and compares what it prints.

An example is a fenced block whose first line is `$ COMMAND`. The lines after it are what
the command prints (standard output and error together), and a command that exits with an
error must show one (a line with `error`, `FAIL` or `N failed`); lines starting `> ` are also the
input typed into it, as a piped session echoes them. A line that is only `…` or `...`
stands for any number of lines, and a `…` inside a line for any text there (`passed after …
seconds`). A block may hold several `$` commands; the blocks of one
file run in order, in one scratch copy of the repository, so a later block sees what an
earlier one wrote (`printf … > Cart.json` then `scenery validate Cart.json`). The scratch
copy is a folder named `scenery`, so a package beside it depends on `../scenery` as a
reader's would. `swift run scenery` and `scenery` run the built binary; a command that
starts with `swift` (`swift test` here) is not run, as CI builds and tests this package
itself, but one in another folder is (`cd ../TodoKit && swift test`).

`<!-- file: PATH -->` on the line before a fence writes the block, as shown, to PATH in the
scratch copy when the examples before it have run: a file the text asks the reader to
write. Put `<!-- docs-check: skip -->` on the line before a fence to leave an example out
(say why in the text around it).

Usage: .ci/check_docs.py [FILE.md ...]   (after `swift build`)"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
build = root / ".build" / "debug"
WILDCARDS = {"…", "..."}


def examples(text):
    """(line number, [lines], file path or None) of every `$` block and every file block."""
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        match = re.match(r"^(\s*)```", lines[index])
        if not match:
            index += 1
            continue
        skip = index > 0 and "docs-check: skip" in lines[index - 1]
        file = re.match(r"^\s*<!-- file: (\S+) -->\s*$", lines[index - 1]) if index > 0 else None
        start = index
        body = []
        index += 1
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            body.append(lines[index][len(match.group(1)):])
            index += 1
        index += 1
        if file:
            yield start + 1, body, file.group(1)
        elif body and body[0].startswith("$ ") and not skip:
            yield start + 1, body, None


def commands(body):
    """Splits a block into (command, expected lines, input lines)."""
    result = []
    for line in body:
        if line.startswith("$ "):
            result.append([line[2:], [], []])
        else:
            result[-1][1].append(line)
            if line.startswith("> "):
                result[-1][2].append(line[2:])
    return result


def runnable(command):
    """The command with the built binaries, or None for a `swift` command (building is CI's)."""
    command = re.sub(r"^swift run (-q )?(scenery|shop|ejected)\b", r"\2", command)
    return None if re.match(r"^swift\b", command) else command


def matches(expected, actual):
    """Whether actual lines fit expected ones, `…` matching any run of lines."""
    memo = {}

    def fit(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() in WILDCARDS:
            result = any(fit(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and same_line(expected[i], actual[j]) and fit(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return fit(0, 0)


def same_line(expected, actual):
    """Whether a line fits: equal, or, with `…` in it, equal around any text there."""
    expected, actual = expected.rstrip(), actual.rstrip()
    if "…" not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split("…"))
    return expected == actual or re.fullmatch(pattern, actual) is not None


def workspace():
    """A scratch copy of the tracked files, with the built binaries on PATH."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="scenery-docs-")) / "scenery"
    tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
    for name in filter(None, tracked):
        source = root / name
        if source.is_file():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # The build, where the copy's own would be: `ln -s "$PWD/.build/debug/scenery"` installs it.
    (folder / ".build").symlink_to(root / ".build")
    bin_dir = folder / ".docs-bin"
    bin_dir.mkdir()
    for program in ("scenery", "shop", "ejected"):
        (bin_dir / program).symlink_to(build / program)
    return folder, bin_dir


def check(path):
    text = path.read_text()
    folder, bin_dir = workspace()
    state = pathlib.Path(tempfile.mkdtemp(prefix="scenery-docs-state-"))
    # A reader's ~/.local/bin comes first: once an example installs `scenery` there, the rest use it.
    search_path = f"{state}/.local/bin:{bin_dir}:{os.environ['PATH']}"
    env = dict(os.environ, PATH=search_path, XDG_STATE_HOME=str(state), HOME=str(state), NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    failures = 0
    ran = 0
    try:
        for line_number, body, file in examples(text):
            if file:
                target = (folder / file).resolve()
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("".join(f"{line}\n" for line in body))
                continue
            for command, expected, inputs in commands(body):
                shell = runnable(command)
                if shell is None:
                    continue
                ran += 1
                stdin = "".join(f"{line}\n" for line in inputs)
                completed = subprocess.run(["bash", "-c", shell], cwd=folder, input=stdin, env=env, text=True,
                                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
                actual = completed.stdout.split("\n")
                if actual and actual[-1] == "":
                    actual.pop()
                while expected and expected[-1] == "":
                    expected.pop()
                # A command that fails must show its failure: an example that reads as a
                # success cannot hide an exit code that says otherwise behind a `…`.
                shown = " ".join(line for line in expected if line.strip() not in WILDCARDS)
                if completed.returncode != 0 and not re.search(r"error|FAIL|[1-9][0-9]* failed", shown):
                    failures += 1
                    print(f"{path.relative_to(root)}:{line_number}: '$ {command}' exited {completed.returncode}, "
                          "but the example shows no failure (an 'error', 'FAIL' or 'failed' line)")
                    print("\n".join(f"    {line}" for line in actual))
                elif not matches(expected, actual):
                    failures += 1
                    print(f"{path.relative_to(root)}:{line_number}: '$ {command}' printed something else")
                    print("  expected:")
                    print("\n".join(f"    {line}" for line in expected))
                    print("  actual:")
                    print("\n".join(f"    {line}" for line in actual))
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)
    return ran, failures


def main():
    files = [pathlib.Path(name).resolve() for name in sys.argv[1:]] or [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    total = failed = 0
    for path in files:
        ran, failures = check(path)
        total += ran
        failed += failures
    print(f"docs: {total} examples run, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
