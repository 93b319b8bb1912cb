package bowling

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCaseScore struct {
	description   string
	previousRolls []int  // bowling rolls to do before the Score() test
	valid         bool   // true => no error, false => error expected
	score         int    // when .valid == true, the expected score value
	explainText   string // when .valid == false, error explanation text
}

var scoreTestCases = []testCaseScore{
	{
		description:   "should be able to score a game with all zeros",
		previousRolls: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		valid:         true,
		score:         0,
		explainText:   "",
	},
	{
		description:   "should be able to score a game with no strikes or spares",
		previousRolls: []int{3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6, 3, 6},
		valid:         true,
		score:         90,
		explainText:   "",
	},
	{
		description:   "consecutive spares each get a one roll bonus",
		previousRolls: []int{5, 5, 3, 7, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		valid:         true,
		score:         31,
		explainText:   "",
	},
	{
		description:   "consecutive strikes each get the two roll bonus",
		previousRolls: []int{10, 10, 10, 5, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		valid:         true,
		score:         81,
		explainText:   "",
	},
	{
		description:   "a strike in the last frame gets a two roll bonus that is counted once",
		previousRolls: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 7, 1},
		valid:         true,
		score:         18,
		explainText:   "",
	},
	{
		description:   "bonus roll for a spare in the last frame must be rolled before score can be calculated",
		previousRolls: []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 3},
		valid:         false,
		score:         0,
		explainText:   "Score cannot be taken until the end of the game",
	},
}

type testCaseRoll struct {
	description   string
	previousRolls []int  // bowling rolls to do before the Roll(roll) test
	valid         bool   // true => no error, false => error expected
	roll          int    // pin count for the test roll
	explainText   string // when .valid == false, error explanation text
}

var rollTestCases = []testCaseRoll{
	{
		description:   "rolls cannot score negative points",
		previousRolls: []int{},
		valid:         false,
		roll:          -1,
		explainText:   "Negative roll is invalid",
	},
	{
		description:   "a roll cannot score more than 10 points",
		previousRolls: []int{},
		valid:         false,
		roll:          11,
		explainText:   "Pin count exceeds pins on the lane",
	},
}
