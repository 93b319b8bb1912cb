package counter

// The implementation under test. Grading writes each implementation over this file in turn,
// by itself: the tests get it from makeCounter().

import "unicode"

type counterImpl struct {
	newlines, characters, letters int
	lastChar                      rune
}

func (c *counterImpl) AddString(s string) {
	for _, char := range s {
		c.lastChar = char
		if char == '\n' {
			c.newlines++
		} else if unicode.IsLetter(char) {
			c.letters++
		}
		c.characters++
	}
}

func (c counterImpl) Lines() int {
	switch {
	case c.lastChar == '\n':
		return c.newlines
	default:
		return c.newlines + 1
	}
}

func (c counterImpl) Letters() int    { return c.letters }
func (c counterImpl) Characters() int { return c.characters }

func makeCounter() Counter { return &counterImpl{} }
