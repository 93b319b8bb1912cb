use accumulate::map;

fn square(x: i32) -> i32 {
    x * x
}

#[test]
fn closure() {
    let input = vec![2, 3, 4, 5];
    let expected = vec![4, 9, 16, 25];
    assert_eq!(map(input, |x| x * x), expected);
}

#[test]
fn closure_floats() {
    let input = vec![2.0, 3.0, 4.0, 5.0];
    let expected = vec![4.0, 9.0, 16.0, 25.0];
    assert_eq!(map(input, |x| x * x), expected);
}

#[test]
fn accumulate_upcases() {
    let input = vec!["Hello", "world"];
    let expected = vec!["HELLO", "WORLD"];
    assert_eq!(map(input, str::to_uppercase), expected);
}

#[test]
fn change_in_type() {
    let input: Vec<&str> = vec!["1", "2", "3"];
    let expected: Vec<String> = vec!["1".into(), "2".into(), "3".into()];
    assert_eq!(map(input, |s| s.to_string()), expected);
}

