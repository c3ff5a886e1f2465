"""coverage.py: runs a Python script with line coverage, for the harness's guided search
(`harness stress --search coverage`): `python3 coverage.py SCRIPT ARGS...` runs SCRIPT as
`python3 SCRIPT ARGS...` would (its `__main__`, `sys.argv`, `sys.path[0]`, its exit status and
traceback), and counts what it did the way coverage.c counts a C or C++ program, into the same
area (toolchain/src/coverage.rs reads it):

  - an edge is a pair of consecutive lines the script's own code ran (a file in the script's
    folder: the standard library and installed packages are not counted), AFL's `cur ^ prev >> 1`
    of hashes of (file, line), with a saturating hit count;
  - the constants are the integer constants of the script's code (and of the modules beside it
    that it imports), each once: Python has no `trace-cmp`, so every integer the code holds is
    taken as a value it may compare against;
  - no pairs of compared values;
  - the work is the count of lines the script's own code ran (all of them: it does not saturate),
    in the area's last 64-bit word, for the search of slow inputs.

With STRESS_COVERAGE naming a file, the area is that file, mapped shared; without it the script
runs as it is (with the tracer off).
"""

import builtins
import ctypes
import mmap
import os
import sys
import types

MAP_SIZE = 1 << 16
CONST_SLOTS = 1024
PAIR_SLOTS = 1024
WORK_AT = MAP_SIZE + CONST_SLOTS * 8 + PAIR_SLOTS * 16
AREA_BYTES = WORK_AT + 8
ZERO_MARK = 1 << 63
PROBES = 8
MASK64 = (1 << 64) - 1
HASH = 0x9E3779B97F4A7C15


def _area():
    path = os.environ.get("STRESS_COVERAGE")
    if not path:
        return None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        return None
    try:
        os.ftruncate(fd, AREA_BYTES)
        return mmap.mmap(fd, AREA_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)


def _keep(area, value):
    """One constant into the open-addressed table, as coverage.c's cov_keep."""
    if not -(1 << 63) <= value < (1 << 64):
        return
    value &= MASK64
    if value == 0:
        value = ZERO_MARK
    at = ((value * HASH) & MASK64) >> 54
    for i in range(PROBES):
        slot = MAP_SIZE + ((at + i) % CONST_SLOTS) * 8
        held = int.from_bytes(area[slot : slot + 8], "little")
        if held == value:
            return
        if held == 0:
            area[slot : slot + 8] = value.to_bytes(8, "little")
            return


def _constants(code, out):
    """The integer constants of `code` and of the code objects it holds."""
    for c in code.co_consts:
        if isinstance(c, bool):
            continue
        if isinstance(c, int):
            out.add(c)
        elif hasattr(c, "co_consts"):
            _constants(c, out)
        elif isinstance(c, (tuple, frozenset)):
            out.update(x for x in c if isinstance(x, int) and not isinstance(x, bool))
    return out


def _tracer(area, folder):
    """A `sys.settrace` function counting the edges between the lines of files in `folder`."""
    files = {}
    state = [0]  # the previous line's hash, shifted
    work = ctypes.c_uint64.from_buffer(area, WORK_AT)

    def file_key(name):
        key = files.get(name)
        if key is None:
            mine = os.path.dirname(os.path.abspath(name)) == folder
            key = ((len(files) + 1) * 0x85EBCA6B) & 0xFFFFFFFF if mine else -1
            files[name] = key
        return key

    def local(frame, event, arg):
        if event == "line":
            cur = ((file_key(frame.f_code.co_filename) ^ (frame.f_lineno * HASH)) >> 16) & 0xFFFF
            edge = (cur ^ state[0]) & (MAP_SIZE - 1)
            hits = area[edge]
            if hits != 255:
                area[edge] = hits + 1
            state[0] = cur >> 1
            work.value += 1
        return local

    def scope(frame, event, arg):
        if file_key(frame.f_code.co_filename) < 0:
            return None
        return local(frame, event, arg)

    return scope


def _main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: coverage.py SCRIPT ARGS...\n")
        return 2
    script = os.path.abspath(sys.argv[1])
    folder = os.path.dirname(script)
    with open(script, "rb") as f:
        code = compile(f.read(), script, "exec", dont_inherit=True)
    sys.argv = sys.argv[1:]
    sys.path[0] = folder
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    area = _area()
    if area is not None:
        for value in _constants(code, set()):
            _keep(area, value)
        sys.settrace(_tracer(area, folder))
    exec(code, vars(main))
    return 0


sys.exit(_main())
