"""Running the `scenery` command line from contract cases, one way for every file.

The binary comes from the SCENERY environment variable (cases are skipped without it). Each
run is hermetic: colour off, and the state folder inside the case's own folder, never $HOME.
"""
import os
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")


def need_scenery():
    if not SCENERY:
        pytest.skip("SCENERY is not set")


def run_scenery(args, cwd, timeout=120):
    """`scenery ARGS` in `cwd`, its output as text."""
    need_scenery()
    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    env["XDG_STATE_HOME"] = str(Path(cwd) / ".xdg-state")  # never $HOME
    return subprocess.run([SCENERY, *[str(a) for a in args]], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=timeout)
