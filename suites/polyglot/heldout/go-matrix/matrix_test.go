package saddlepoints

import (
	"reflect"
	"testing"
)

type testCase struct {
	description string
	in          string
	rows        [][]int
	cols        [][]int
}

var validTestCases = []testCase{
	{
		description: "2 rows, 2 columns, high",
		in:          "9 7\n8 6",
		rows: [][]int{
			{9, 7},
			{8, 6},
		},
		cols: [][]int{
			{9, 8},
			{7, 6},
		},
	},
	{
		description: "2 rows, 3 columns, low",
		in:          "9 8 7\n19 18 17",
		rows: [][]int{
			{9, 8, 7},
			{19, 18, 17},
		},
		cols: [][]int{
			{9, 19},
			{8, 18},
			{7, 17},
		},
	},
	{
		description: "4 rows, 3 columns",
		in:          "1 2 3\n4 5 6\n7 8 9\n 8 7 6",
		rows: [][]int{
			{1, 2, 3},
			{4, 5, 6},
			{7, 8, 9},
			{8, 7, 6},
		},
		cols: [][]int{
			{1, 4, 7, 8},
			{2, 5, 8, 7},
			{3, 6, 9, 6},
		},
	},
	{
		description: "1 row, 3 columns",
		in:          "1 2 3",
		rows: [][]int{
			{1, 2, 3},
		},
		cols: [][]int{
			{1},
			{2},
			{3},
		},
	},
	// undefined
	// {"\n\n", // valid?, 3 rows, 0 columns
	// {"",     // valid?, 0 rows, 0 columns
}

var invalidTestCases = []testCase{
	{description: "first row empty", in: "\n3 4\n5 6", rows: nil, cols: nil},
	{description: "middle row empty", in: "1 2\n\n5 6", rows: nil, cols: nil},
	{description: "last row empty", in: "1 2\n3 4\n", rows: nil, cols: nil},
}

func TestNewValid(t *testing.T) {
	for _, tc := range validTestCases {
		t.Run(tc.description, func(t *testing.T) {
			if _, err := New(tc.in); err != nil {
				t.Fatalf("New(%q) returned error %q.  Error not expected", tc.in, err)
			}
		})
	}
}

func TestNewInvalid(t *testing.T) {
	for _, tc := range invalidTestCases {
		t.Run(tc.description, func(t *testing.T) {
			if got, err := New(tc.in); err == nil {
				t.Fatalf("New(%q) expected error, got: %v", tc.in, got)
			}
		})
	}
}

func TestRows(t *testing.T) {
	for _, tc := range validTestCases {
		t.Run(tc.description, func(t *testing.T) {
			got, err := New(tc.in)
			if err != nil {
				t.Fatalf("error in test setup: TestRows needs working New and valid matrix")
			}
			rows := got.Rows()
			if len(rows) == 0 && len(tc.rows) == 0 {
				return // agreement, and nothing more to test
			}
			if !reflect.DeepEqual(rows, tc.rows) {
				t.Fatalf("New(%q).Rows() = %v (type %T), want: %v (type %T)", tc.in, rows, rows, tc.rows, tc.rows)
			}
			if len(rows[0]) == 0 {
				return // not currently in test data, but anyway
			}
			rows[0][0]++
			if !reflect.DeepEqual(got.Rows(), tc.rows) {
				t.Fatalf("Matrix.Rows() returned slice based on Matrix representation. Want independent copy of element data.")
			}
		})
	}
}

func TestCols(t *testing.T) {
	for _, tc := range validTestCases {
		t.Run(tc.description, func(t *testing.T) {
			m, err := New(tc.in)
			if err != nil {
				t.Fatalf("error in test setup: TestCols needs working New and valid matrix")
			}
			cols := m.Cols()
			if len(cols) == 0 && len(tc.cols) == 0 {
				return // agreement, and nothing more to test
			}
			if !reflect.DeepEqual(cols, tc.cols) {
				t.Fatalf("New(%q).Cols() = %v (type %T), want: %v (type %T)", tc.in, cols, cols, tc.cols, tc.cols)
			}
			if len(cols[0]) == 0 {
				return // not currently in test data, but anyway
			}
			cols[0][0]++
			if !reflect.DeepEqual(m.Cols(), tc.cols) {
				t.Fatalf("Matrix.Cols() returned slice based on Matrix representation. Want independent copy of element data.")
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	var matrix Matrix
	for b.Loop() {
		var err error
		matrix, err = New("1 2 3 10 11\n4 5 6 11 12\n7 8 9 12 13\n 8 7 6 13 14")
		if err != nil {
			b.Fatalf("Failed to create the matrix: %v", err)
		}
	}
	if reflect.DeepEqual(matrix, Matrix{}) {
		b.Fatalf("No matrix parsed")
	}
}

func BenchmarkRows(b *testing.B) {
	matrix, err := New("1 2 3\n4 5 6\n7 8 9\n 8 7 6")
	if err != nil {
		b.Fatalf("Failed to create the matrix: %v", err)
	}
	b.ResetTimer()
	var rows [][]int
	for b.Loop() {
		rows = matrix.Rows()
	}
	if len(rows) != 4 {
		b.Fatalf("Incorrect number of rows returned: %v", rows)
	}
}

func BenchmarkCols(b *testing.B) {
	matrix, err := New("1 2 3 10 11\n4 5 6 11 12\n7 8 9 12 13\n 8 7 6 13 14")
	if err != nil {
		b.Fatalf("Failed to create the matrix: %v", err)
	}
	b.ResetTimer()
	var cols [][]int
	for b.Loop() {
		cols = matrix.Cols()
	}
	if len(cols) != 5 {
		b.Fatalf("Incorrect number of columns returned: %v", cols)
	}
}
