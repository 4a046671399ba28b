"""The Python package's build (pyproject.toml): CMake builds the extension (the target
pamir_python, with the libtorch plugin where the build has libtorch), then they, with the
shipped nets, go into the package folder, where the module looks for them
(io/code_location.h).

Nothing is written into the source tree: the CMake build is PAMIR_BUILD_DIR=DIR when set (and
reused, e.g. the tree's build/), else a folder of this tree's own in the user's cache
($XDG_CACHE_HOME or ~/.cache, /tmp when neither can be written: pamir/python-build/<tree>/),
kept so that a second install compiles only what changed; setuptools' own files go beside
it. CMAKE_ARGS adds configure options.

pip shows a build's output only with -v, and the C++ build takes minutes (about 10 on two busy
cores), so what it is doing is also said on the terminal (/dev/tty) when there is one: where it
builds, its log, and its progress every tenth of the way."""
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def scratch_root():
    """This tree's folder in the user's cache (for the CMake build and setuptools' files)."""
    tree = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    for base in (os.environ.get("XDG_CACHE_HOME"), Path.home() / ".cache", tempfile.gettempdir()):
        if not base:
            continue
        folder = Path(base) / "pamir" / "python-build" / tree
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        except OSError:
            continue
    sys.exit("error: no writable folder for the build (set PAMIR_BUILD_DIR)")


def say(line):
    """A line for the person waiting: on the terminal even when pip captures the output."""
    print(line, file=sys.stderr, flush=True)
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(line + "\n")
    except OSError:
        pass


def run_logged(command, log_path, what):
    """Runs a step of the build, its output appended to log_path; says how far a build is every
    tenth of its steps, and on a failure shows the log's end."""
    started = time.monotonic()
    said = 0
    with open(log_path, "a") as log:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in process.stdout:
            log.write(line)
            step = re.match(r"\[(\d+)/(\d+)\]", line)
            if step and int(step[2]) > 0:
                tenth = 10 * int(step[1]) // int(step[2])
                if tenth > said:
                    said = tenth
                    say(f"pamir: C++ build {10 * tenth}% ({step[1]}/{step[2]} steps, "
                        f"{time.monotonic() - started:.0f} s)")
        status = process.wait()
    if status != 0:
        with open(log_path) as log:
            tail = log.readlines()[-40:]
        sys.exit("".join(tail) + f"error: the C++ {what} failed (exit {status}); the whole log: {log_path}")


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = Path(os.environ.get("PAMIR_BUILD_DIR") or scratch_root() / "cmake")
        build.mkdir(parents=True, exist_ok=True)
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPAMIR_PYTHON={sys.executable}"] + shlex.split(os.environ.get("CMAKE_ARGS", ""))
        if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        log = build / "pip-build.log"
        say(f"pamir: building the C++ module with CMake in {build} (several minutes the first time, "
            f"about 10 on two busy cores; the log: {log})")
        log.write_text("")
        run_logged(configure, log, "configure step")
        jobs = str(os.cpu_count() or 1)
        run_logged(["cmake", "--build", str(build), "--target", "pamir_python", "-j", jobs], log, "build")
        say("pamir: C++ build done")
        built = build / "python" / "pamir"
        module = next(built.glob("_pamir*.so"), None)
        if module is None:
            sys.exit(f"error: CMake built no Python module in {built} (pybind11-dev and python3-dev installed?)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module, target)
        plugin = build / "libpamir_torch.so"
        if plugin.exists():
            shutil.copy2(plugin, target.parent / plugin.name)
        models = target.parent / "models"
        models.mkdir(exist_ok=True)
        for weights in (ROOT / "models").glob("*.weights"):
            shutil.copy2(weights, models / weights.name)


# setuptools' own files (its build folder, the package's egg-info) outside the source tree.
SCRATCH = scratch_root() / "setuptools"
SCRATCH.mkdir(parents=True, exist_ok=True)
setup(ext_modules=[Extension("pamir._pamir", sources=[])], cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": str(SCRATCH)}, "egg_info": {"egg_base": str(SCRATCH)}})
