package envfile

import (
	"errors"
	"strings"
	"testing"
)

func heldoutParse(t *testing.T, text string, env map[string]string) map[string]string {
	t.Helper()
	entries, err := Parse(strings.NewReader(text), func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	})
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return Map(entries)
}

func heldoutCheck(t *testing.T, text string, env map[string]string, key, want string) {
	t.Helper()
	if got := heldoutParse(t, text, env)[key]; got != want {
		t.Errorf("Parse(%q)[%s] = %q, want %q", text, key, got, want)
	}
}

func TestHeldoutEscapes(t *testing.T) {
	heldoutCheck(t, `A="line1\nline2\tend \"q\" back\\slash \d"`, nil, "A", "line1\nline2\tend \"q\" back\\slash \\d")
	heldoutCheck(t, `A="cost: \$5"`, map[string]string{"5": "x"}, "A", "cost: $5")
	heldoutCheck(t, `A='no \n escapes'`, nil, "A", `no \n escapes`)
}

func TestHeldoutBareReferences(t *testing.T) {
	heldoutCheck(t, "USER=ann\nA=$USER/home\nB=\"$USER-$NOPE.\"\n", nil, "A", "ann/home")
	heldoutCheck(t, "USER=ann\nB=\"$USER-$NOPE.\"\n", nil, "B", "ann-.")
	heldoutCheck(t, "A=price $ 5 and $\n", nil, "A", "price $ 5 and $")
	heldoutCheck(t, "A='$HOME'\n", map[string]string{"HOME": "/root"}, "A", "$HOME")
}

func TestHeldoutDefaults(t *testing.T) {
	heldoutCheck(t, "A=${PORT:-8080}\n", nil, "A", "8080")
	heldoutCheck(t, "A=${PORT:-8080}\n", map[string]string{"PORT": "9"}, "A", "9")
	heldoutCheck(t, "EMPTY=\nA=\"${EMPTY:-fallback value}\"\n", nil, "A", "fallback value")
}

func TestHeldoutEarlierEntriesWin(t *testing.T) {
	env := map[string]string{"NAME": "env", "OTHER": "o"}
	heldoutCheck(t, "A=$NAME\nNAME=file\nB=$NAME $OTHER\n", env, "A", "env")
	heldoutCheck(t, "A=$NAME\nNAME=file\nB=$NAME $OTHER\n", env, "B", "file o")
}

func TestHeldoutComments(t *testing.T) {
	heldoutCheck(t, "A=\"a # not a comment\"   # comment\n", nil, "A", "a # not a comment")
	heldoutCheck(t, "A='it # stays'\n", nil, "A", "it # stays")
	heldoutCheck(t, "A=x\t# tab comment\n", nil, "A", "x")
	heldoutCheck(t, "A= # only a comment\n", nil, "A", "")
	heldoutCheck(t, "COLOR=#ff0000\n", nil, "COLOR", "#ff0000")
}

func TestHeldoutQuotedBlanks(t *testing.T) {
	heldoutCheck(t, "A=   '  kept  '  \n", nil, "A", "  kept  ")
	heldoutCheck(t, "A=\"\"\n", nil, "A", "")
	heldoutCheck(t, "export A=\"x y\"\n", nil, "A", "x y")
}

func TestHeldoutQuoteErrors(t *testing.T) {
	for _, text := range []string{
		"A=1\nB=\"never closed\n",
		"A=1\nB='never closed\n",
		"A=1\nB=\"closed\" trailing\n",
		"A=1\nB='closed'x\n",
	} {
		_, err := Parse(strings.NewReader(text), nil)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 2 {
			t.Errorf("Parse(%q) error = %v, want a *ParseError for line 2", text, err)
		}
	}
}
