package say

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	input       int64
	expected    string
	expectError bool
}

var testCases = []testCase{
	{
		description: "one",
		input:       1,
		expected:    "one",
		expectError: false,
	},
	{
		description: "twenty",
		input:       20,
		expected:    "twenty",
		expectError: false,
	},
	{
		description: "nine hundred ninety-nine",
		input:       999,
		expected:    "nine hundred ninety-nine",
		expectError: false,
	},
	{
		description: "one billion",
		input:       1000000000,
		expected:    "one billion",
		expectError: false,
	},
}
