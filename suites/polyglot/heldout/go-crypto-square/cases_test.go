package cryptosquare

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
		description: "empty plaintext results in an empty ciphertext",
		input:       "",
		expected:    "",
	},
	{
		description: "normalization results in empty plaintext",
		input:       "... --- ...",
		expected:    "",
	},
	{
		description: "Remove spaces",
		input:       "  b ",
		expected:    "b",
	},
	{
		description: "8 character plaintext results in 3 chunks, the last one with a trailing space",
		input:       "Chill out.",
		expected:    "clu hlt io ",
	},
}
