package wordsearch

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	puzzle      []string
	words       []string
	expectError bool
	expected    map[string][2][2]int
}

var testCases = []testCase{
	{
		description: "Should accept an initial game grid and a target search word",
		puzzle:      []string{"jefblpepre"},
		words:       []string{"clojure"},
		expectError: true,
		expected:    map[string][2][2]int{"clojure": {{-1, -1}, {-1, -1}}},
	},
	{
		description: "Should locate a left to right word in two line grid",
		puzzle:      []string{"jefblpepre", "tclojurerm"},
		words:       []string{"clojure"},
		expectError: false,
		expected:    map[string][2][2]int{"clojure": {{1, 1}, {7, 1}}},
	},
	{
		description: "Should locate that left to right word in a different position in a ten line grid",
		puzzle:      []string{"jefblpepre", "camdcimgtc", "oivokprjsm", "pbwasqroua", "rixilelhrs", "wolcqlirpc", "screeaumgr", "alxhpburyi", "clojurermt", "jalaycalmp"},
		words:       []string{"clojure"},
		expectError: false,
		expected:    map[string][2][2]int{"clojure": {{0, 8}, {6, 8}}},
	},
	{
		description: "Should locate words written bottom right to top left",
		puzzle:      []string{"jefblpepre", "camdcimgtc", "oivokprjsm", "pbwasqroua", "rixilelhrs", "wolcqlirpc", "screeaumgr", "alxhpburyi", "jalaycalmp", "clojurermt"},
		words:       []string{"clojure", "elixir", "ecmascript", "rust", "java", "lua"},
		expectError: false,
		expected:    map[string][2][2]int{"clojure": {{0, 9}, {6, 9}}, "ecmascript": {{9, 0}, {9, 9}}, "elixir": {{5, 4}, {0, 4}}, "java": {{0, 0}, {3, 3}}, "lua": {{7, 8}, {5, 6}}, "rust": {{8, 4}, {8, 1}}},
	},
	{
		description: "Should not concatenate different lines to find a horizontal word",
		puzzle:      []string{"abceli", "xirdfg"},
		words:       []string{"elixir"},
		expectError: true,
		expected:    map[string][2][2]int{"elixir": {{-1, -1}, {-1, -1}}},
	},
}
