package palindromeproducts

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	// input to Products(): range limits for factors of the palindrome
	fmin, fmax int
	// are we checking the min or max
	property string
	product  int
	factors  [][2]int
	errorMsg string // start of text if there is an error, "" otherwise
}

var testCases = []testCase{
	{
		description: "find the largest palindrome from single digit factors",
		fmin:        1,
		fmax:        9,
		property:    "largest",
		product:     9,
		factors:     [][2]int{[2]int{1, 9}, [2]int{3, 3}},
		errorMsg:    "",
	},
	{
		description: "find the largest palindrome from triple digit factors",
		fmin:        100,
		fmax:        999,
		property:    "largest",
		product:     906609,
		factors:     [][2]int{[2]int{913, 993}},
		errorMsg:    "",
	},
	{
		description: "find the largest palindrome from four digit factors",
		fmin:        1000,
		fmax:        9999,
		property:    "largest",
		product:     99000099,
		factors:     [][2]int{[2]int{9901, 9999}},
		errorMsg:    "",
	},
}
