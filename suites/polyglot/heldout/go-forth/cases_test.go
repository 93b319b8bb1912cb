package forth

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	input       []string
	expected    []int  // nil slice indicates error expected.
	explainText string // error explanation text
}

var testCases = []testCase{
	{
		description: "parsing and numbers -> numbers just get pushed onto the stack",
		input:       []string{"1 2 3 4 5"},
		expected:    []int{1, 2, 3, 4, 5},
		explainText: "",
	},
	{
		description: "addition -> errors if there is nothing on the stack",
		input:       []string{"+"},
		expected:    []int(nil),
		explainText: "empty stack",
	},
	{
		description: "addition -> errors if there is only one value on the stack",
		input:       []string{"1 +"},
		expected:    []int(nil),
		explainText: "only one value on the stack",
	},
	{
		description: "addition -> more than two values on the stack",
		input:       []string{"1 2 3 +"},
		expected:    []int{1, 5},
		explainText: "",
	},
	{
		description: "subtraction -> can subtract two numbers",
		input:       []string{"3 4 -"},
		expected:    []int{-1},
		explainText: "",
	},
	{
		description: "subtraction -> errors if there is nothing on the stack",
		input:       []string{"-"},
		expected:    []int(nil),
		explainText: "empty stack",
	},
	{
		description: "subtraction -> errors if there is only one value on the stack",
		input:       []string{"1 -"},
		expected:    []int(nil),
		explainText: "only one value on the stack",
	},
	{
		description: "subtraction -> more than two values on the stack",
		input:       []string{"1 12 3 -"},
		expected:    []int{1, 9},
		explainText: "",
	},
	{
		description: "multiplication -> errors if there is nothing on the stack",
		input:       []string{"*"},
		expected:    []int(nil),
		explainText: "empty stack",
	},
	{
		description: "multiplication -> more than two values on the stack",
		input:       []string{"1 2 3 *"},
		expected:    []int{1, 6},
		explainText: "",
	},
	{
		description: "division -> errors if there is nothing on the stack",
		input:       []string{"/"},
		expected:    []int(nil),
		explainText: "empty stack",
	},
	{
		description: "combined arithmetic -> multiplication and addition",
		input:       []string{"1 3 4 * +"},
		expected:    []int{13},
		explainText: "",
	},
	{
		description: "dup -> copies the top value on the stack",
		input:       []string{"1 2 dup"},
		expected:    []int{1, 2, 2},
		explainText: "",
	},
	{
		description: "dup -> errors if there is nothing on the stack",
		input:       []string{"dup"},
		expected:    []int(nil),
		explainText: "empty stack",
	},
	{
		description: "drop -> removes the top value on the stack if it is the only one",
		input:       []string{"1 drop"},
		expected:    []int{},
		explainText: "",
	},
	{
		description: "swap -> swaps the top two values on the stack if they are the only ones",
		input:       []string{"1 2 swap"},
		expected:    []int{2, 1},
		explainText: "",
	},
	{
		description: "over -> copies the second element if there are only two",
		input:       []string{"1 2 over"},
		expected:    []int{1, 2, 1},
		explainText: "",
	},
	{
		description: "over -> errors if there is only one value on the stack",
		input:       []string{"1 over"},
		expected:    []int(nil),
		explainText: "only one value on the stack",
	},
	{
		description: "user-defined words -> execute in the right order",
		input:       []string{": countup 1 2 3 ;", "countup"},
		expected:    []int{1, 2, 3},
		explainText: "",
	},
	{
		description: "user-defined words -> can override other user-defined words",
		input:       []string{": foo dup ;", ": foo dup dup ;", "1 foo"},
		expected:    []int{1, 1, 1},
		explainText: "",
	},
	{
		description: "user-defined words -> can override built-in words",
		input:       []string{": swap dup ;", "1 swap"},
		expected:    []int{1, 1},
		explainText: "",
	},
	{
		description: "user-defined words -> can define word that uses word with the same name",
		input:       []string{": foo 10 ;", ": foo foo 1 + ;", "foo"},
		expected:    []int{11},
		explainText: "",
	},
	{
		description: "user-defined words -> cannot redefine negative numbers",
		input:       []string{": -1 2 ;"},
		expected:    []int(nil),
		explainText: "illegal operation",
	},
	{
		description: "case-insensitivity -> OVER is case-insensitive",
		input:       []string{"1 2 OVER Over over"},
		expected:    []int{1, 2, 1, 2, 1},
		explainText: "",
	},
	{
		description: "case-insensitivity -> user-defined words are case-insensitive",
		input:       []string{": foo dup ;", "1 FOO Foo foo"},
		expected:    []int{1, 1, 1, 1},
		explainText: "",
	},
}
