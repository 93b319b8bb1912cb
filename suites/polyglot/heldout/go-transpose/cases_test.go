package transpose

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	input       []string
	expected    []string
}

var testCases = []testCase{
	{
		description: "empty string",
		input:       []string{},
		expected:    []string{},
	},
	{
		description: "two characters in a column",
		input:       []string{"A", "1"},
		expected:    []string{"A1"},
	},
	{
		description: "first line longer than second line",
		input:       []string{"The fourth line.", "The fifth line."},
		expected:    []string{"TT", "hh", "ee", "  ", "ff", "oi", "uf", "rt", "th", "h ", " l", "li", "in", "ne", "e.", "."},
	},
	{
		description: "second line longer than first line",
		input:       []string{"The first line.", "The second line."},
		expected:    []string{"TT", "hh", "ee", "  ", "fs", "ie", "rc", "so", "tn", " d", "l ", "il", "ni", "en", ".e", " ."},
	},
	{
		description: "square",
		input:       []string{"HEART", "EMBER", "ABUSE", "RESIN", "TREND"},
		expected:    []string{"HEART", "EMBER", "ABUSE", "RESIN", "TREND"},
	},
}
