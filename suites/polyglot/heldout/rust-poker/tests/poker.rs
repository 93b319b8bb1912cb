// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use poker::*;
use std::collections::HashSet;

#[test]
fn single_hand_always_wins() {
    let input = &["4S 5S 7H 8D JC"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4S 5S 7H 8D JC"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn highest_pair_wins() {
    let input = &["4S 2H 6S 2D JH", "2S 4H 6C 4D JD"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["2S 4H 6C 4D JD"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn two_pairs_beats_one_pair() {
    let input = &["2S 8H 6S 8D JH", "4S 5H 4C 8C 5C"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4S 5H 4C 8C 5C"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn both_hands_have_two_pairs_that_add_to_the_same_value_win_goes_to_highest_pair() {
    let input = &["6S 6H 3S 3H AS", "7H 7S 2H 2S AC"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["7H 7S 2H 2S AC"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn both_hands_have_three_of_a_kind_tie_goes_to_highest_ranked_triplet() {
    let input = &["2S 2H 2C 8D JH", "4S AH AS 8C AD"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4S AH AS 8C AD"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn with_multiple_decks_two_players_can_have_same_three_of_a_kind_ties_go_to_highest_remaining_cards()
 {
    let input = &["5S AH AS 7C AD", "4S AH AS 8C AD"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4S AH AS 8C AD"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn a_straight_beats_three_of_a_kind() {
    let input = &["4S 5H 4C 8D 4H", "3S 4D 2S 6D 5C"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["3S 4D 2S 6D 5C"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn aces_can_end_a_straight_10_j_q_k_a() {
    let input = &["4S 5H 4C 8D 4H", "10D JH QS KD AC"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["10D JH QS KD AC"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn aces_can_start_a_straight_a_2_3_4_5() {
    let input = &["4S 5H 4C 8D 4H", "4D AH 3S 2D 5C"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4D AH 3S 2D 5C"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn even_though_an_ace_is_usually_high_a_5_high_straight_is_the_lowest_scoring_straight() {
    let input = &["2H 3C 4D 5D 6H", "4S AH 3S 2D 5H"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["2H 3C 4D 5D 6H"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn both_hands_have_a_flush_tie_goes_to_high_card_down_to_the_last_one_if_necessary() {
    let input = &["2H 7H 8H 9H 6H", "3S 5S 6S 7S 8S"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["2H 7H 8H 9H 6H"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn full_house_beats_a_flush() {
    let input = &["3H 6H 7H 8H 5H", "4S 5H 4C 5D 4H"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["4S 5H 4C 5D 4H"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn four_of_a_kind_beats_a_full_house() {
    let input = &["4S 5H 4D 5D 4H", "3S 3H 2S 3D 3C"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["3S 3H 2S 3D 3C"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn with_multiple_decks_both_hands_with_identical_four_of_a_kind_tie_determined_by_kicker() {
    let input = &["3S 3H 2S 3D 3C", "3S 3H 4S 3D 3C"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["3S 3H 4S 3D 3C"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn aces_cannot_be_in_the_middle_of_a_straight_flush_q_k_a_2_3() {
    let input = &["2C AC QC 10C KC", "QH KH AH 2H 3H"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["2C AC QC 10C KC"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}

#[test]
fn even_though_an_ace_is_usually_high_a_5_high_straight_flush_is_the_lowest_scoring_straight_flush()
{
    let input = &["2H 3H 4H 5H 6H", "4D AD 3D 2D 5D"];
    let output = winning_hands(input).into_iter().collect::<HashSet<_>>();
    let expected = ["2H 3H 4H 5H 6H"].into_iter().collect::<HashSet<_>>();
    assert_eq!(output, expected);
}
