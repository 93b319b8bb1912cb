package dndcharacter

import "testing"

func TestModifier(t *testing.T) {
	for _, tc := range modifierTests {
		t.Run(tc.description, func(t *testing.T) {
			actual := Modifier(tc.input.Score)
			if actual != tc.expected {
				t.Fatalf("Modifier(%d) = %d, want %d", tc.input.Score, actual, tc.expected)
			}
		})
	}
}

func inAcceptedRange(score int) bool {
	return score >= 3 && score <= 18
}

func assertCharacterAbilityScoreInRange(t *testing.T, ability string, score int) {
	t.Helper()

	if !inAcceptedRange(score) {
		t.Fatalf("GenerateCharacter() created a character with a %s score of %d, but the score for an ability is expected to be between 3 and 18 inclusive", ability, score)
	}
}

func BenchmarkModifier(b *testing.B) {
	for i := range b.N {
		Modifier(i)
	}
}

func BenchmarkAbility(b *testing.B) {
	for b.Loop() {
		Ability()
	}
}

func BenchmarkCharacter(b *testing.B) {
	for b.Loop() {
		GenerateCharacter()
	}
}
