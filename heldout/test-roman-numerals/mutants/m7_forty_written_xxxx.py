"""Conversion between integers and Roman numerals (to_roman, from_roman).

Standard form only: values from 1 through 3999, the upper-case letters I V X L C D M, the subtractive
pairs IV IX XL XC CD CM, and no letter more than three times running (so 4 is IV and 40 is XL).
"""

MIN_VALUE = 1
MAX_VALUE = 3999

# One row per decimal digit: the numeral for 0..9 units, tens, hundreds; thousands stop at 3.
_UNITS = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
_TENS = ("", "X", "XX", "XXX", "XXXX", "L", "LX", "LXX", "LXXX", "XC")
_HUNDREDS = ("", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM")
_THOUSANDS = ("", "M", "MM", "MMM")


def to_roman(n):
    """The numeral for n (an int from 1 to 3999).

    TypeError for anything but an int (True and False included), ValueError outside the range.
    """
    if type(n) is bool or not isinstance(n, int):
        raise TypeError(f"expected an int, got {type(n).__name__}")
    if n < MIN_VALUE or n > MAX_VALUE:
        raise ValueError(f"{n} is out of range ({MIN_VALUE}..{MAX_VALUE})")
    return _THOUSANDS[n // 1000] + _HUNDREDS[n // 100 % 10] + _TENS[n // 10 % 10] + _UNITS[n % 10]


# Every numeral in standard form, with its value: there are only 3999 of them.
_BY_NUMERAL = {to_roman(value): value for value in range(MIN_VALUE, MAX_VALUE + 1)}


def from_roman(s):
    """The value of the standard-form numeral s.

    TypeError when s is not a str; ValueError when it is empty, has any character besides the upper-case
    letters, or is not the standard form ("IIII", "VX", "IC" and "MMMM" are all refused).
    """
    if not isinstance(s, str):
        raise TypeError(f"expected a str, got {type(s).__name__}")
    value = _BY_NUMERAL.get(s)
    if value is None:
        raise ValueError(f"invalid Roman numeral: {s!r}")
    return value
