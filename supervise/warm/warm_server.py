"""A resident Python interpreter that runs one script per request, each time in a fresh fork.

Started by the harness as `PYTHON warm_server.py LIBWARM SCRIPT [FOLDER...]`, with HARNESS_WARM_FD
naming its control socket. It compiles SCRIPT once, imports the standard-library and installed
modules the script imports at its top level, compiles (without running) every module beside the
script and in the FOLDERs (a run that imports one of them unchanged gets the compiled code, as it
would from a `__pycache__` file), and hands control to warm_serve (warm.c, loaded from LIBWARM),
which forks the interpreter for every run. In the fork the script runs as `__main__` as it would in
`PYTHON SCRIPT ARGS...`: sys.argv, sys.path[0], __file__, input() and sys.stdin, sys.exit() and
exit(), an uncaught exception (its traceback on stderr, exit status 1), output flushed at exit,
atexit handlers, non-daemon threads joined, and the recursion limit counted from the script's own
frame.
"""

import atexit
import ctypes
import os
import sys

_LIB, _SCRIPT, _FOLDERS = sys.argv[1], sys.argv[2], sys.argv[3:]
_CONTROL = int(os.environ.pop("HARNESS_WARM_FD"))


def _imported(tree):
    """The modules a module's code imports at its top level."""
    import ast

    names = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _preload(names, script_dir):
    """Imports those of `names` that come from the standard library or installed packages (never a
    module beside the script or in the folders: its import may print or read)."""
    import importlib.util
    import sysconfig

    roots = {
        os.path.realpath(p)
        for key in ("stdlib", "platstdlib", "purelib", "platlib")
        for p in [sysconfig.get_paths().get(key)]
        if p
    }
    for name in names:
        top = name.split(".")[0]
        try:
            if top in sys.builtin_module_names:
                __import__(name)
                continue
            spec = importlib.util.find_spec(top)
            origin = spec and spec.origin
            if not origin or origin in ("built-in", "frozen"):
                if spec is not None:
                    __import__(name)
                continue
            where = os.path.realpath(origin)
            if where.startswith(os.path.realpath(script_dir) + os.sep):
                continue
            if any(where.startswith(root + os.sep) for root in roots):
                __import__(name)
        except BaseException:  # noqa: BLE001 - a failed preload only makes runs slower
            pass


def _precompile(folders):
    """Compiles the modules of `folders`, and makes the source loader use them while unchanged;
    what each of them (by module name) imports at its top level."""
    import ast
    import importlib.machinery

    compiled = {}
    imports = {}
    for folder in folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            path = os.path.join(os.path.abspath(folder), name)
            if not name.endswith(".py") or path == os.path.abspath(_SCRIPT):
                continue
            try:
                with open(path, "rb") as f:
                    source = f.read()
                st = os.stat(path)
                code = compile(source, path, "exec", dont_inherit=True)
                imports.setdefault(name[:-3], _imported(ast.parse(source, path)))
            except BaseException:  # noqa: BLE001 - a module that does not compile is compiled by its import
                continue
            compiled[path] = ((st.st_mtime_ns, st.st_size), code)
    if not compiled:
        return imports
    loader = importlib.machinery.SourceFileLoader
    original = loader.get_code

    def get_code(self, fullname):
        path = os.path.abspath(self.get_filename(fullname))
        hit = compiled.get(path)
        if hit is not None:
            try:
                st = os.stat(path)
                if (st.st_mtime_ns, st.st_size) == hit[0]:
                    return hit[1]
            except OSError:
                pass
        return original(self, fullname)

    loader.get_code = get_code
    return imports


def _prepare():
    import ast

    with open(_SCRIPT, "rb") as f:
        source = f.read()
    tree = ast.parse(source, _SCRIPT)
    code = compile(source, _SCRIPT, "exec", dont_inherit=True)
    script_dir = os.path.dirname(os.path.abspath(_SCRIPT))
    sys.path[0] = script_dir
    beside = _precompile([script_dir] + _FOLDERS)
    # The script's own imports, and those of the modules beside it or in the folders it imports.
    names = _imported(tree)
    names += [n for name in names for n in beside.get(name.split(".")[0], [])]
    _preload(names, script_dir)
    return code


