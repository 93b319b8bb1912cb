package markdown

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

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	input       string
	expected    string
}

var testCases = []testCase{
	{
		description: "with h5 header level",
		input:       "##### This will be an h5",
		expected:    "<h5>This will be an h5</h5>",
	},
	{
		description: "with h6 header level",
		input:       "###### This will be an h6",
		expected:    "<h6>This will be an h6</h6>",
	},
	{
		description: "h7 header level is a paragraph",
		input:       "####### This will not be an h7",
		expected:    "<p>####### This will not be an h7</p>",
	},
	{
		description: "with markdown symbols in the paragraph text that should not be interpreted",
		input:       "This is a paragraph with # and * in the text",
		expected:    "<p>This is a paragraph with # and * in the text</p>",
	},
}

// localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code under
// test must differ from the stub below beyond comments and layout: its top-level declarations and imports, parsed
// without comments and printed without positions, over every file the go tool compiles into this package's tests
// but the task's own test files, however they are split over files.
var labTaskTestFiles = map[string]bool{"cases_test.go": true, "markdown_test.go": true}

func TestCodeUnderTestChangedFromStub(t *labTesting.T) {
	stub := map[string]string{"markdown.go": "package markdown\n\n// implementation to refactor\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n// Render translates markdown to HTML\nfunc Render(markdown string) string {\n\theader := 0\n\tmarkdown = strings.Replace(markdown, \"__\", \"<strong>\", 1)\n\tmarkdown = strings.Replace(markdown, \"__\", \"</strong>\", 1)\n\tmarkdown = strings.Replace(markdown, \"_\", \"<em>\", 1)\n\tmarkdown = strings.Replace(markdown, \"_\", \"</em>\", 1)\n\tpos := 0\n\tlist := 0\n\tlistOpened := false\n\thtml := \"\"\n\the := false\n\tfor {\n\t\tchar := markdown[pos]\n\t\tif char == '#' {\n\t\t\tfor char == '#' {\n\t\t\t\theader++\n\t\t\t\tpos++\n\t\t\t\tchar = markdown[pos]\n\t\t\t}\n\t\t\tif header == 7 {\n\t\t\t\thtml += fmt.Sprintf(\"<p>%s \", strings.Repeat(\"#\", header))\n\t\t\t} else if he {\n\t\t\t\thtml += \"# \"\n\t\t\t\theader--\n\t\t\t} else {\n\t\t\t\thtml += fmt.Sprintf(\"<h%d>\", header)\n\t\t\t}\n\t\t\tpos++\n\t\t\tcontinue\n\t\t}\n\t\the = true\n\t\tif char == '*' && header == 0 && strings.Contains(markdown, \"\\n\") {\n\t\t\tif list == 0 {\n\t\t\t\thtml += \"<ul>\"\n\t\t\t}\n\t\t\tlist++\n\t\t\tif !listOpened {\n\t\t\t\thtml += \"<li>\"\n\t\t\t\tlistOpened = true\n\t\t\t} else {\n\t\t\t\thtml += string(char) + \" \"\n\t\t\t}\n\t\t\tpos += 2\n\t\t\tcontinue\n\t\t}\n\t\tif char == '\\n' {\n\t\t\tif listOpened && strings.LastIndex(markdown, \"\\n\") == pos && strings.LastIndex(markdown, \"\\n\") > strings.LastIndex(markdown, \"*\") {\n\t\t\t\thtml += \"</li></ul><p>\"\n\t\t\t\tlistOpened = false\n\t\t\t\tlist = 0\n\t\t\t}\n\t\t\tif list > 0 && listOpened {\n\t\t\t\thtml += \"</li>\"\n\t\t\t\tlistOpened = false\n\t\t\t}\n\t\t\tif header > 0 {\n\t\t\t\thtml += fmt.Sprintf(\"</h%d>\", header)\n\t\t\t\theader = 0\n\t\t\t}\n\t\t\tpos++\n\t\t\tcontinue\n\t\t}\n\t\thtml += string(char)\n\t\tpos++\n\t\tif pos >= len(markdown) {\n\t\t\tbreak\n\t\t}\n\t}\n\tswitch {\n\tcase header == 7:\n\t\treturn html + \"</p>\"\n\tcase header > 0:\n\t\treturn html + fmt.Sprintf(\"</h%d>\", header)\n\t}\n\tif list > 0 {\n\t\treturn html + \"</li></ul>\"\n\t}\n\tif strings.Contains(html, \"<p>\") {\n\t\treturn html + \"</p>\"\n\t}\n\treturn \"<p>\" + html + \"</p>\"\n}\n"}
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
