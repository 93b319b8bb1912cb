// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use wordy::*;

#[test]
fn just_a_number() {
    let input = "What is 5?";
    let output = answer(input);
    let expected = Some(5);
    assert_eq!(output, expected);
}

#[test]
fn just_a_negative_number() {
    let input = "What is -123?";
    let output = answer(input);
    let expected = Some(-123);
    assert_eq!(output, expected);
}

#[test]
fn addition() {
    let input = "What is 1 plus 1?";
    let output = answer(input);
    let expected = Some(2);
    assert_eq!(output, expected);
}

#[test]
fn addition_with_negative_numbers() {
    let input = "What is -1 plus -10?";
    let output = answer(input);
    let expected = Some(-11);
    assert_eq!(output, expected);
}

#[test]
fn subtraction() {
    let input = "What is 4 minus -12?";
    let output = answer(input);
    let expected = Some(16);
    assert_eq!(output, expected);
}

#[test]
fn multiplication() {
    let input = "What is -3 multiplied by 25?";
    let output = answer(input);
    let expected = Some(-75);
    assert_eq!(output, expected);
}

#[test]
fn division() {
    let input = "What is 33 divided by -3?";
    let output = answer(input);
    let expected = Some(-11);
    assert_eq!(output, expected);
}

#[test]
fn multiple_additions() {
    let input = "What is 1 plus 1 plus 1?";
    let output = answer(input);
    let expected = Some(3);
    assert_eq!(output, expected);
}

#[test]
fn multiple_subtraction() {
    let input = "What is 20 minus 4 minus 13?";
    let output = answer(input);
    let expected = Some(3);
    assert_eq!(output, expected);
}

#[test]
fn subtraction_then_addition() {
    let input = "What is 17 minus 6 plus 3?";
    let output = answer(input);
    let expected = Some(14);
    assert_eq!(output, expected);
}

#[test]
fn non_math_question() {
    let input = "Who is the President of the United States?";
    let output = answer(input);
    let expected = None;
    assert_eq!(output, expected);
}

#[test]
fn reject_problem_with_no_operands_or_operators() {
    let input = "What is?";
    let output = answer(input);
    let expected = None;
    assert_eq!(output, expected);
}

#[test]
fn reject_postfix_notation() {
    let input = "What is 1 2 plus?";
    let output = answer(input);
    let expected = None;
    assert_eq!(output, expected);
}

#[test]
#[cfg(feature = "exponentials")]
fn exponential() {
    let input = "What is 2 raised to the 5th power?";
    let output = answer(input);
    let expected = Some(32);
    assert_eq!(output, expected);
}

#[test]
#[cfg(feature = "exponentials")]
fn addition_and_exponential() {
    let input = "What is 1 plus 2 raised to the 2nd power?";
    let output = answer(input);
    let expected = Some(9);
    assert_eq!(output, expected);
}
