"""refactor: the held-out check that a refactoring exercise's code under test changed in substance.

Exercism's refactoring exercises ship working legacy code that passes every test, so an agent that leaves it as it
was would pass. Each such task's held-out test file (and its `--visible all` copy) gets one more test, written in
the exercise's own language, that parses the code under test with the language's own parser and the stub's source
(embedded in the test as a string literal) the same way, drops comments and layout, and fails when the two are
equal. Whitespace, comments, a byte-order mark, line endings, a different split of the same declarations over
files (in any order) and, in Go and JavaScript, a stray `;` are no change; any other change of the program text is
one. The check does not judge the refactoring.

- Go: go/build picks the package's files as the go tool does (build constraints, _test.go files of the package
  itself, not the task's own test files), in a context set from the build settings the go command recorded in the
  test binary (its tags, -race, CGO_ENABLED: the go command turns cgo off where no C compiler is on PATH, go/build's
  default context does not), go/parser parses them without comments; the program is the multiset of
  its top-level declarations (each dumped by go/ast without positions) plus the set of its import specs.
- Java: every .java file the grading command compiles (under src/, but not the task's own test files) is parsed by
  javac (JavacTask.parse); the program is the multiset of top-level type declarations as javac prints them (no
  comments, one layout) plus the set of imports and package names.
- JavaScript: the module the tests import, as jest resolves it (require.resolve), parsed by Babel's parser (jest's
  own transform's); the program is its AST as JSON without locations, comments, raw text or parentheses.
"""
from __future__ import annotations

import json
import re

# The polyglot exercises that Exercism marks as refactoring exercises whose stub already passes every test (their
# instructions say "is a refactoring exercise" or "refactor a working ... piece of code"). Named here since Exercism
# marks them nowhere machine-readable, and since go-tree-building and python-tree-building, refactoring exercises
# too, ship a stub that fails the tests and need no check.
REFACTORING = {
    "go-ledger": "ledger_test.go",
    "go-markdown": "cases_test.go",
    "java-ledger": "src/test/java/LedgerTest.java",
    "java-tree-building": "src/test/java/BuildTreeTest.java",
    "javascript-ledger": "ledger.spec.js",
}
# Where the track's reference leaves the stub's program as it was (java-ledger's only reformats a statement), the
# reference is that example with a refactoring of its own, so that it passes the check (old, new: each old once).
REFERENCES = {
    "java-ledger": (
        "the track's reference only reformats one statement of the stub (the same program, which the check fails); "
        "the reference also picks the currency symbol by currency and the rest by locale, not in four branches",
        (("""            if (cur.equals("USD")) {
                if (loc.equals("en-US")) {
                    curSymb = "$";
                    datPat = "MM/dd/yyyy";
                    decSep = ".";
                    thSep = ",";
                    header = "Date       | Description               | Change       ";
                } else if (loc.equals("nl-NL")) {
                    curSymb = "$";
                    datPat = "dd/MM/yyyy";
                    decSep = ",";
                    thSep = ".";
                    header = "Datum      | Omschrijving              | Verandering  ";
                }
            } else if (cur.equals("EUR")) {
                if (loc.equals("en-US")) {
                    curSymb = "€";
                    datPat = "MM/dd/yyyy";
                    decSep = ".";
                    thSep = ",";
                    header = "Date       | Description               | Change       ";
                } else if (loc.equals("nl-NL")) {
                    curSymb = "€";
                    datPat = "dd/MM/yyyy";
                    decSep = ",";
                    thSep = ".";
                    header = "Datum      | Omschrijving              | Verandering  ";
                }
            }
""", """            curSymb = cur.equals("USD") ? "$" : "€";
            if (loc.equals("en-US")) {
                datPat = "MM/dd/yyyy";
                decSep = ".";
                thSep = ",";
                header = "Date       | Description               | Change       ";
            } else {
                datPat = "dd/MM/yyyy";
                decSep = ",";
                thSep = ".";
                header = "Datum      | Omschrijving              | Verandering  ";
            }
"""),)),
}
# The check's test, by language: a Go test function, a JUnit method, a jest test's title.
CHECK_TEST = {"go": "TestCodeUnderTestChangedFromStub", "java": "codeUnderTestChangedFromStub",
              "javascript": "the code under test changed from the stub"}
