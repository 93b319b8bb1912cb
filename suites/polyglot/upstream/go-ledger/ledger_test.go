package ledger

// localagentbench: the refactoring check's imports (named apart from the file's own).
import (
	labAST "go/ast"
	labBuild "go/build"
	labParser "go/parser"
	labToken "go/token"
	labOS "os"
	labFilepath "path/filepath"
	labReflect "reflect"
	labDebug "runtime/debug"
	labSort "sort"
	labStrings "strings"
	labTesting "testing"
)

import (
	"reflect"
	"testing"
)

var failureTestCases = []testCase{
	{
		description: "empty currency",
		currency:    "",
		locale:      "en-US",
		entries:     nil,
	},
	{
		description: "invalid currency",
		currency:    "ABC",
		locale:      "en-US",
		entries:     nil,
	},
	{
		description: "empty locale",
		currency:    "USD",
		locale:      "",
		entries:     nil,
	},
	{
		description: "invalid locale",
		currency:    "USD",
		locale:      "nl-US",
		entries:     nil,
	},
	{
		description: "invalid date (way too high month)",
		currency:    "USD",
		locale:      "en-US",
		entries: []Entry{
			{
				Date:        "2015-131-11",
				Description: "Buy present",
				Change:      12345,
			},
		},
	},
	{
		description: "invalid date (wrong separator)",
		currency:    "USD",
		locale:      "en-US",
		entries: []Entry{
			{
				Date:        "2015-12/11",
				Description: "Buy present",
				Change:      12345,
			},
		},
	},
}

func TestFormatLedgerSuccess(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.description, func(t *testing.T) {
			actual, err := FormatLedger(tc.currency, tc.locale, tc.entries)
			if err != nil {
				t.Fatalf("FormatLedger for test %q returned unexpected error %q", tc.description, err)
			}
			if actual != tc.expected {
				t.Fatalf("FormatLedger for test %q failed\ngot:\n%#v\nwant:\n%#v", tc.description, actual, tc.expected)
			}
		})
	}
}

func TestFormatLedgerFailure(t *testing.T) {
	for _, tc := range failureTestCases {
		t.Run(tc.description, func(t *testing.T) {
			_, err := FormatLedger(tc.currency, tc.locale, tc.entries)
			if err == nil {
				t.Fatalf("FormatLedger for test %q expected error, got nil", tc.description)
			}
		})
	}
}

func TestFormatLedgerNotChangeInput(t *testing.T) {
	entries := []Entry{
		{
			Date:        "2015-01-02",
			Description: "Freude schöner Götterfunken",
			Change:      1000,
		},
		{
			Date:        "2015-01-01",
			Description: "Buy present",
			Change:      -1000,
		},
	}
	entriesCopy := make([]Entry, len(entries))
	copy(entriesCopy, entries)
	FormatLedger("USD", "en-US", entries)
	if !reflect.DeepEqual(entries, entriesCopy) {
		t.Fatalf("FormatLedger modifies the input entries array")
	}
}

func BenchmarkFormatLedger(b *testing.B) {
	for b.Loop() {
		for _, tc := range testCases {
			FormatLedger(tc.currency, tc.locale, tc.entries)
		}
	}
}

// localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code under
// test must differ from the stub below beyond comments and layout: its top-level declarations and imports, parsed
// without comments and printed without positions, over every file the go tool compiles into this package's tests
// but the task's own test files, however they are split over files.
var labTaskTestFiles = map[string]bool{"cases_test.go": true, "ledger_test.go": true}