def _exit_status(exit):
    code = exit.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    try:
        sys.stderr.write(str(code) + "\n")
    except BaseException:  # noqa: BLE001
        pass
    return 1


def _finish(status):
    """What the interpreter does at exit: join threads, run atexit, flush the streams."""
    threading = sys.modules.get("threading")
    if threading is not None:
        try:
            threading._shutdown()
        except BaseException:  # noqa: BLE001
            pass
    atexit._run_exitfuncs()
    for stream, failed in ((sys.stdout, 120), (sys.stderr, None)):
        try:
            if stream is not None:
                stream.flush()
        except BaseException as e:  # noqa: BLE001
            if failed is not None:
                try:
                    sys.stderr.write("Exception ignored in: %r\n%s: %s\n" % (stream, type(e).__name__, e))
                except BaseException:  # noqa: BLE001
                    pass
                if status == 0:
                    status = failed
    return status


def _frames():
    frame, n = sys._getframe(1), 0
    while frame is not None:
        n += 1
        frame = frame.f_back
    return n


def _module():
    """The script's `__main__` module, made before the first fork (so no run pays for it)."""
    import builtins
    import importlib.machinery
    import types

    main = types.ModuleType("__main__")
    main.__file__ = os.path.abspath(_SCRIPT)
    main.__cached__ = None
    main.__builtins__ = builtins
    main.__annotations__ = {}
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", main.__file__)
    return main


def _run(code, main, argv):
    sys.argv = argv
    sys.orig_argv = [sys.executable] + argv
    sys.modules["__main__"] = main
    # The script's module frame is the first frame of a fresh interpreter: count from there.
    offset = _frames()
    get, set_ = sys.getrecursionlimit, sys.setrecursionlimit
    set_(get() + offset)
    sys.getrecursionlimit = lambda: get() - offset
    sys.setrecursionlimit = lambda n: set_(n + offset)
    try:
        exec(code, main.__dict__)
        status = 0
    except SystemExit as e:
        status = _exit_status(e)
    except BaseException as e:  # noqa: BLE001
        sys.excepthook(type(e), e, e.__traceback__.tb_next if e.__traceback__ else None)
        status = 1
    try:
        status = _finish(status)
    except SystemExit as e:
        status = _exit_status(e)
    except BaseException:  # noqa: BLE001
        pass
    os._exit(status)


def _serve():
    code = _prepare()
    main = _module()
    lib = ctypes.PyDLL(_LIB)
    hook = ctypes.c_void_p
    lib.warm_serve.restype = ctypes.POINTER(ctypes.c_char_p)
    lib.warm_serve.argtypes = [ctypes.c_int, hook, hook, hook, ctypes.POINTER(ctypes.c_int)]
    run_env = lib.warm_run_env
    run_env.restype = ctypes.POINTER(ctypes.c_char_p)
    api = ctypes.pythonapi
    hooks = [
        ctypes.cast(getattr(api, name), hook)
        for name in ("PyOS_BeforeFork", "PyOS_AfterFork_Parent", "PyOS_AfterFork_Child")
    ]
    argc = ctypes.c_int(0)
    # Everything made so far moves to the collector's permanent generation: a collection in a run
    # then never walks (and so never copies) the server's pages.
    import gc

    gc.collect()
    gc.freeze()
    words = lib.warm_serve(_CONTROL, *hooks, ctypes.byref(argc))
    # Only a run's child gets here.
    argv = [os.fsdecode(words[i]) for i in range(argc.value)]
    env = run_env()
    i = 0
    while env[i] is not None:
        key, _, value = env[i].partition(b"=")
        os.environb[key] = value
        i += 1
    _run(code, main, argv)


_serve()
