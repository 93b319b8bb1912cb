// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use book_store::*;

#[test]
fn empty_basket() {
    let input = &[];
    let output = lowest_price(input);
    let expected = 0;
    assert_eq!(output, expected);
}

#[test]
fn four_different_books() {
    let input = &[1, 2, 3, 4];
    let output = lowest_price(input);
    let expected = 2560;
    assert_eq!(output, expected);
}

#[test]
fn two_each_of_first_four_books_and_one_copy_each_of_rest() {
    let input = &[1, 1, 2, 2, 3, 3, 4, 4, 5];
    let output = lowest_price(input);
    let expected = 5560;
    assert_eq!(output, expected);
}

#[test]
fn two_copies_of_each_book() {
    let input = &[1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
    let output = lowest_price(input);
    let expected = 6000;
    assert_eq!(output, expected);
}

#[test]
fn one_group_of_one_and_four_is_cheaper_than_one_group_of_two_and_three() {
    let input = &[1, 1, 2, 3, 4];
    let output = lowest_price(input);
    let expected = 3360;
    assert_eq!(output, expected);
}

#[test]
fn one_group_of_one_and_two_plus_three_groups_of_four_is_cheaper_than_one_group_of_each_size() {
    let input = &[1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5];
    let output = lowest_price(input);
    let expected = 10000;
    assert_eq!(output, expected);
}
