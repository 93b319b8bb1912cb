use rand::SeedableRng as _;
use rand::rngs::SmallRng;
// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, drop, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use robot_name::*;

fn deterministic_rng() -> SmallRng {
    SmallRng::seed_from_u64(0)
}

fn assert_name_matches_pattern(n: &str) {
    assert!(n.len() == 5, "name is exactly 5 characters long");
    assert!(
        n[0..2].chars().all(|c| c.is_ascii_uppercase()),
        "name starts with 2 uppercase letters"
    );
    assert!(
        n[2..].chars().all(|c| c.is_ascii_digit()),
        "name ends with 3 numbers"
    );
}

#[test]
fn robot_name_depends_on_rng() {
    let mut rng = deterministic_rng();
    let robot_1 = RobotFactory::new().new_robot(&mut rng);
    let robot_2 = RobotFactory::new().new_robot(&mut rng);
    assert_ne!(robot_1.name(), robot_2.name());
}

