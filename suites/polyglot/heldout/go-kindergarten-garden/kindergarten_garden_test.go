package kindergartengarden

import (
	"reflect"
	"slices"
	"sort"
	"testing"
)

// Tests in addition to the canonical cases in cases_test.go
var extraTests = []gardenTest{
	{
		description: "lookup invalid name",
		diagram:     "\nRC\nGG",
		children:    []string{"Alice"},
		expectError: false,
		lookups:     []lookup{{child: "Bob", plants: []string{"radishes", "clover", "grass", "grass"}, ok: false}},
	},
	{
		description: "duplicate name",
		diagram:     "\nRCCC\nGGCC",
		children:    []string{"Alice", "Alice"},
		expectError: true,
		lookups:     nil,
	},
	{
		description: "invalid cup codes",
		diagram:     "\nrc\ngg",
		children:    []string{"Alice"},
		expectError: true,
		lookups:     nil,
	},
}

func testGaren(t *testing.T, tc gardenTest) {
	actual, err := NewGarden(tc.diagram, tc.children)
	switch {
	case tc.expectError:
		if err == nil {
			t.Fatal("NewGarden expected error but got nil")
		}
	case err != nil:
		t.Fatalf("NewGarden returned unexpected error: %v ", err)
	}
	for _, l := range tc.lookups {
		switch plants, ok := actual.Plants(l.child); {
		case ok != l.ok:
			t.Fatalf("Lookup %q returned ok = %t, want %t", l.child, ok, l.ok)
		case ok && !reflect.DeepEqual(plants, l.plants):
			t.Fatalf("Lookup %q = %q, want: %q", l.child, plants, l.plants)
		}
	}
}

func TestGardenCanonical(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.description, func(t *testing.T) { testGaren(t, tc) })
	}
}

func TestGardenExtra(t *testing.T) {
	for _, tc := range extraTests {
		t.Run(tc.description, func(t *testing.T) { testGaren(t, tc) })
	}
}

// The lazy way to meet the alphabetizing requirement is with sort.Strings
// on the argument slice.  That's an in-place sort though and it's bad practice
// to have a side effect.
func TestNamesNotModified(t *testing.T) {
	children := []string{"Samantha", "Patricia", "Xander", "Roger"}
	cp := slices.Clone(children)
	_, err := NewGarden("\nVCRRGVRG\nRVGCCGCV", cp)
	if err != nil || sort.StringsAreSorted(cp) {
		t.Fatalf("error in test setup: TestNamesNotModified requires valid garden and unsorted children")
	}
	if !reflect.DeepEqual(cp, children) {
		t.Fatalf("NewGarden modified children argment. Arguments should not be modified.")
	}
}

func BenchmarkNewGarden(b *testing.B) {
	for b.Loop() {
		for _, test := range testCases {
			NewGarden(test.diagram, test.children)
		}
	}
}

func BenchmarkGarden_Plants(b *testing.B) {
	diagram := "\nVRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV"
	children := []string{"Alice", "Bob", "Charlie", "David", "Eve", "Fred", "Ginny", "Harriet", "Ileana", "Joseph", "Kincaid", "Larry"}
	g, err := NewGarden(diagram, children)
	if err != nil {
		b.Fatalf("error in benchmark setup: BenchmarkGarden_Plants requires valid garden")
	}
	b.ResetTimer()
	for b.Loop() {
		for _, child := range children {
			g.Plants(child)
		}
	}
}
