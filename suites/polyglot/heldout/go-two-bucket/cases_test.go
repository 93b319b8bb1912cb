package twobucket

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type bucketTestCase struct {
	description   string
	bucketOne     int
	bucketTwo     int
	goal          int
	startBucket   string
	goalBucket    string
	moves         int
	otherBucket   int
	expectedError string
}

var testCases = []bucketTestCase{
	{
		description:   "With the same buckets but a different goal, then it is possible",
		bucketOne:     6,
		bucketTwo:     15,
		goal:          9,
		startBucket:   "one",
		goalBucket:    "two",
		moves:         10,
		otherBucket:   0,
		expectedError: "",
	},
}
