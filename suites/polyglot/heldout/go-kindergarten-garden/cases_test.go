package kindergartengarden

// This is an auto-generated file. Do not change it manually. Run the generator to update the file.
// See https://github.com/exercism/go#synchronizing-tests-and-instructions
// Source: exercism/problem-specifications
// Commit: 25c2ae5 build(deps): bump fast-uri from 3.1.0 to 3.1.2 (#2653)

type lookup struct {
	child  string
	plants []string
	ok     bool
}

type gardenTest struct {
	description string
	diagram     string
	children    []string
	expectError bool
	lookups     []lookup
}

var testCases = []gardenTest{
	{
		description: "different garden with single student",
		diagram:     "\n" + "VC\nRC",
		children:    []string{"Alice"},
		expectError: false,
		lookups: []lookup{
			{
				child:  "Alice",
				plants: []string{"violets", "clover", "radishes", "clover"},
				ok:     true,
			},
		},
	},
	{
		description: "for Bob, second student's garden",
		diagram:     "\n" + "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
		children:    nil,
		expectError: false,
		lookups: []lookup{
			{
				child:  "Bob",
				plants: []string{"clover", "grass", "clover", "clover"},
				ok:     true,
			},
		},
	},
	{
		description: "for Eve",
		diagram:     "\n" + "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
		children:    nil,
		expectError: false,
		lookups: []lookup{
			{
				child:  "Eve",
				plants: []string{"clover", "grass", "radishes", "grass"},
				ok:     true,
			},
		},
	},
	{
		description: "for Joseph",
		diagram:     "\n" + "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
		children:    nil,
		expectError: false,
		lookups: []lookup{
			{
				child:  "Joseph",
				plants: []string{"violets", "clover", "violets", "grass"},
				ok:     true,
			},
		},
	},
	{
		description: "for Kincaid, second to last student's garden",
		diagram:     "\n" + "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV",
		children:    nil,
		expectError: false,
		lookups: []lookup{
			{
				child:  "Kincaid",
				plants: []string{"grass", "clover", "clover", "grass"},
				ok:     true,
			},
		},
	},
}
