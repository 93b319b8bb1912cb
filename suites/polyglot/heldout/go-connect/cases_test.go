package connect

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	board       []string
	expected    string
}

var testCases = []testCase{
	{
		description: "X can win on a 1x1 board",
		board: []string{
			"X",
		},
		expected: "X",
	},
	{
		description: "O can win on a 1x1 board",
		board: []string{
			"O",
		},
		expected: "O",
	},
	{
		description: "X wins with left-hand dead end fork",
		board: []string{
			". . X .",
			" X X . .",
			"  . X X X",
			"   O O O O",
		},
		expected: "X",
	},
	{
		description: "O wins crossing from top to bottom",
		board: []string{
			". O . .",
			" O X X X",
			"  O O O .",
			"   X X O X",
			"    . O X .",
		},
		expected: "O",
	},
	{
		description: "X wins using a convoluted path",
		board: []string{
			". X X . .",
			" X . X . X",
			"  . X . X .",
			"   . X X . .",
			"    O O O O O",
		},
		expected: "X",
	},
}
