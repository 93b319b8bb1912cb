// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use bowling::*;

#[test]
fn an_unstarted_game_cannot_be_scored() {
    let game = BowlingGame::new();

    assert_eq!(game.score(), None);
}

#[test]
fn should_be_able_to_score_a_game_with_no_strikes_or_spares() {
    let mut game = BowlingGame::new();

    for _ in 0..10 {
        let _ = game.roll(3);
        let _ = game.roll(6);
    }

    assert_eq!(game.score(), Some(90));
}

#[test]
fn consecutive_strikes_each_get_the_two_roll_bonus() {
    let mut game = BowlingGame::new();

    let _ = game.roll(10);
    let _ = game.roll(10);
    let _ = game.roll(10);
    let _ = game.roll(5);
    let _ = game.roll(3);

    for _ in 0..12 {
        let _ = game.roll(0);
    }

    assert_eq!(game.score(), Some(81));
}

#[test]
fn a_strike_with_the_one_roll_bonus_after_a_spare_in_the_last_frame_does_not_get_a_bonus() {
    let mut game = BowlingGame::new();

    for _ in 0..18 {
        let _ = game.roll(0);
    }

    let _ = game.roll(7);
    let _ = game.roll(3);
    let _ = game.roll(10);

    assert_eq!(game.score(), Some(20));
}

#[test]
fn all_strikes_is_a_perfect_game() {
    let mut game = BowlingGame::new();

    for _ in 0..12 {
        let _ = game.roll(10);
    }

    assert_eq!(game.score(), Some(300));
}

#[test]
fn two_bonus_rolls_after_a_strike_in_the_last_frame_cannot_score_more_than_10_points() {
    let mut game = BowlingGame::new();

    for _ in 0..18 {
        let _ = game.roll(0);
    }

    let _ = game.roll(10);

    assert!(game.roll(5).is_ok());
    assert_eq!(game.roll(6), Err(Error::NotEnoughPinsLeft));
}

#[test]
fn bonus_rolls_for_a_strike_in_the_last_frame_must_be_rolled_before_score_can_be_calculated() {
    let mut game = BowlingGame::new();

    for _ in 0..18 {
        let _ = game.roll(0);
    }

    let _ = game.roll(10);

    assert_eq!(game.score(), None);
}

#[test]
fn cannot_roll_after_bonus_roll_for_strike() {
    let mut game = BowlingGame::new();

    for _ in 0..9 {
        let _ = game.roll(0);
        let _ = game.roll(0);
    }
    let _ = game.roll(10);
    let _ = game.roll(3);
    assert!(game.roll(2).is_ok());

    assert_eq!(game.roll(2), Err(Error::GameComplete));
}

#[test]
fn last_two_strikes_followed_by_only_last_bonus_with_non_strike_points() {
    let mut game = BowlingGame::new();
    for _ in 0..16 {
        let _ = game.roll(0);
    }
    let _ = game.roll(10);
    let _ = game.roll(10);
    let _ = game.roll(0);
    let _ = game.roll(1);

    assert_eq!(game.score(), Some(31));
}

// localagentbench: Error keeps the equality #[derive(PartialEq)] writes (a constant of it is a pattern only
// then), so the crate cannot make every value of it equal (tools/polyglot/convert.py)
#[allow(dead_code)]
fn localagentbench_derived_eq(value: bowling::Error) -> bool {
    const PROBE: bowling::Error = bowling::Error::NotEnoughPinsLeft;
    matches!(value, PROBE)
}
