package pov

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type povTestCase struct {
	description string
	from        string
	tree        *Tree
	expected    *Tree
}

var povTestCases = []povTestCase{
	{
		description: "Can reroot a tree with a parent and many siblings",
		from:        "x",
		tree:        New("parent", New("a"), New("x"), New("b"), New("c")),
		expected:    New("x", New("parent", New("a"), New("b"), New("c"))),
	},
	{
		description: "Can reroot a complex tree with cousins",
		from:        "x",
		tree:        New("grandparent", New("parent", New("x", New("kid-0"), New("kid-1")), New("sibling-0"), New("sibling-1")), New("uncle", New("cousin-0"), New("cousin-1"))),
		expected:    New("x", New("kid-1"), New("kid-0"), New("parent", New("sibling-0"), New("sibling-1"), New("grandparent", New("uncle", New("cousin-0"), New("cousin-1"))))),
	},
}

type pathTestCase struct {
	description string
	from        string
	to          string
	tree        *Tree
	expected    []string
}

var pathTestCases = []pathTestCase{
	{
		description: "Can find path to sibling",
		from:        "x",
		to:          "b",
		tree:        New("parent", New("a"), New("x"), New("b"), New("c")),
		expected:    []string{"x", "parent", "b"},
	},
	{
		description: "Can find path not involving root",
		from:        "x",
		to:          "sibling-1",
		tree:        New("grandparent", New("parent", New("x"), New("sibling-0"), New("sibling-1"))),
		expected:    []string{"x", "parent", "sibling-1"},
	},
	{
		description: "Can find path from nodes other than x",
		from:        "a",
		to:          "c",
		tree:        New("parent", New("a"), New("x"), New("b"), New("c")),
		expected:    []string{"a", "parent", "c"},
	},
	{
		description: "Errors if destination does not exist",
		from:        "x",
		to:          "nonexistent",
		tree:        New("parent", New("x", New("kid-0"), New("kid-1")), New("sibling-0"), New("sibling-1")),
		expected:    []string(nil),
	},
	{
		description: "Errors if source does not exist",
		from:        "nonexistent",
		to:          "x",
		tree:        New("parent", New("x", New("kid-0"), New("kid-1")), New("sibling-0"), New("sibling-1")),
		expected:    []string(nil),
	},
}
