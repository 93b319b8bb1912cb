// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use pig_latin::*;

#[test]
fn word_beginning_with_e() {
    let input = "ear";
    let output = translate(input);
    let expected = "earay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_o() {
    let input = "object";
    let output = translate(input);
    let expected = "objectay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_u() {
    let input = "under";
    let output = translate(input);
    let expected = "underay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_a_vowel_and_followed_by_a_qu() {
    let input = "equal";
    let output = translate(input);
    let expected = "equalay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_p() {
    let input = "pig";
    let output = translate(input);
    let expected = "igpay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_q_without_a_following_u() {
    let input = "qat";
    let output = translate(input);
    let expected = "atqay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_consonant_and_vowel_containing_qu() {
    let input = "liquid";
    let output = translate(input);
    let expected = "iquidlay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_th() {
    let input = "therapy";
    let output = translate(input);
    let expected = "erapythay";
    assert_eq!(output, expected);
}

#[test]
fn word_beginning_with_yt() {
    let input = "yttria";
    let output = translate(input);
    let expected = "yttriaay";
    assert_eq!(output, expected);
}

