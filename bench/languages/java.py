"""Java: JUnit 5's console launcher (its summary box), Maven's surefire summary; builds offline.

Shadowing is decided from the test framework's own jars: the console launcher's jar and every jar its manifest's
Class-Path reaches hold the packages the framework provides, and an added Java source declaring one of those
packages would be compiled beside the tests in the framework's place (javac prefers a type it compiles over one on
the class path; at run time a build directory ahead of the jar wins too).

Known gaps: the JVM that runs JUnit runs the code under test, so code that prints a summary box itself and then
halts the JVM (`Runtime.getRuntime().halt(0)`) is read as the launcher's verdict (its diff shows it; held-out tests
run the same code); a launcher run with `--details=none` prints no box when all passed, so a task written that way
fails `no_tests_ran` (verify shows it); packages of libraries other than the launcher's that a task puts on its
class path (a project's lib/*.jar) are not checked for shadowing, while added jars and class files never reach
grading (compiled_module_added); an argument file a task's command names (`java -jar ... @test.args`) is not
protected unless its name says it is configuration; a source declaring a type that only new held-out files
declare is not found (the agent never saw that name).
"""
from __future__ import annotations

import functools
import os
import re
import zipfile
from pathlib import Path, PurePosixPath

from bench.exec import safefs
from bench.languages.base import Library, Profile, Summary, Tool

# The console launcher as Debian's junit5 package installs it (what the tasks' commands run with `java -jar`).
LAUNCHER_JAR = Path("/usr/share/java/junit-platform-console-standalone.jar")
MAX_JAVA_SOURCE_BYTES = 8 * 1024 * 1024   # an added source read for its package; past this it is judged unread
MAX_JARS = 256                            # a Class-Path chain longer than this is not followed further

# The JVM's settings in every sandbox: its home the sandbox's private HOME (not the passwd entry's, which the
# sandbox hides), no shared-memory perf file, and a small start on few cores (client compiler, serial GC).
JVM_OPTIONS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto")

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# One line of the launcher's summary box: "[         3 tests successful      ]".
_BOX_LINE = re.compile(r"^\s*\[\s*(\d+) (containers|tests) (found|skipped|started|aborted|successful|failed)\s*\]\s*$")
# Surefire's totals ("Results:" of each module); its per-class lines end with "Time elapsed ...".
_SUREFIRE = re.compile(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)(.*)$")
_UNICODE_ESCAPE = re.compile(r"(\\+)(u+)([0-9a-fA-F]{4})")
# Java's tokens as far as finding the package declaration needs: comments and literals are skipped whole, so
# a `package` inside them is not read as the keyword (which can appear nowhere but in that declaration).
_TOKEN = re.compile(r'''
    (?P<space>\s+)
  | (?P<comment>//[^\r\n]*|/\*[\s\S]*?\*/)
  | (?P<literal>"{3}(?:[^\\]|\\[\s\S])*?"{3}|"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*')
  | (?P<word>[^\W\d][\w$]*|\$[\w$]*)
  | (?P<other>[\s\S])
''', re.VERBOSE)


def _box(counts: dict[tuple[str, str], int]) -> Summary:
    """A summary box's counts as a Summary: aborted (a failed assumption) and skipped (@Disabled) tests or
    containers are skipped; a failed container (an error in @BeforeAll, a class that does not load) fails."""
    def n(kind: str, state: str) -> int:
        return counts.get((kind, state), 0)
    skipped = sum(n(kind, state) for kind in ("tests", "containers") for state in ("skipped", "aborted"))
    return Summary("junit console launcher", n("tests", "successful"), n("tests", "failed") +
                   n("containers", "failed"), skipped)


def launcher_summaries(text: str) -> list[Summary]:
    """Each summary box of the JUnit Platform console launcher in `text` (a run of box lines that holds a
    "tests successful" count; colours ignored)."""
    found: list[Summary] = []
    counts: dict[tuple[str, str], int] = {}
    for line in [*text.splitlines(), ""]:
        match = _BOX_LINE.match(_ANSI.sub("", line))
        if match:
            counts[(match[2], match[3])] = int(match[1])
            continue
        if ("tests", "successful") in counts:
            found.append(_box(counts))
        counts = {}
    return found


