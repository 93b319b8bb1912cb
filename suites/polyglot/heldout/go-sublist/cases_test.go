package sublist

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	listOne     []int
	listTwo     []int
	expected    Relation
}

var testCases = []testCase{
	{
		description: "sublist at start",
		listOne:     []int{0, 1, 2},
		listTwo:     []int{0, 1, 2, 3, 4, 5},
		expected:    "sublist",
	},
	{
		description: "at start of superlist",
		listOne:     []int{0, 1, 2, 3, 4, 5},
		listTwo:     []int{0, 1, 2},
		expected:    "superlist",
	},
	{
		description: "first list missing element from second list",
		listOne:     []int{1, 3},
		listTwo:     []int{1, 2, 3},
		expected:    "unequal",
	},
}
