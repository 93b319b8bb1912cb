package poker

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description string
	hands       []string
	expected    []string
}

var validTestCases = []testCase{
	{
		description: "single hand always wins",
		hands:       []string{"4♤ 5♤ 7♡ 8♢ J♧"},
		expected:    []string{"4♤ 5♤ 7♡ 8♢ J♧"},
	},
	{
		description: "multiple hands with the same high cards, tie compares next highest ranked, down to last card",
		hands:       []string{"3♤ 5♡ 6♤ 8♢ 7♡", "2♤ 5♢ 6♢ 8♧ 7♤"},
		expected:    []string{"3♤ 5♡ 6♤ 8♢ 7♡"},
	},
	{
		description: "winning high card hand also has the lowest card",
		hands:       []string{"2♤ 5♡ 6♤ 8♢ 7♡", "3♤ 4♢ 6♢ 8♧ 7♤"},
		expected:    []string{"2♤ 5♡ 6♤ 8♢ 7♡"},
	},
	{
		description: "highest pair wins",
		hands:       []string{"4♤ 2♡ 6♤ 2♢ J♡", "2♤ 4♡ 6♧ 4♢ J♢"},
		expected:    []string{"2♤ 4♡ 6♧ 4♢ J♢"},
	},
	{
		description: "both hands have three of a kind, tie goes to highest ranked triplet",
		hands:       []string{"2♤ 2♡ 2♧ 8♢ J♡", "4♤ A♡ A♤ 8♧ A♢"},
		expected:    []string{"4♤ A♡ A♤ 8♧ A♢"},
	},
	{
		description: "with multiple decks, two players can have same three of a kind, ties go to highest remaining cards",
		hands:       []string{"5♤ A♡ A♤ 7♧ A♢", "4♤ A♡ A♤ 8♧ A♢"},
		expected:    []string{"4♤ A♡ A♤ 8♧ A♢"},
	},
	{
		description: "aces cannot be in the middle of a straight (Q K A 2 3)",
		hands:       []string{"2♧ 3♢ 7♡ 5♡ 2♤", "Q♤ K♡ A♧ 2♢ 3♤"},
		expected:    []string{"2♧ 3♢ 7♡ 5♡ 2♤"},
	},
	{
		description: "even though an ace is usually high, a 5-high straight is the lowest-scoring straight",
		hands:       []string{"2♡ 3♧ 4♢ 5♢ 6♡", "4♤ A♡ 3♤ 2♢ 5♡"},
		expected:    []string{"2♡ 3♧ 4♢ 5♢ 6♡"},
	},
	{
		description: "both hands have a full house, tie goes to highest-ranked triplet",
		hands:       []string{"4♡ 4♤ 4♢ 9♤ 9♢", "5♡ 5♤ 5♢ 8♤ 8♢"},
		expected:    []string{"5♡ 5♤ 5♢ 8♤ 8♢"},
	},
	{
		description: "with multiple decks, both hands have a full house with the same triplet, tie goes to the pair",
		hands:       []string{"5♡ 5♤ 5♢ 9♤ 9♢", "5♡ 5♤ 5♢ 8♤ 8♢"},
		expected:    []string{"5♡ 5♤ 5♢ 9♤ 9♢"},
	},
	{
		description: "both hands have four of a kind, tie goes to high quad",
		hands:       []string{"2♤ 2♡ 2♧ 8♢ 2♢", "4♤ 5♡ 5♤ 5♢ 5♧"},
		expected:    []string{"4♤ 5♡ 5♤ 5♢ 5♧"},
	},
	{
		description: "with multiple decks, both hands with identical four of a kind, tie determined by kicker",
		hands:       []string{"3♤ 3♡ 2♤ 3♢ 3♧", "3♤ 3♡ 4♤ 3♢ 3♧"},
		expected:    []string{"3♤ 3♡ 4♤ 3♢ 3♧"},
	},
	{
		description: "aces can end a straight flush (10 J Q K A)",
		hands:       []string{"K♧ A♡ A♤ A♢ A♧", "10♧ J♧ Q♧ K♧ A♧"},
		expected:    []string{"10♧ J♧ Q♧ K♧ A♧"},
	},
	{
		description: "aces cannot be in the middle of a straight flush (Q K A 2 3)",
		hands:       []string{"2♧ A♧ Q♧ 10♧ K♧", "Q♡ K♡ A♡ 2♡ 3♡"},
		expected:    []string{"2♧ A♧ Q♧ 10♧ K♧"},
	},
}
