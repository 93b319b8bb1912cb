mod parsing_and_numbers {
    use forth::*;

}

mod addition {
    use forth::*;

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("+"), Err(Error::StackUnderflow));
    }

}

mod subtraction {
    use forth::*;

    #[test]
    fn errors_if_there_is_only_one_value_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("1 -"), Err(Error::StackUnderflow));
    }
}

mod multiplication {
    use forth::*;

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("*"), Err(Error::StackUnderflow));
    }

}

mod division {
    use forth::*;

    #[test]
    fn errors_if_there_is_only_one_value_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("1 /"), Err(Error::StackUnderflow));
    }

    #[test]
    fn more_than_two_values_on_the_stack() {
        let mut f = Forth::new();
        assert!(f.eval("1 12 3 /").is_ok());
        assert_eq!(f.stack(), [1, 4]);
    }
}

mod combined_arithmetic {
    use forth::*;

}

mod dup {
    use forth::*;

    #[test]
    fn copies_the_top_value_on_the_stack() {
        let mut f = Forth::new();
        assert!(f.eval("1 2 dup").is_ok());
        assert_eq!(f.stack(), [1, 2, 2]);
    }

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("dup"), Err(Error::StackUnderflow));
    }
}

mod drop {
    use forth::*;

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("drop"), Err(Error::StackUnderflow));
    }
}

mod swap {
    use forth::*;

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("swap"), Err(Error::StackUnderflow));
    }
}

mod over {
    use forth::*;

    #[test]
    fn copies_the_second_element_if_there_are_only_two() {
        let mut f = Forth::new();
        assert!(f.eval("1 2 over").is_ok());
        assert_eq!(f.stack(), [1, 2, 1]);
    }

    #[test]
    fn errors_if_there_is_nothing_on_the_stack() {
        let mut f = Forth::new();
        assert_eq!(f.eval("over"), Err(Error::StackUnderflow));
    }
}

mod user_defined_words {
    use forth::*;

    #[test]
    fn can_override_built_in_operators() {
        let mut f = Forth::new();
        assert!(f.eval(": + * ;").is_ok());
        assert!(f.eval("3 4 +").is_ok());
        assert_eq!(f.stack(), [12]);
    }

    #[test]
    fn can_define_word_that_uses_word_with_the_same_name() {
        let mut f = Forth::new();
        assert!(f.eval(": foo 10 ;").is_ok());
        assert!(f.eval(": foo foo 1 + ;").is_ok());
        assert!(f.eval("foo").is_ok());
        assert_eq!(f.stack(), [11]);
    }

}

mod case_insensitivity {
    use forth::*;

    #[test]
    fn user_defined_words_are_case_insensitive() {
        let mut f = Forth::new();
        assert!(f.eval(": foo dup ;").is_ok());
        assert!(f.eval("1 FOO Foo foo").is_ok());
        assert_eq!(f.stack(), [1, 1, 1, 1]);
    }
}

// localagentbench: Error keeps the equality #[derive(PartialEq)] writes (a constant of it is a pattern only
// then), so the crate cannot make every value of it equal (tools/polyglot/convert.py)
#[allow(dead_code)]
fn localagentbench_derived_eq(value: forth::Error) -> bool {
    const PROBE: forth::Error = forth::Error::DivisionByZero;
    matches!(value, PROBE)
}
