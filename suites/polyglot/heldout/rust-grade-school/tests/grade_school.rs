// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use grade_school::*;

#[test]
fn grade_is_empty_if_no_students_in_the_roster() {
    let s = School::new();
    assert_eq!(s.grade(1), Vec::<String>::new());
}

#[test]
fn student_not_added_to_other_grade_for_multiple_grades() {
    let mut s = School::new();
    s.add(2, "Blair");
    s.add(2, "James");
    s.add(3, "James");
    s.add(3, "Paul");
    assert_eq!(s.grade(3), vec!["Paul"]);
}

#[test]
fn students_are_sorted_by_name_in_a_grade() {
    let mut s = School::new();
    s.add(5, "Franklin");
    s.add(5, "Bradley");
    s.add(1, "Jeff");
    assert_eq!(s.grade(5), vec!["Bradley", "Franklin"]);
}

