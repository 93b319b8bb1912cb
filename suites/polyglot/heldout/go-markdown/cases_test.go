package markdown

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
