#[test]
fn third_test_for_date_only_specification_of_time() {
    let start = datetime(1959, 7, 19, 0, 0, 0);
    let actual = gigasecond::after(start);
    let expected = datetime(1991, 3, 27, 1, 46, 40);
    assert_eq!(actual, expected);
}

fn datetime(
    year: i32,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
) -> time::PrimitiveDateTime {
    use time::{Date, PrimitiveDateTime, Time};

    PrimitiveDateTime::new(
        Date::from_calendar_date(year, month.try_into().unwrap(), day).unwrap(),
        Time::from_hms(hour, minute, second).unwrap(),
    )
}
