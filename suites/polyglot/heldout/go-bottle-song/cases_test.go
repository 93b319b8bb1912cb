package bottlesong

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type bottleSongInput struct {
	startBottles int
	takeDown     int
}

type testCase struct {
	description string
	input       bottleSongInput
	expected    []string
}

var testCases = []testCase{
	{
		description: "first generic verse",
		input: bottleSongInput{
			startBottles: 10,
			takeDown:     1,
		},
		expected: []string{"Ten green bottles hanging on the wall,", "Ten green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be nine green bottles hanging on the wall."},
	},
	{
		description: "last generic verse",
		input: bottleSongInput{
			startBottles: 3,
			takeDown:     1,
		},
		expected: []string{"Three green bottles hanging on the wall,", "Three green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be two green bottles hanging on the wall."},
	},
	{
		description: "verse with 1 bottle",
		input: bottleSongInput{
			startBottles: 1,
			takeDown:     1,
		},
		expected: []string{"One green bottle hanging on the wall,", "One green bottle hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be no green bottles hanging on the wall."},
	},
	{
		description: "first two verses",
		input: bottleSongInput{
			startBottles: 10,
			takeDown:     2,
		},
		expected: []string{"Ten green bottles hanging on the wall,", "Ten green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be nine green bottles hanging on the wall.", "", "Nine green bottles hanging on the wall,", "Nine green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be eight green bottles hanging on the wall."},
	},
	{
		description: "last three verses",
		input: bottleSongInput{
			startBottles: 3,
			takeDown:     3,
		},
		expected: []string{"Three green bottles hanging on the wall,", "Three green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be two green bottles hanging on the wall.", "", "Two green bottles hanging on the wall,", "Two green bottles hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be one green bottle hanging on the wall.", "", "One green bottle hanging on the wall,", "One green bottle hanging on the wall,", "And if one green bottle should accidentally fall,", "There'll be no green bottles hanging on the wall."},
	},
}
