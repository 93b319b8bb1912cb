// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use say::*;

#[test]
fn fourteen() {
    let input = 14;
    let output = encode(input);
    let expected = "fourteen";
    assert_eq!(output, expected);
}

#[test]
fn thirty() {
    let input = 30;
    let output = encode(input);
    let expected = "thirty";
    assert_eq!(output, expected);
}

#[test]
fn one_hundred() {
    let input = 100;
    let output = encode(input);
    let expected = "one hundred";
    assert_eq!(output, expected);
}

#[test]
fn one_thousand_two_hundred_thirty_four() {
    let input = 1_234;
    let output = encode(input);
    let expected = "one thousand two hundred thirty-four";
    assert_eq!(output, expected);
}

#[test]
fn one_million() {
    let input = 1_000_000;
    let output = encode(input);
    let expected = "one million";
    assert_eq!(output, expected);
}

#[test]
fn max_i64() {
    let input = 9_223_372_036_854_775_807;
    let output = encode(input);
    let expected = "nine quintillion two hundred twenty-three quadrillion three hundred seventy-two trillion thirty-six billion eight hundred fifty-four million seven hundred seventy-five thousand eight hundred seven";
    assert_eq!(output, expected);
}

#[test]
fn max_u64() {
    let input = 18_446_744_073_709_551_615;
    let output = encode(input);
    let expected = "eighteen quintillion four hundred forty-six quadrillion seven hundred forty-four trillion seventy-three billion seven hundred nine million five hundred fifty-one thousand six hundred fifteen";
    assert_eq!(output, expected);
}