def surefire_summaries(text: str) -> list[Summary]:
    """Each of Maven surefire's totals lines ("Tests run: N, Failures: F, Errors: E, Skipped: S") in `text`."""
    found = []
    for line in text.splitlines():
        match = _SUREFIRE.search(_ANSI.sub("", line))
        if match and "Time elapsed" not in match[5]:
            run, failures, errors, skipped = (int(match[i]) for i in range(1, 5))
            found.append(Summary("maven surefire", max(run - failures - errors - skipped, 0), failures + errors,
                                 skipped))
    return found


def _manifest_class_path(jar: zipfile.ZipFile) -> list[str]:
    try:
        text = jar.read("META-INF/MANIFEST.MF").decode("utf-8", errors="replace")
    except KeyError:
        return []
    joined = re.sub(r"\r?\n ", "", text)   # manifest lines continue with a leading space
    for line in joined.splitlines():
        if line.startswith("Class-Path:"):
            return line[len("Class-Path:"):].split()
    return []


def _entry_package(name: str) -> str | None:
    """The package of a jar entry that is a class file (a multi-release entry counts for its own name), or None."""
    if not name.endswith(".class"):
        return None
    parts = PurePosixPath(name).parts
    if len(parts) > 3 and parts[:2] == ("META-INF", "versions"):
        parts = parts[3:]
    if parts[-1] in ("module-info.class", "package-info.class") or parts[0] == "META-INF":
        return None
    return ".".join(parts[:-1])


@functools.cache
def framework_packages(launcher: Path = LAUNCHER_JAR) -> frozenset[str]:
    """Every package (dotted; '' for the unnamed one) whose classes the launcher's jar and the jars its manifest's
    Class-Path reaches hold: what the test framework provides to the tests' JVM."""
    packages: set[str] = set()
    todo, seen = [launcher], set()
    while todo and len(seen) < MAX_JARS:
        jar_path = todo.pop()
        if jar_path in seen:
            continue
        seen.add(jar_path)
        try:
            with zipfile.ZipFile(jar_path) as jar:
                packages.update(p for p in map(_entry_package, jar.namelist()) if p is not None)
                # Class-Path entries are URLs relative to the jar's directory
                todo += [jar_path.parent / entry for entry in _manifest_class_path(jar) if not entry.startswith("/")]
                todo += [Path(entry) for entry in _manifest_class_path(jar) if entry.startswith("/")]
        except (OSError, zipfile.BadZipFile):
            continue
    return frozenset(packages)


def unicode_unescaped(source: str) -> str:
    """`source` with Java's Unicode escapes (\\uXXXX, \\uuXXXX) translated, as javac does before it reads
    anything else: a backslash begins one only when an even number of backslashes precedes it."""
    def one(match: re.Match) -> str:
        slashes = match[1]
        if len(slashes) % 2 == 0:
            return match[0]
        return slashes[:-1] + chr(int(match[3], 16))
    return _UNICODE_ESCAPE.sub(one, source)


def declared_package(source: str) -> str:
    """The package a Java compilation unit declares ('' for the unnamed package), read as javac reads it:
    Unicode escapes first, then tokens, comments and literals skipped."""
    name: list[str] | None = None
    for match in _TOKEN.finditer(unicode_unescaped(source)):
        kind, text = match.lastgroup, match[0]
        if kind in ("space", "comment"):
            continue
        if name is None:
            if kind == "word" and text == "package":
                name = []
            continue
        if text == ";" or not (kind == "word" or text == "."):
            break
        name.append(text)
    return "".join(name or [])


def _service_type_package(path: str) -> str | None:
    """The package of the service type a `META-INF/services/<binary name>` file registers a provider for (the
    file ServiceLoader reads from every class path root), or None for any other path."""
    parts = PurePosixPath(path).parts
    if len(parts) < 3 or parts[-3:-1] != ("META-INF", "services"):
        return None
    return parts[-1].rpartition(".")[0]


def declared_types(source: str) -> set[str]:
    """The binary names of the top-level types a Java compilation unit declares (package.Name), read as javac
    reads it: Unicode escapes first, comments and literals skipped, a type's body (its braces) not entered."""
    package, names, depth, keyword = declared_package(source), set(), 0, False
    for match in _TOKEN.finditer(unicode_unescaped(source)):
        kind, text = match.lastgroup, match[0]
        if kind in ("space", "comment"):
            continue
        if keyword and depth == 0 and kind == "word":
            names.add(f"{package}.{text}" if package else text)
        keyword = depth == 0 and kind == "word" and text in ("class", "interface", "enum", "record")
        depth += (text == "{") - (text == "}")
    return names


