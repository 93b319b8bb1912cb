package poker

import (
	"slices"
	"testing"
)

var invalidTestCases = []struct {
	description string
	hand        string
}{
	{
		description: "11 is an invalid card rank",
		hand:        "11♢ 2♡ 3♡ 4♡ 5♡",
	},
	{
		description: "too few cards",
		hand:        "2♡ 3♡ 4♡ 5♡",
	},
	{
		description: "lack of spacing",
		hand:        "2♡ 3♡ 5♡7♡ 8♡",
	},
}

func TestBestHandValid(t *testing.T) {
	for _, tc := range validTestCases {
		t.Run(tc.description, func(t *testing.T) {
			actual, err := BestHand(tc.hands)
			if err != nil {
				t.Fatalf("BestHand(%v) returned error: %v, want: %v", tc.hands, err, tc.expected)
			}
			if !slices.Equal(actual, tc.expected) {
				t.Fatalf("BestHand(%v) = %v, want: %v", tc.hands, actual, tc.expected)
			}
		})
	}
}

func TestBestHandInvalid(t *testing.T) {
	for _, tc := range invalidTestCases {
		t.Run(tc.description, func(t *testing.T) {
			actual, err := BestHand([]string{tc.hand})
			if err == nil {
				t.Fatalf("BestHand(%v) expected error, got: %v", []string{tc.hand}, actual)
			}
		})
	}
}

func BenchmarkBestHand(b *testing.B) {
	for b.Loop() {
		for _, tc := range validTestCases {
			BestHand(tc.hands)
		}
	}
}
