use std::time::Duration;

use durspec::{format, parse, ParseError};

fn ns(n: u64) -> Result<Duration, ParseError> {
    Ok(Duration::from_nanos(n))
}

#[test]
fn compact_forms_and_whitespace() {
    assert_eq!(parse("1d2h3m4s"), Ok(Duration::from_secs(86_400 + 7_200 + 180 + 4)));
    assert_eq!(parse("\t1h\n30m "), Ok(Duration::from_secs(5400)));
    assert_eq!(parse("1h  30min"), Ok(Duration::from_secs(5400)));
    assert_eq!(parse("5ms250us"), Ok(Duration::from_micros(5250)));
    assert_eq!(parse("1s1ns"), ns(1_000_000_001));
}

#[test]
fn fractions_are_exact_and_round_down() {
    assert_eq!(parse("1.25m"), Ok(Duration::from_secs(75)));
    assert_eq!(parse("2.5d"), Ok(Duration::from_secs(216_000)));
    assert_eq!(parse("0.001us"), ns(1));
    assert_eq!(parse("0.1ns"), ns(0));
    assert_eq!(parse("1.0000000001s"), ns(1_000_000_000));
    assert_eq!(parse("0.333h"), Ok(Duration::from_millis(1_198_800)));
    assert_eq!(parse("1.50s"), Ok(Duration::from_millis(1500)));
    assert_eq!(parse("007.5s"), Ok(Duration::from_millis(7500)));
}

#[test]
fn malformed_numbers() {
    assert_eq!(parse(".5s"), Err(ParseError::InvalidNumber(".5".into())));
    assert_eq!(parse("1.2.3h"), Err(ParseError::InvalidNumber("1.2.3".into())));
    assert_eq!(parse("1h 2.m"), Err(ParseError::InvalidNumber("2.".into())));
}

#[test]
fn other_errors() {
    assert_eq!(parse("   "), Err(ParseError::Empty));
    assert_eq!(parse("1h 30"), Err(ParseError::MissingUnit("30".into())));
    assert_eq!(parse("10 m"), Err(ParseError::MissingUnit("10".into())));
    assert_eq!(parse("1h,30m"), Err(ParseError::Unexpected(',')));
    assert_eq!(parse("-5s"), Err(ParseError::Unexpected('-')));
    assert_eq!(parse("3w"), Err(ParseError::UnknownUnit("w".into())));
    assert_eq!(parse("1h30x"), Err(ParseError::UnknownUnit("x".into())));
}

#[test]
fn overflow_is_an_error_not_a_panic() {
    assert_eq!(parse("213503d"), Ok(Duration::from_secs(213_503 * 86_400)));
    assert_eq!(parse("213504d"), Err(ParseError::Overflow));
    assert_eq!(parse("213503d 213503d"), Err(ParseError::Overflow));
    assert_eq!(parse("99999999999999999999999999h"), Err(ParseError::Overflow));
    assert_eq!(parse("18446744073709551615ns"), ns(u64::MAX));
    assert_eq!(parse("18446744073709551616ns"), Err(ParseError::Overflow));
}

#[test]
fn format_parses_back() {
    for nanos in [0, 1, 999, 1_000, 1_500_000, 59_999_999_999, 3_600_000_000_001, 86_399_999_999_999, u64::MAX] {
        let d = Duration::from_nanos(nanos);
        assert_eq!(parse(&format(d)), Ok(d), "{}", format(d));
    }
}