func TestCodeUnderTestChangedFromStub(t *labTesting.T) {
	stub := map[string]string{"ledger.go": "package ledger\n\nimport (\n\t\"errors\"\n\t\"strconv\"\n\t\"strings\"\n)\n\ntype Entry struct {\n\tDate        string // \"Y-m-d\"\n\tDescription string\n\tChange      int // in cents\n}\n\nfunc FormatLedger(currency string, locale string, entries []Entry) (string, error) {\n\tvar entriesCopy []Entry\n\tfor _, e := range entries {\n\t\tentriesCopy = append(entriesCopy, e)\n\t}\n\tif len(entries) == 0 {\n\t\tif _, err := FormatLedger(currency, \"en-US\", []Entry{{Date: \"2014-01-01\", Description: \"\", Change: 0}}); err != nil {\n\t\t\treturn \"\", err\n\t\t}\n\t}\n\tm1 := map[bool]int{true: 0, false: 1}\n\tm2 := map[bool]int{true: -1, false: 1}\n\tes := entriesCopy\n\tfor len(es) > 1 {\n\t\tfirst, rest := es[0], es[1:]\n\t\tsuccess := false\n\t\tfor !success {\n\t\t\tsuccess = true\n\t\t\tfor i, e := range rest {\n\t\t\t\tif (m1[e.Date == first.Date]*m2[e.Date < first.Date]*4 +\n\t\t\t\t\tm1[e.Description == first.Description]*m2[e.Description < first.Description]*2 +\n\t\t\t\t\tm1[e.Change == first.Change]*m2[e.Change < first.Change]*1) < 0 {\n\t\t\t\t\tes[0], es[i+1] = es[i+1], es[0]\n\t\t\t\t\tsuccess = false\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t\tes = es[1:]\n\t}\n\n\tvar s string\n\tif locale == \"nl-NL\" {\n\t\ts = \"Datum\" +\n\t\t\tstrings.Repeat(\" \", 10-len(\"Datum\")) +\n\t\t\t\" | \" +\n\t\t\t\"Omschrijving\" +\n\t\t\tstrings.Repeat(\" \", 25-len(\"Omschrijving\")) +\n\t\t\t\" | \" + \"Verandering\" + strings.Repeat(\" \", 13-len(\"Verandering\")) + \"\\n\"\n\t} else if locale == \"en-US\" {\n\t\ts = \"Date\" +\n\t\t\tstrings.Repeat(\" \", 10-len(\"Date\")) +\n\t\t\t\" | \" +\n\t\t\t\"Description\" +\n\t\t\tstrings.Repeat(\" \", 25-len(\"Description\")) +\n\t\t\t\" | \" + \"Change\" + strings.Repeat(\" \", 13-len(\"Change\")) + \"\\n\"\n\t} else {\n\t\treturn \"\", errors.New(\"\")\n\t}\n\t// Parallelism, always a great idea\n\tco := make(chan struct {\n\t\ti int\n\t\ts string\n\t\te error\n\t})\n\tfor i, et := range entriesCopy {\n\t\tgo func(i int, entry Entry) {\n\t\t\tif len(entry.Date) != 10 {\n\t\t\t\tco <- struct {\n\t\t\t\t\ti int\n\t\t\t\t\ts string\n\t\t\t\t\te error\n\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t}\n\t\t\td1, d2, d3, d4, d5 := entry.Date[0:4], entry.Date[4], entry.Date[5:7], entry.Date[7], entry.Date[8:10]\n\t\t\tif d2 != '-' {\n\t\t\t\tco <- struct {\n\t\t\t\t\ti int\n\t\t\t\t\ts string\n\t\t\t\t\te error\n\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t}\n\t\t\tif d4 != '-' {\n\t\t\t\tco <- struct {\n\t\t\t\t\ti int\n\t\t\t\t\ts string\n\t\t\t\t\te error\n\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t}\n\t\t\tde := entry.Description\n\t\t\tif len(de) > 25 {\n\t\t\t\tde = de[:22] + \"...\"\n\t\t\t} else {\n\t\t\t\tde = de + strings.Repeat(\" \", 25-len(de))\n\t\t\t}\n\t\t\tvar d string\n\t\t\tif locale == \"nl-NL\" {\n\t\t\t\td = d5 + \"-\" + d3 + \"-\" + d1\n\t\t\t} else if locale == \"en-US\" {\n\t\t\t\td = d3 + \"/\" + d5 + \"/\" + d1\n\t\t\t}\n\t\t\tnegative := false\n\t\t\tcents := entry.Change\n\t\t\tif cents < 0 {\n\t\t\t\tcents = cents * -1\n\t\t\t\tnegative = true\n\t\t\t}\n\t\t\tvar a string\n\t\t\tif locale == \"nl-NL\" {\n\t\t\t\tif currency == \"EUR\" {\n\t\t\t\t\ta += \"€\"\n\t\t\t\t} else if currency == \"USD\" {\n\t\t\t\t\ta += \"$\"\n\t\t\t\t} else {\n\t\t\t\t\tco <- struct {\n\t\t\t\t\t\ti int\n\t\t\t\t\t\ts string\n\t\t\t\t\t\te error\n\t\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t\t}\n\t\t\t\ta += \" \"\n\t\t\t\tcentsStr := strconv.Itoa(cents)\n\t\t\t\tswitch len(centsStr) {\n\t\t\t\tcase 1:\n\t\t\t\t\tcentsStr = \"00\" + centsStr\n\t\t\t\tcase 2:\n\t\t\t\t\tcentsStr = \"0\" + centsStr\n\t\t\t\t}\n\t\t\t\trest := centsStr[:len(centsStr)-2]\n\t\t\t\tvar parts []string\n\t\t\t\tfor len(rest) > 3 {\n\t\t\t\t\tparts = append(parts, rest[len(rest)-3:])\n\t\t\t\t\trest = rest[:len(rest)-3]\n\t\t\t\t}\n\t\t\t\tif len(rest) > 0 {\n\t\t\t\t\tparts = append(parts, rest)\n\t\t\t\t}\n\t\t\t\tif negative {\n\t\t\t\t\ta += \"-\"\n\t\t\t\t}\n\t\t\t\tfor i := len(parts) - 1; i >= 0; i-- {\n\t\t\t\t\ta += parts[i] + \".\"\n\t\t\t\t}\n\t\t\t\ta = a[:len(a)-1]\n\t\t\t\ta += \",\"\n\t\t\t\ta += centsStr[len(centsStr)-2:]\n\t\t\t\ta += \" \"\n\t\t\t} else if locale == \"en-US\" {\n\t\t\t\tif negative {\n\t\t\t\t\ta += \"(\"\n\t\t\t\t}\n\t\t\t\tif currency == \"EUR\" {\n\t\t\t\t\ta += \"€\"\n\t\t\t\t} else if currency == \"USD\" {\n\t\t\t\t\ta += \"$\"\n\t\t\t\t} else {\n\t\t\t\t\tco <- struct {\n\t\t\t\t\t\ti int\n\t\t\t\t\t\ts string\n\t\t\t\t\t\te error\n\t\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t\t}\n\t\t\t\tcentsStr := strconv.Itoa(cents)\n\t\t\t\tswitch len(centsStr) {\n\t\t\t\tcase 1:\n\t\t\t\t\tcentsStr = \"00\" + centsStr\n\t\t\t\tcase 2:\n\t\t\t\t\tcentsStr = \"0\" + centsStr\n\t\t\t\t}\n\t\t\t\trest := centsStr[:len(centsStr)-2]\n\t\t\t\tvar parts []string\n\t\t\t\tfor len(rest) > 3 {\n\t\t\t\t\tparts = append(parts, rest[len(rest)-3:])\n\t\t\t\t\trest = rest[:len(rest)-3]\n\t\t\t\t}\n\t\t\t\tif len(rest) > 0 {\n\t\t\t\t\tparts = append(parts, rest)\n\t\t\t\t}\n\t\t\t\tfor i := len(parts) - 1; i >= 0; i-- {\n\t\t\t\t\ta += parts[i] + \",\"\n\t\t\t\t}\n\t\t\t\ta = a[:len(a)-1]\n\t\t\t\ta += \".\"\n\t\t\t\ta += centsStr[len(centsStr)-2:]\n\t\t\t\tif negative {\n\t\t\t\t\ta += \")\"\n\t\t\t\t} else {\n\t\t\t\t\ta += \" \"\n\t\t\t\t}\n\t\t\t} else {\n\t\t\t\tco <- struct {\n\t\t\t\t\ti int\n\t\t\t\t\ts string\n\t\t\t\t\te error\n\t\t\t\t}{e: errors.New(\"\")}\n\t\t\t}\n\t\t\tvar al int\n\t\t\tfor range a {\n\t\t\t\tal++\n\t\t\t}\n\t\t\tco <- struct {\n\t\t\t\ti int\n\t\t\t\ts string\n\t\t\t\te error\n\t\t\t}{i: i, s: d + strings.Repeat(\" \", 10-len(d)) + \" | \" + de + \" | \" +\n\t\t\t\tstrings.Repeat(\" \", 13-al) + a + \"\\n\"}\n\t\t}(i, et)\n\t}\n\tss := make([]string, len(entriesCopy))\n\tfor range entriesCopy {\n\t\tv := <-co\n\t\tif v.e != nil {\n\t\t\treturn \"\", v.e\n\t\t}\n\t\tss[v.i] = v.s\n\t}\n\tfor i := range len(entriesCopy) {\n\t\ts += ss[i]\n\t}\n\treturn s, nil\n}\n"}
	// The files as the go command picked them for this very binary: go/build's default context knows neither the
	// tags nor the cgo setting the go command built with (it turns cgo off where no C compiler is on PATH), so it
	// is set from the build settings the go command recorded in the binary.
	info, ok := labDebug.ReadBuildInfo()
	if !ok {
		t.Fatal("the test binary carries no build settings (runtime/debug.ReadBuildInfo)")
	}
	context := labBuild.Default
	context.BuildTags = nil
	for _, setting := range info.Settings {
		switch setting.Key {
		case "CGO_ENABLED":
			context.CgoEnabled = setting.Value == "1"
		case "GOOS":
			context.GOOS = setting.Value
		case "GOARCH":
			context.GOARCH = setting.Value
		case "-tags":
			context.BuildTags = append(context.BuildTags, labStrings.Split(setting.Value, ",")...)
		case "-race", "-msan", "-asan":
			if setting.Value == "true" {
				context.BuildTags = append(context.BuildTags, setting.Key[1:])
			}
		}
	}
	pkg, err := context.ImportDir(".", 0)
	if err != nil {
		t.Fatalf("the package directory: %v", err)
	}
	now := map[string]string{}
	for _, group := range [][]string{pkg.GoFiles, pkg.CgoFiles, pkg.TestGoFiles} {
		for _, name := range group {
			if labTaskTestFiles[name] {
				continue
			}
			data, err := labOS.ReadFile(labFilepath.Join(pkg.Dir, name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			now[name] = string(data)
		}
	}
	if labProgram(t, now) == labProgram(t, stub) {
		t.Fatal("the code under test is unchanged from the stub (comments and layout aside): this is a refactoring exercise")
	}
}

func labProgram(t *labTesting.T, files map[string]string) string {
	posType := labReflect.TypeOf(labToken.NoPos)
	dump := func(node any) string {
		var out labStrings.Builder
		err := labAST.Fprint(&out, nil, node, func(name string, v labReflect.Value) bool {
			return v.Type() != posType && labAST.NotNilFilter(name, v)
		})
		if err != nil {
			t.Fatalf("printing a declaration: %v", err)
		}
		return out.String()
	}
	fset := labToken.NewFileSet()
	var decls []string
	imports := map[string]bool{}
	for name, src := range files {
		file, err := labParser.ParseFile(fset, name, src, labParser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parsing %s: %v", name, err)
		}
		labAST.Inspect(file, func(n labAST.Node) bool { // a stray ";" is layout (gofmt drops it)
			switch n := n.(type) {
			case *labAST.BlockStmt:
				n.List = labStatements(n.List)
			case *labAST.CaseClause:
				n.Body = labStatements(n.Body)
			case *labAST.CommClause:
				n.Body = labStatements(n.Body)
			}
			return true
		})
		for _, decl := range file.Decls {
			if gen, ok := decl.(*labAST.GenDecl); ok && gen.Tok == labToken.IMPORT {
				for _, spec := range gen.Specs {
					imports[dump(spec)] = true
				}
				continue
			}
			decls = append(decls, dump(decl))
		}
	}
	for spec := range imports {
		decls = append(decls, "import "+spec)
	}
	labSort.Strings(decls)
	return labStrings.Join(decls, "\x00")
}

func labStatements(list []labAST.Stmt) []labAST.Stmt {
	var kept []labAST.Stmt
	for _, stmt := range list {
		if _, empty := stmt.(*labAST.EmptyStmt); !empty {
			kept = append(kept, stmt)
		}
	}
	return kept
}
