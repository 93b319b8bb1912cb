package react

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type CreateCell struct {
	cType    string
	name     string
	value    int
	inputs   []string
	fn1      func(int) int
	fn2      func(int, int) int
	fnString string
}

type Operation struct {
	oType           string
	cell            string
	name            string
	value           int
	wantCallbacks   map[string]int
	wantNoCallbacks []string
}

type testCase struct {
	description string
	cells       []CreateCell
	operations  []Operation
}

var testCases = []testCase{
	{
		description: "compute cells update value when dependencies are changed",
		cells: []CreateCell{
			CreateCell{cType: "input", name: "input", value: 1},
			CreateCell{cType: "compute1", name: "output", inputs: []string{"input"}, fn1: func(x int) int { return x + 1 }, fnString: "func(x int) int {return x + 1}"},
		},
		operations: []Operation{
			Operation{oType: "SetValue", cell: "input", value: 3},
			Operation{oType: "Value", cell: "output", value: 4},
		},
	},
	{
		description: "callbacks can fire from multiple cells",
		cells: []CreateCell{
			CreateCell{cType: "input", name: "input", value: 1},
			CreateCell{cType: "compute1", name: "plus_one", inputs: []string{"input"}, fn1: func(x int) int { return x + 1 }, fnString: "func(x int) int {return x + 1}"},
			CreateCell{cType: "compute1", name: "minus_one", inputs: []string{"input"}, fn1: func(x int) int { return x - 1 }, fnString: "func(x int) int {return x - 1}"},
		},
		operations: []Operation{
			Operation{oType: "AddCallback", cell: "plus_one", name: "callback1"},
			Operation{oType: "AddCallback", cell: "minus_one", name: "callback2"},
			Operation{oType: "SetValue", cell: "input", value: 10, wantCallbacks: map[string]int{"callback1": 11, "callback2": 9}},
		},
	},
	{
		description: "callbacks should not be called if dependencies change but output value doesn't change",
		cells: []CreateCell{
			CreateCell{cType: "input", name: "input", value: 1},
			CreateCell{cType: "compute1", name: "plus_one", inputs: []string{"input"}, fn1: func(x int) int { return x + 1 }, fnString: "func(x int) int {return x + 1}"},
			CreateCell{cType: "compute1", name: "minus_one", inputs: []string{"input"}, fn1: func(x int) int { return x - 1 }, fnString: "func(x int) int {return x - 1}"},
			CreateCell{cType: "compute2", name: "always_two", inputs: []string{"plus_one", "minus_one"}, fn2: func(x, y int) int { return x - y }, fnString: "func(x, y int) int {return x - y}"},
		},
		operations: []Operation{
			Operation{oType: "AddCallback", cell: "always_two", name: "callback1"},
			Operation{oType: "SetValue", cell: "input", value: 2, wantNoCallbacks: []string{"callback1"}},
			Operation{oType: "SetValue", cell: "input", value: 3, wantNoCallbacks: []string{"callback1"}},
			Operation{oType: "SetValue", cell: "input", value: 4, wantNoCallbacks: []string{"callback1"}},
			Operation{oType: "SetValue", cell: "input", value: 5, wantNoCallbacks: []string{"callback1"}},
		},
	},
}
