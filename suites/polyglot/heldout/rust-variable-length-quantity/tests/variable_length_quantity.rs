use variable_length_quantity as vlq;

#[test]
fn arbitrary_double_byte() {
    let input = &[8_192];
    let output = vlq::to_bytes(input);
    let expected = vec![0xc0, 0x0];
    assert_eq!(output, expected);
}

#[test]
fn largest_double_byte() {
    let input = &[16_383];
    let output = vlq::to_bytes(input);
    let expected = vec![0xff, 0x7f];
    assert_eq!(output, expected);
}

#[test]
fn smallest_triple_byte() {
    let input = &[16_384];
    let output = vlq::to_bytes(input);
    let expected = vec![0x81, 0x80, 0x0];
    assert_eq!(output, expected);
}

#[test]
fn asymmetric_triple_byte() {
    let input = &[120_220];
    let output = vlq::to_bytes(input);
    let expected = vec![0x87, 0xab, 0x1c];
    assert_eq!(output, expected);
}

#[test]
fn smallest_quadruple_byte() {
    let input = &[2_097_152];
    let output = vlq::to_bytes(input);
    let expected = vec![0x81, 0x80, 0x80, 0x0];
    assert_eq!(output, expected);
}

#[test]
fn arbitrary_quadruple_byte() {
    let input = &[134_217_728];
    let output = vlq::to_bytes(input);
    let expected = vec![0xc0, 0x80, 0x80, 0x0];
    assert_eq!(output, expected);
}

#[test]
fn asymmetric_quadruple_byte() {
    let input = &[3_503_876];
    let output = vlq::to_bytes(input);
    let expected = vec![0x81, 0xd5, 0xee, 0x4];
    assert_eq!(output, expected);
}

#[test]
fn arbitrary_quintuple_byte() {
    let input = &[4_278_190_080];
    let output = vlq::to_bytes(input);
    let expected = vec![0x8f, 0xf8, 0x80, 0x80, 0x0];
    assert_eq!(output, expected);
}

#[test]
fn maximum_32_bit_integer_input() {
    let input = &[4_294_967_295];
    let output = vlq::to_bytes(input);
    let expected = vec![0x8f, 0xff, 0xff, 0xff, 0x7f];
    assert_eq!(output, expected);
}

#[test]
fn two_single_byte_values() {
    let input = &[64, 127];
    let output = vlq::to_bytes(input);
    let expected = vec![0x40, 0x7f];
    assert_eq!(output, expected);
}

#[test]
fn two_multi_byte_values() {
    let input = &[16_384, 1_193_046];
    let output = vlq::to_bytes(input);
    let expected = vec![0x81, 0x80, 0x0, 0xc8, 0xe8, 0x56];
    assert_eq!(output, expected);
}

#[test]
fn four_bytes() {
    let input = &[0x81, 0x80, 0x80, 0x0];
    let output = vlq::from_bytes(input);
    let expected = Ok(vec![2_097_152]);
    assert_eq!(output, expected);
}

#[test]
fn multiple_values() {
    let input = &[
        0xc0, 0x0, 0xc8, 0xe8, 0x56, 0xff, 0xff, 0xff, 0x7f, 0x0, 0xff, 0x7f, 0x81, 0x80, 0x0,
    ];
    let output = vlq::from_bytes(input);
    let expected = Ok(vec![8_192, 1_193_046, 268_435_455, 0, 16_383, 16_384]);
    assert_eq!(output, expected);
}