class JavaProfile(Profile):
    """Java's rules."""

    def is_config(self, path: str) -> bool:
        """The build and test configuration by name, and a provider registration for a type of the test
        framework (META-INF/services/org.junit.platform.launcher.TestExecutionListener, ...Extension): the
        launcher loads every one it finds on the tests' class path (a resource directory a command puts there,
        src/main/resources), and it then runs inside the launcher, deciding what runs and how it is reported."""
        if super().is_config(path):
            return True
        package = _service_type_package(path)
        return bool(package) and package in framework_packages()

    def env(self, home: Path) -> dict[str, str]:
        """Maven offline with its local repository private to the run (MAVEN_OPTS), Gradle's home likewise; every
        JVM (java, javac, Maven's, Gradle's) started with user.home the private HOME and a small footprint."""
        return {"MAVEN_OPTS": f"-Dmaven.repo.local={home / '.m2' / 'repository'}", "MAVEN_ARGS": "--offline",
                "GRADLE_USER_HOME": str(home / ".gradle"),
                # quoted: the JVM splits the variable on spaces
                "JAVA_TOOL_OPTIONS": " ".join([f'-Duser.home="{home}"', *JVM_OPTIONS])}

    def summaries(self, text: str) -> list[Summary]:
        """The console launcher's summary boxes and surefire's totals in a command's output."""
        return [*launcher_summaries(text), *surefire_summaries(text)]

    def shadowing(self, dest: Path, changed: list[str], tests: list[tuple[str, bytes]]) -> list[str]:
        """Each changed Java source outside the tests that declares a top-level type one of the fixture's test
        files declares (a test class, a test helper): compiled into the code under test's class directory, that
        class can stand first on the tests' class path (`out/main:out/test`), in the test's place. A source too
        large to read whole counts as one."""
        declared: set[str] = set()
        for rel, data in tests:
            if rel.endswith(".java"):
                declared |= declared_types(data.decode("utf-8", errors="replace"))
        found = []
        for path in changed:
            if not path.endswith(".java") or self.is_test_path(path) or os.path.islink(dest / path):
                continue
            read = safefs.read_capped(dest, path, MAX_JAVA_SOURCE_BYTES)
            if read is not None and (read[1] or declared_types(read[0].decode("utf-8", errors="replace"))
                                     & declared):
                found.append(path)
        return found

    def added_problem(self, path: str, dest: Path) -> str | None:
        """shadows_module for an added Java source (or a link inside the copy to any file, named *.java) that
        declares a package the test framework's jars provide: compiled beside the tests it would stand in for
        the framework's classes. A source too large to read whole is judged as one."""
        if not path.endswith(".java"):
            return None
        where = path
        if os.path.islink(dest / path):   # javac opens a link it is handed; read what it leads to in the copy
            where = safefs.resolves_inside(dest, path)
            if where is None:
                return None
        found = safefs.read_capped(dest, where, MAX_JAVA_SOURCE_BYTES)
        if found is None:
            return None
        data, truncated = found
        package = declared_package(data.decode("utf-8", errors="replace"))
        return "shadows_module" if truncated or package in framework_packages() else None


PROFILE = JavaProfile(
    name="java",
    test_names=("*Test.java", "*Tests.java", "*IT.java", "*TestCase.java"),
    test_paths=("src/test/*", "*/src/test/*"),
    config_names=("pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
                  "gradle.properties", "gradlew", "gradlew.bat", "mvnw", "mvnw.cmd", "junit-platform.properties",
                  "build.xml",
                  # what make reads by itself, and the scripts a project builds and runs its tests with
                  "GNUmakefile", "makefile", "Makefile", "*.mk", "*.sh"),
    config_dirs=(".mvn", "gradle"), build_dirs=("target", "build", ".gradle", "out", "bin", "classes"),
    tools=(Tool("java", ("java", "-version")), Tool("javac", ("javac", "-version"))),
    libraries=(Library("JUnit 5 console launcher", str(LAUNCHER_JAR),
                       r"junit-platform-console-standalone-(\d[\w.]*)\.jar",
                       version_file=str(LAUNCHER_JAR.with_name("junit-platform-console-standalone-*.jar"))),),
    runners=("junit console launcher", "maven surefire"),
)
