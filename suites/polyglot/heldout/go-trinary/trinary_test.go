package trinary

import "testing"

var tests = []struct {
	arg  string
	want int64
	ok   bool
}{
	{"0", 0, true},
	{"2", 2, true},
	{"2021110011022210012102010021220101220222", 0, false},
}

func TestParseTrinary(t *testing.T) {
	for _, test := range tests {
		switch res, err := ParseTrinary(test.arg); {
		case err != nil:
			var _ error = err
			if test.ok {
				t.Errorf("ParseTrinary(%q) returned error %q, Error not expected",
					test.arg, err)
			}
		case !test.ok:
			t.Errorf("ParseTrinary(%q) = (%d, %v), expected error", test.arg, res, err)
		case res != test.want:
			t.Errorf("ParseTrinary(%q) = (%d, %v), want %d", test.arg, res, err, test.want)
		}
	}
}

func BenchmarkParseTrinary(b *testing.B) {
	for b.Loop() {
		for _, test := range tests {
			ParseTrinary(test.arg)
		}
	}
}
