"""C and C++: Catch2, GoogleTest and CTest summaries; the build files protected."""
from __future__ import annotations

from bench.languages.base import Profile, Tool

_SOURCES = ("cpp", "cc", "cxx", "c")


class CppProfile(Profile):
    """C++'s rules."""


PROFILE = CppProfile(
    name="cpp", aliases=("c++", "cxx", "c"),
    test_names=tuple(pattern.format(s) for s in _SOURCES
                     for pattern in ("*_test.{}", "*_tests.{}", "test_*.{}", "*_unittest.{}")),
    test_dirs=("test", "tests"),
    config_names=("CMakeLists.txt", "*.cmake", "CMakePresets.json", "CMakeUserPresets.json", "Makefile",
                  "makefile", "GNUmakefile", "*.mk", "meson.build", "meson_options.txt", "meson.options",
                  "configure", "configure.ac", "Makefile.am", "Makefile.in", "conanfile.*", "vcpkg.json",
                  "CTestTestfile.cmake", "BUILD", "BUILD.bazel", "WORKSPACE", "MODULE.bazel"),
    config_dirs=("cmake",), build_dirs=("build",),
    tools=(Tool("g++", ("g++", "--version")), Tool("cmake", ("cmake", "--version"))),
    runners=("Catch2", "GoogleTest", "CTest"),
)
