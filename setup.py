"""The Python package's build (pyproject.toml): CMake builds the extension (the target
pamir_python, with the libtorch plugin where the build has libtorch), then they, with the
shipped nets, go into the package folder, where the module looks for them
(io/code_location.h).

PAMIR_BUILD_DIR=DIR builds in (and reuses) that CMake build folder, e.g. the tree's build/;
otherwise the build is a folder of its own under setuptools' build folder. CMAKE_ARGS adds
configure options."""
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = Path(os.environ.get("PAMIR_BUILD_DIR") or Path(self.build_temp).resolve() / "cmake")
        build.mkdir(parents=True, exist_ok=True)
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPAMIR_PYTHON={sys.executable}"] + shlex.split(os.environ.get("CMAKE_ARGS", ""))
        if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        jobs = str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build), "--target", "pamir_python", "-j", jobs], check=True)
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


# setuptools' own files (its build folder, the package's egg-info) under build/, which git ignores.
SCRATCH = ROOT / "build" / "python-package"
SCRATCH.mkdir(parents=True, exist_ok=True)
setup(ext_modules=[Extension("pamir._pamir", sources=[])], cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": str(SCRATCH)}, "egg_info": {"egg_base": str(SCRATCH)}})
