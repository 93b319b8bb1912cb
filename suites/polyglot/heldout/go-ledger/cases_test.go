package ledger

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

import "strings"

type testCase = struct {
	description string
	currency    string
	locale      string
	entries     []Entry
	expected    string
}

var testCases = []testCase{
	{
		description: "one entry",
		currency:    "USD",
		locale:      "en-US",
		entries: []Entry{
			{
				Date:        "2015-01-01",
				Description: "Buy present",
				Change:      -1000,
			},
		},
		expected: strings.Join([]string{
			"Date       | Description               | Change       ",
			"01/01/2015 | Buy present               |      ($10.00)",
		}, "\n") + "\n",
	},
	{
		description: "overlong description is truncated",
		currency:    "USD",
		locale:      "en-US",
		entries: []Entry{
			{
				Date:        "2015-01-01",
				Description: "Freude schoner Gotterfunken",
				Change:      -123456,
			},
		},
		expected: strings.Join([]string{
			"Date       | Description               | Change       ",
			"01/01/2015 | Freude schoner Gotterf... |   ($1,234.56)",
		}, "\n") + "\n",
	},
}