MESSAGE = ("the code under test is unchanged from the stub (comments and layout aside): this is a refactoring "
           "exercise")


class CheckError(Exception):
    """The converter cannot place the check: one line naming the file and the fix."""


def _go(text: str, stub: dict[str, str], tests: list[str]) -> str:
    package = list(re.finditer(r"^package \w+[ \t]*\n", text, re.M))
    if len(package) != 1:
        raise CheckError("no single package clause to put the refactoring check's imports after")
    at = package[0].end()
    imports = ("\n// localagentbench: the refactoring check's imports (named apart from the file's own).\nimport (\n"
               '\tlabAST "go/ast"\n\tlabBuild "go/build"\n\tlabParser "go/parser"\n\tlabToken "go/token"\n'
               '\tlabOS "os"\n\tlabFilepath "path/filepath"\n\tlabReflect "reflect"\n\tlabDebug "runtime/debug"\n'
               '\tlabSort "sort"\n'
               '\tlabStrings "strings"\n\tlabTesting "testing"\n)\n')
    stub_lines = ", ".join(f"{json.dumps(name)}: {json.dumps(src, ensure_ascii=False)}"
                           for name, src in sorted(stub.items()))
    test_lines = ", ".join(f"{json.dumps(name)}: true" for name in sorted(tests))
    check = f"""
// localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code under
// test must differ from the stub below beyond comments and layout: its top-level declarations and imports, parsed
// without comments and printed without positions, over every file the go tool compiles into this package's tests
// but the task's own test files, however they are split over files.
var labTaskTestFiles = map[string]bool{{{test_lines}}}

func {CHECK_TEST['go']}(t *labTesting.T) {{
	stub := map[string]string{{{stub_lines}}}
	// The files as the go command picked them for this very binary: go/build's default context knows neither the
	// tags nor the cgo setting the go command built with (it turns cgo off where no C compiler is on PATH), so it
	// is set from the build settings the go command recorded in the binary.
	info, ok := labDebug.ReadBuildInfo()
	if !ok {{
		t.Fatal("the test binary carries no build settings (runtime/debug.ReadBuildInfo)")
	}}
	context := labBuild.Default
	context.BuildTags = nil
	for _, setting := range info.Settings {{
		switch setting.Key {{
		case "CGO_ENABLED":
			context.CgoEnabled = setting.Value == "1"
		case "GOOS":
			context.GOOS = setting.Value
		case "GOARCH":
			context.GOARCH = setting.Value
		case "-tags":
			context.BuildTags = append(context.BuildTags, labStrings.Split(setting.Value, ",")...)
		case "-race", "-msan", "-asan":
			if setting.Value == "true" {{
				context.BuildTags = append(context.BuildTags, setting.Key[1:])
			}}
		}}
	}}
	pkg, err := context.ImportDir(".", 0)
	if err != nil {{
		t.Fatalf("the package directory: %v", err)
	}}
	now := map[string]string{{}}
	for _, group := range [][]string{{pkg.GoFiles, pkg.CgoFiles, pkg.TestGoFiles}} {{
		for _, name := range group {{
			if labTaskTestFiles[name] {{
				continue
			}}
			data, err := labOS.ReadFile(labFilepath.Join(pkg.Dir, name))
			if err != nil {{
				t.Fatalf("%s: %v", name, err)
			}}
			now[name] = string(data)
		}}
	}}
	if labProgram(t, now) == labProgram(t, stub) {{
		t.Fatal({json.dumps(MESSAGE)})
	}}
}}

func labProgram(t *labTesting.T, files map[string]string) string {{
	posType := labReflect.TypeOf(labToken.NoPos)
	dump := func(node any) string {{
		var out labStrings.Builder
		err := labAST.Fprint(&out, nil, node, func(name string, v labReflect.Value) bool {{
			return v.Type() != posType && labAST.NotNilFilter(name, v)
		}})
		if err != nil {{
			t.Fatalf("printing a declaration: %v", err)
		}}
		return out.String()
	}}
	fset := labToken.NewFileSet()
	var decls []string
	imports := map[string]bool{{}}
	for name, src := range files {{
		file, err := labParser.ParseFile(fset, name, src, labParser.SkipObjectResolution)
		if err != nil {{
			t.Fatalf("parsing %s: %v", name, err)
		}}
		labAST.Inspect(file, func(n labAST.Node) bool {{ // a stray ";" is layout (gofmt drops it)
			switch n := n.(type) {{
			case *labAST.BlockStmt:
				n.List = labStatements(n.List)
			case *labAST.CaseClause:
				n.Body = labStatements(n.Body)
			case *labAST.CommClause:
				n.Body = labStatements(n.Body)
			}}
			return true
		}})
		for _, decl := range file.Decls {{
			if gen, ok := decl.(*labAST.GenDecl); ok && gen.Tok == labToken.IMPORT {{
				for _, spec := range gen.Specs {{
					imports[dump(spec)] = true
				}}
				continue
			}}
			decls = append(decls, dump(decl))
		}}
	}}
	for spec := range imports {{
		decls = append(decls, "import "+spec)
	}}
	labSort.Strings(decls)
	return labStrings.Join(decls, "\\x00")
}}

func labStatements(list []labAST.Stmt) []labAST.Stmt {{
	var kept []labAST.Stmt
	for _, stmt := range list {{
		if _, empty := stmt.(*labAST.EmptyStmt); !empty {{
			kept = append(kept, stmt)
		}}
	}}
	return kept
}}
"""
    return text[:at] + imports + text[at:] + check


