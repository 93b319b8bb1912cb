"""roman: integers to Roman numerals and back.

Supported: 1 ... 3999 in the standard form, i.e. upper-case I, V, X, L, C, D and M, the six subtractive
pairs (IV, IX, XL, XC, CD, CM), and at most three of the same symbol in a row: IIII, XXXX and the like are
not numerals here.
"""
MIN_VALUE, MAX_VALUE = 1, 3999

SYMBOLS = [
    ("M", 1000), ("CM", 900), ("D", 500), ("CD", 400),
    ("C", 100), ("XC", 90), ("L", 50), ("XL", 40),
    ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1),
]


def _spell(number):
    # Largest symbol first; the remainder is spelled the same way.
    for symbol, worth in SYMBOLS:
        if worth <= number:
            return symbol + _spell(number - worth)
    return ""


def to_roman(n):
    """Spell the int n (1 <= n <= 3999) as a Roman numeral.

    bool and every non-int type give TypeError; an int out of range gives ValueError.
    """
    if not isinstance(n, int):
        raise TypeError("expected an int, got %s" % type(n).__name__)
    if n > MAX_VALUE or n < MIN_VALUE:
        raise ValueError("%d is out of range (%d..%d)" % (n, MIN_VALUE, MAX_VALUE))
    return _spell(n)


def from_roman(s):
    """Read a standard-form Roman numeral.

    A non-str gives TypeError. The empty string, other characters (lower case included) and non-standard
    spellings such as "IIII", "VX", "IC" or "MMMM" give ValueError.
    """
    if not isinstance(s, str):
        raise TypeError("expected a str, got %s" % type(s).__name__)
    total = pos = 0
    for symbol, worth in SYMBOLS:
        while s.startswith(symbol, pos):
            total += worth
            pos += len(symbol)
    # Greedy reading accepts some non-standard spellings; the standard one is the one to_roman writes.
    if pos != len(s) or not MIN_VALUE <= total <= MAX_VALUE or to_roman(total) != s:
        raise ValueError("invalid Roman numeral: %r" % (s,))
    return total
