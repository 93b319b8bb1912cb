"""Roman numerals: to_roman(n) and from_roman(s).

Only the standard form is supported: the values 1 to 3999, written with the upper-case symbols
I V X L C D M, using the six subtractive pairs IV IX XL XC CD CM, and never repeating a symbol
more than three times in a row (4 is IV, never IIII; 40 is XL, never XXXX).
"""
import re

MIN_VALUE = 1
MAX_VALUE = 3999

_NUMERALS = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "X" "C"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_STANDARD_FORM = re.compile(r"M{0,3}(CM|CD|D?C{0,4})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


def to_roman(n):
    """Return the Roman numeral for the integer n, 1 <= n <= 3999.

    Raises TypeError if n is not an int (bools are rejected too) and ValueError if n is out of range.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"expected an int, got {type(n).__name__}")
    if not MIN_VALUE <= n <= MAX_VALUE:
        raise ValueError(f"{n} is out of range ({MIN_VALUE}..{MAX_VALUE})")
    parts = []
    for value, symbol in _NUMERALS:
        count, n = divmod(n, value)
        parts.append(symbol * count)
    return "".join(parts)


def from_roman(s):
    """Return the integer value of a Roman numeral in standard form.

    Raises TypeError if s is not a str, and ValueError if it is empty, contains anything other than
    the upper-case symbols, or is not in standard form (for example "IIII", "VX", "IC" or "MMMM").
    """
    if not isinstance(s, str):
        raise TypeError(f"expected a str, got {type(s).__name__}")
    if s == "" or _STANDARD_FORM.fullmatch(s) is None:
        raise ValueError(f"invalid Roman numeral: {s!r}")
    total = 0
    for i, symbol in enumerate(s):
        value = _VALUES[symbol]
        if i < len(s) - 1 and _VALUES[s[i + 1]] > value:
            total -= value
        else:
            total += value
    return total