def _java_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) > 0x7e:
            out += [f"\\u{unit:04x}" for unit in _utf16(ch)]   # never a raw \u the lexer would read first
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _utf16(ch: str) -> list[int]:
    data = ch.encode("utf-16-be")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def _java(text: str, stub: dict[str, str], tests: list[str]) -> str:
    if not text.rstrip().endswith("}"):
        raise CheckError("the test file does not end with its class's closing brace")
    if "\nimport org.junit.jupiter.api.Test;\n" not in text:   # @Test as the file's tests say it (the split reads it)
        raise CheckError("the test file does not import org.junit.jupiter.api.Test")
    stubs = ",\n".join(f"            {_java_string(src)}" for _, src in sorted(stub.items()))
    names = ", ".join(_java_string(name) for name in sorted(tests))
    check = f"""
    // localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code
    // under test must differ from the stub below beyond comments and layout: the top-level types, imports and
    // package names javac parses from every .java file the grading command compiles (under src/) but the task's
    // own test files, printed by javac (no comments, one layout), however they are split over files.
    @Test
    public void {CHECK_TEST['java']}() throws java.io.IOException {{
        java.util.List<String> stub = java.util.List.of(
{stubs});
        java.util.Set<String> taskTests = java.util.Set.of({names});
        java.util.List<String> now = new java.util.ArrayList<>();
        java.nio.file.Path src = java.nio.file.Paths.get("src");
        java.util.List<java.nio.file.Path> paths;
        try (java.util.stream.Stream<java.nio.file.Path> walk = java.nio.file.Files.walk(src)) {{
            paths = walk.filter(p -> p.getFileName().toString().endsWith(".java")).sorted()
                .collect(java.util.stream.Collectors.toList());
        }}
        for (java.nio.file.Path path : paths) {{
            if (!taskTests.contains(path.toString().replace(java.io.File.separatorChar, '/'))) {{
                now.add(java.nio.file.Files.readString(path, java.nio.charset.StandardCharsets.UTF_8));
            }}
        }}
        if (localagentbenchProgram(now).equals(localagentbenchProgram(stub))) {{
            org.junit.jupiter.api.Assertions.fail({_java_string(MESSAGE)});
        }}
    }}

    private static String localagentbenchProgram(java.util.List<String> sources) throws java.io.IOException {{
        java.util.List<javax.tools.JavaFileObject> units = new java.util.ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {{
            String source = sources.get(i);
            units.add(new javax.tools.SimpleJavaFileObject(java.net.URI.create("string:///Unit" + i + ".java"),
                    javax.tools.JavaFileObject.Kind.SOURCE) {{
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {{
                    return source;
                }}
            }});
        }}
        javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> errors = new javax.tools.DiagnosticCollector<>();
        com.sun.source.util.JavacTask task = (com.sun.source.util.JavacTask) javax.tools.ToolProvider
            .getSystemJavaCompiler().getTask(null, null, errors, java.util.List.of("-proc:none"), null, units);
        java.util.List<String> decls = new java.util.ArrayList<>();
        java.util.Set<String> imports = new java.util.TreeSet<>();
        for (com.sun.source.tree.CompilationUnitTree unit : task.parse()) {{
            imports.add("package " + unit.getPackageName());
            for (com.sun.source.tree.ImportTree tree : unit.getImports()) {{
                imports.add(tree.toString().strip());
            }}
            for (com.sun.source.tree.Tree tree : unit.getTypeDecls()) {{
                decls.add(tree.toString().strip());
            }}
        }}
        for (javax.tools.Diagnostic<?> d : errors.getDiagnostics()) {{
            if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {{
                org.junit.jupiter.api.Assertions.fail("parsing the code under test: " + d.getMessage(null));
            }}
        }}
        java.util.Collections.sort(decls);
        decls.addAll(imports);
        return String.join("\\0", decls);
    }}
"""
    body = text.rstrip()
    return body[:-1].rstrip("\n") + "\n" + check + "}\n"


