package simplelinkedlist

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type Operation struct {
	operation    string
	value        int
	expectedInt  int
	expectedInts []int
	expectedErr  string
}

type testCase struct {
	description   string
	initialValues []int
	operations    []Operation
}

var testCases = []testCase{
	{
		description:   "Push updates count",
		initialValues: []int{1, 2},
		operations: []Operation{
			Operation{operation: "Push", value: 3},
			Operation{operation: "Size", expectedInt: 3},
		},
	},
	{
		description:   "Can peek on non-empty list",
		initialValues: []int{1, 2},
		operations: []Operation{
			Operation{operation: "Peek", expectedInt: 2},
		},
	},
	{
		description:   "Can peek after a pop and push",
		initialValues: []int{},
		operations: []Operation{
			Operation{operation: "Push", value: 1},
			Operation{operation: "Push", value: 2},
			Operation{operation: "Peek", expectedInt: 2},
			Operation{operation: "Pop", expectedInt: 2},
			Operation{operation: "Peek", expectedInt: 1},
			Operation{operation: "Push", value: 3},
			Operation{operation: "Peek", expectedInt: 3},
		},
	},
	{
		description:   "To list after a pop",
		initialValues: []int{},
		operations: []Operation{
			Operation{operation: "Push", value: 1},
			Operation{operation: "Push", value: 2},
			Operation{operation: "Push", value: 3},
			Operation{operation: "Pop", expectedInt: 3},
			Operation{operation: "Push", value: 4},
			Operation{operation: "Array", expectedInts: []int{1, 2, 4}},
		},
	},
	{
		description:   "Reversed singleton list is same list",
		initialValues: []int{1},
		operations: []Operation{
			Operation{operation: "Reverse"},
			Operation{operation: "Array", expectedInts: []int{1}},
		},
	},
}
