package alphametics

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description   string
	input         string
	expected      map[string]int
	errorExpected bool
}

var testCases = []testCase{
	{
		description: "puzzle with three letters",
		input:       "I + BB == ILL",
		expected:    map[string]int{"B": 9, "I": 1, "L": 0},
	},
	{
		description: "puzzle with two digits final carry",
		input:       "A + A + A + A + A + A + A + A + A + A + A + B == BCC",
		expected:    map[string]int{"A": 9, "B": 1, "C": 0},
	},
	{
		description: "puzzle with six letters",
		input:       "NO + NO + TOO == LATE",
		expected:    map[string]int{"A": 0, "E": 2, "L": 1, "N": 7, "O": 4, "T": 9},
	},
	{
		description: "puzzle with seven letters",
		input:       "HE + SEES + THE == LIGHT",
		expected:    map[string]int{"E": 4, "G": 2, "H": 5, "I": 0, "L": 1, "S": 9, "T": 7},
	},
}
