package wordy

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type wordyTest struct {
	description string
	question    string
	expectError bool
	expected    int
}

var tests = []wordyTest{
	{
		description: "just a zero",
		question:    "What is 0?",
		expectError: false,
		expected:    0,
	},
	{
		description: "just a negative number",
		question:    "What is -123?",
		expectError: false,
		expected:    -123,
	},
	{
		description: "addition",
		question:    "What is 1 plus 1?",
		expectError: false,
		expected:    2,
	},
	{
		description: "addition with a left hand zero",
		question:    "What is 0 plus 2?",
		expectError: false,
		expected:    2,
	},
	{
		description: "addition with a right hand zero",
		question:    "What is 3 plus 0?",
		expectError: false,
		expected:    3,
	},
	{
		description: "division",
		question:    "What is 33 divided by -3?",
		expectError: false,
		expected:    -11,
	},
	{
		description: "addition and multiplication",
		question:    "What is -3 plus 7 multiplied by -2?",
		expectError: false,
		expected:    -8,
	},
	{
		description: "unknown operation",
		question:    "What is 52 cubed?",
		expectError: true,
		expected:    0,
	},
	{
		description: "reject two numbers in a row",
		question:    "What is 1 plus 2 1?",
		expectError: true,
		expected:    0,
	},
}
