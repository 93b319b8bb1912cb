package treebuilding

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	input       []Record
	wantErr     bool
	expected    *Node
}

var testCases = []testCase{
	{
		description: "no root node",
		input: []Record{
			Record{ID: 1, Parent: 0},
			Record{ID: 2, Parent: 0},
		},
		wantErr: true,
	},
	{
		description: "duplicate root",
		input: []Record{
			Record{ID: 0, Parent: 0},
			Record{ID: 0, Parent: 0},
		},
		wantErr: true,
	},
	{
		description: "non-continuous",
		input: []Record{
			Record{ID: 2, Parent: 0},
			Record{ID: 4, Parent: 2},
			Record{ID: 1, Parent: 0},
			Record{ID: 0, Parent: 0},
		},
		wantErr: true,
	},
	{
		description: "cycle indirectly",
		input: []Record{
			Record{ID: 5, Parent: 2},
			Record{ID: 3, Parent: 2},
			Record{ID: 2, Parent: 6},
			Record{ID: 4, Parent: 1},
			Record{ID: 1, Parent: 0},
			Record{ID: 0, Parent: 0},
			Record{ID: 6, Parent: 3},
		},
		wantErr: true,
	},
}
