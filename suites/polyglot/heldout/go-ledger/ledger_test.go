package ledger

import (
	"testing"
)

var failureTestCases = []testCase{
	{
		description: "empty currency",
		currency:    "",
		locale:      "en-US",
		entries:     nil,
	},
	{
		description: "invalid date (wrong separator)",
		currency:    "USD",
		locale:      "en-US",
		entries: []Entry{
			{
				Date:        "2015-12/11",
				Description: "Buy present",
				Change:      12345,
			},
		},
	},
}

func TestFormatLedgerSuccess(t *testing.T) {
	for _, tc := range testCases {
		t.Run(tc.description, func(t *testing.T) {
			actual, err := FormatLedger(tc.currency, tc.locale, tc.entries)
			if err != nil {
				t.Fatalf("FormatLedger for test %q returned unexpected error %q", tc.description, err)
			}
			if actual != tc.expected {
				t.Fatalf("FormatLedger for test %q failed\ngot:\n%#v\nwant:\n%#v", tc.description, actual, tc.expected)
			}
		})
	}
}

func TestFormatLedgerFailure(t *testing.T) {
	for _, tc := range failureTestCases {
		t.Run(tc.description, func(t *testing.T) {
			_, err := FormatLedger(tc.currency, tc.locale, tc.entries)
			if err == nil {
				t.Fatalf("FormatLedger for test %q expected error, got nil", tc.description)
			}
		})
	}
}

func BenchmarkFormatLedger(b *testing.B) {
	for b.Loop() {
		for _, tc := range testCases {
			FormatLedger(tc.currency, tc.locale, tc.entries)
		}
	}
}
