package counter

// The implementation under test. Grading writes each implementation over this file in turn,
// by itself: the tests get it from makeCounter().

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

type counterImpl struct {
	chunks []string
}

func (c *counterImpl) AddString(s string) { c.chunks = append(c.chunks, s) }

func (c counterImpl) Lines() int {
	text := strings.Join(c.chunks, "")
	if text == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
}

func (c counterImpl) Letters() int {
	n := 0
	for _, s := range c.chunks {
		for _, r := range s {
			if unicode.IsLetter(r) {
				n++
			}
		}
	}
	return n
}

func (c counterImpl) Characters() int {
	n := 0
	for _, s := range c.chunks {
		n += utf8.RuneCountInString(s)
	}
	return n
}

func makeCounter() Counter { return &counterImpl{} }