_JS_DROPPED = ("start", "end", "loc", "range", "extra", "comments", "leadingComments", "trailingComments",
               "innerComments", "tokens")


def _javascript(text: str, stub: dict[str, str], tests: list[str]) -> str:
    if len(stub) != 1:
        raise CheckError(f"the stub has {len(stub)} files; the JavaScript check compares one module")
    (name, src), = stub.items()
    module = "./" + name.removesuffix(".js")
    check = f"""
// localagentbench: this is a refactoring exercise, and the stub already passes every other test. The module the
// tests import, as jest resolves it, must differ from the stub below beyond comments and layout: both are parsed
// by Babel's parser (jest's own transform's) and compared as syntax trees without locations, comments, raw text
// or parentheses.
describe('Refactoring', () => {{
  test('{CHECK_TEST['javascript']}', () => {{
    const {{ parse }} = require('@babel/parser');
    const {{ readFileSync }} = require('fs');
    const dropped = new Set({json.dumps(list(_JS_DROPPED))});
    const program = (source) =>
      JSON.stringify(parse(source, {{ sourceType: 'unambiguous', allowReturnOutsideFunction: true }}).program,
        (key, value) => (dropped.has(key) ? undefined
          // a stray ";" (an empty statement in a list of statements) is layout
          : Array.isArray(value) ? value.filter((node) => !(node && node.type === 'EmptyStatement')) : value));
    const stub = {json.dumps(src, ensure_ascii=True)};
    const now = readFileSync(require.resolve({json.dumps(module)}), 'utf8');
    expect(program(now) === program(stub) ? {json.dumps(MESSAGE)} : 'changed').toBe('changed');
  }});
}});
"""
    return text.rstrip("\n") + "\n" + check


CHECKS = {"go": _go, "java": _java, "javascript": _javascript}


def with_check(task_id: str, language: str, path: str, text: str, stub: dict[str, str], tests: list[str]) -> str:
    """The test file `path` of the refactoring exercise `task_id` with the check added; `stub`: the code under test
    as the fixture holds it (path: text); `tests`: the task's own test files (path relative to the exercise), which
    are not code under test."""
    try:
        return CHECKS[language](text, stub, tests)
    except CheckError as exc:
        raise CheckError(f"{task_id}: {path}: {exc}; update tools/polyglot/refactor.py") from None
