use ocr_numbers as ocr;

#[test]
fn input_with_columns_not_multiple_of_three_is_error() {
    #[rustfmt::skip]
    let input = "    \n".to_string() +
                "   |\n" +
                "   |\n" +
                "    ";

    assert_eq!(Err(ocr::Error::InvalidColumnCount(4)), ocr::convert(&input));
}

#[test]
fn recognizes_5() {
    #[rustfmt::skip]
    let input = " _ \n".to_string() +
                "|_ \n" +
                " _|\n" +
                "   ";

    assert_eq!(Ok("5".to_string()), ocr::convert(&input));
}

#[test]
fn recognizes_110101100() {
    #[rustfmt::skip]
    let input = "       _     _        _  _ \n".to_string() +
                "  |  || |  || |  |  || || |\n" +
                "  |  ||_|  ||_|  |  ||_||_|\n" +
                "                           ";

    assert_eq!(Ok("110101100".to_string()), ocr::convert(&input));
}

#[test]
fn replaces_only_garbled_numbers_with_question_mark() {
    #[rustfmt::skip]
    let input = "       _     _           _ \n".to_string() +
                "  |  || |  || |     || || |\n" +
                "  |  | _|  ||_|  |  ||_||_|\n" +
                "                           ";

    assert_eq!(Ok("11?10?1?0".to_string()), ocr::convert(&input));
}

#[test]
fn recognizes_string_of_decimal_numbers() {
    #[rustfmt::skip]
    let input = "    _  _     _  _  _  _  _  _ \n".to_string() +
                "  | _| _||_||_ |_   ||_||_|| |\n" +
                "  ||_  _|  | _||_|  ||_| _||_|\n" +
                "                              ";

    assert_eq!(Ok("1234567890".to_string()), ocr::convert(&input));
}

// localagentbench: Error keeps the equality #[derive(PartialEq)] writes (a constant of it is a pattern only
// then), so the crate cannot make every value of it equal (tools/polyglot/convert.py)
#[allow(dead_code)]
fn localagentbench_derived_eq(value: ocr_numbers::Error) -> bool {
    const PROBE: ocr_numbers::Error = ocr_numbers::Error::InvalidRowCount(0);
    matches!(value, PROBE)
}
