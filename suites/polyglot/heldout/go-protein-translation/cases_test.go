package proteintranslation

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type testCase struct {
	description   string
	input         string
	expected      []string
	expectedError error
}

var testCases = []testCase{
	{
		description:   "Phenylalanine RNA sequence 1",
		input:         "UUU",
		expected:      []string{"Phenylalanine"},
		expectedError: nil,
	},
	{
		description:   "Serine RNA sequence 2",
		input:         "UCC",
		expected:      []string{"Serine"},
		expectedError: nil,
	},
	{
		description:   "Serine RNA sequence 4",
		input:         "UCG",
		expected:      []string{"Serine"},
		expectedError: nil,
	},
	{
		description:   "Tyrosine RNA sequence 2",
		input:         "UAC",
		expected:      []string{"Tyrosine"},
		expectedError: nil,
	},
	{
		description:   "STOP codon RNA sequence 1",
		input:         "UAA",
		expected:      []string(nil),
		expectedError: nil,
	},
	{
		description:   "Sequence of two different protein codons translates into proteins",
		input:         "UUAUUG",
		expected:      []string{"Leucine", "Leucine"},
		expectedError: nil,
	},
	{
		description:   "Translate RNA strand into correct protein list",
		input:         "AUGUUUUGG",
		expected:      []string{"Methionine", "Phenylalanine", "Tryptophan"},
		expectedError: nil,
	},
	{
		description:   "Translation stops if STOP codon in middle of three-codon sequence",
		input:         "UGGUAGUGG",
		expected:      []string{"Tryptophan"},
		expectedError: nil,
	},
	{
		description:   "Translation stops if STOP codon in middle of six-codon sequence",
		input:         "UGGUGUUAUUAAUGGUUU",
		expected:      []string{"Tryptophan", "Cysteine", "Tyrosine"},
		expectedError: nil,
	},
}
