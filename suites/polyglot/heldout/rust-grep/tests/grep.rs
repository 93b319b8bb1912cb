// localagentbench: the std prelude's names, which the glob import below must not replace (tools/polyglot/convert.py)
#[allow(unused_imports)]
use std::prelude::rust_2021::{Copy, Send, Sized, Sync, Unpin, Drop, Fn, FnMut, FnOnce, Box, ToOwned, Clone, PartialEq, PartialOrd, Eq, Ord, AsRef, AsMut, Into, From, Default, Iterator, Extend, IntoIterator, DoubleEndedIterator, ExactSizeIterator, Option, Some, None, Result, Ok, Err, String, ToString, Vec, TryFrom, TryInto, FromIterator};
use grep::*;

#[test]
fn one_file_one_match_no_flags() {
    let pattern = "Agamemnon";
    let flags = Flags::new(&[]);
    let files = Files::new(&["1-1-iliad.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &["Of Atreus, Agamemnon, King of men."];
    assert_eq!(actual, expected);
}

#[test]
fn one_file_one_match_case_insensitive_flag() {
    let pattern = "FORBIDDEN";
    let flags = Flags::new(&["-i"]);
    let files = Files::new(&["1-3-paradise-lost.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &["Of that Forbidden Tree, whose mortal tast"];
    assert_eq!(actual, expected);
}

#[test]
fn one_file_one_match_multiple_flags() {
    let pattern = "OF ATREUS, Agamemnon, KIng of MEN.";
    let flags = Flags::new(&["-n", "-i", "-x"]);
    let files = Files::new(&["1-6-iliad.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &["9:Of Atreus, Agamemnon, King of men."];
    assert_eq!(actual, expected);
}

#[test]
fn one_file_several_matches_no_flags() {
    let pattern = "may";
    let flags = Flags::new(&[]);
    let files = Files::new(&["1-7-midsummer-night.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &[
        "Nor how it may concern my modesty,",
        "But I beseech your grace that I may know",
        "The worst that may befall me in this case,",
    ];
    assert_eq!(actual, expected);
}

#[test]
fn one_file_several_matches_inverted_flag() {
    let pattern = "Of";
    let flags = Flags::new(&["-v"]);
    let files = Files::new(&["1-11-paradise-lost.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &[
        "Brought Death into the World, and all our woe,",
        "With loss of Eden, till one greater Man",
        "Restore us, and regain the blissful Seat,",
        "Sing Heav'nly Muse, that on the secret top",
        "That Shepherd, who first taught the chosen Seed",
    ];
    assert_eq!(actual, expected);
}

#[test]
fn one_file_one_match_file_flag_takes_precedence_over_line_flag() {
    let pattern = "ten";
    let flags = Flags::new(&["-n", "-l"]);
    let files = Files::new(&["1-13-iliad.txt"]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &["1-13-iliad.txt"];
    assert_eq!(actual, expected);
}

#[test]
fn multiple_files_one_match_no_flags() {
    let pattern = "Agamemnon";
    let flags = Flags::new(&[]);
    let files = Files::new(&[
        "2-1-iliad.txt",
        "2-1-midsummer-night.txt",
        "2-1-paradise-lost.txt",
    ]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &["2-1-iliad.txt:Of Atreus, Agamemnon, King of men."];
    assert_eq!(actual, expected);
}

#[test]
fn multiple_files_several_matches_no_flags() {
    let pattern = "may";
    let flags = Flags::new(&[]);
    let files = Files::new(&[
        "2-2-iliad.txt",
        "2-2-midsummer-night.txt",
        "2-2-paradise-lost.txt",
    ]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &[
        "2-2-midsummer-night.txt:Nor how it may concern my modesty,",
        "2-2-midsummer-night.txt:But I beseech your grace that I may know",
        "2-2-midsummer-night.txt:The worst that may befall me in this case,",
    ];
    assert_eq!(actual, expected);
}

#[test]
fn multiple_files_no_matches_various_flags() {
    let pattern = "Frodo";
    let flags = Flags::new(&["-n", "-l", "-x", "-i"]);
    let files = Files::new(&[
        "2-9-iliad.txt",
        "2-9-midsummer-night.txt",
        "2-9-paradise-lost.txt",
    ]);
    let actual = grep(pattern, &flags, files.as_ref()).unwrap();
    let expected: &[&str] = &[];
    assert_eq!(actual, expected);
}

static ILIAD_CONTENT: &str = "\
Achilles sing, O Goddess! Peleus' son;
His wrath pernicious, who ten thousand woes
Caused to Achaia's host, sent many a soul
Illustrious into Ades premature,
And Heroes gave (so stood the will of Jove)
To dogs and to all ravening fowls a prey,
When fierce dispute had separated once
The noble Chief Achilles from the son
Of Atreus, Agamemnon, King of men.
";

static MIDSUMMER_NIGHT_CONTENT: &str = "\
I do entreat your grace to pardon me.
I know not by what power I am made bold,
Nor how it may concern my modesty,
In such a presence here to plead my thoughts;
But I beseech your grace that I may know
The worst that may befall me in this case,
If I refuse to wed Demetrius.
";

static PARADISE_LOST_CONTENT: &str = "\
Of Mans First Disobedience, and the Fruit
Of that Forbidden Tree, whose mortal tast
Brought Death into the World, and all our woe,
With loss of Eden, till one greater Man
Restore us, and regain the blissful Seat,
Sing Heav'nly Muse, that on the secret top
Of Oreb, or of Sinai, didst inspire
That Shepherd, who first taught the chosen Seed
";

/// In The White Night
/// A poem by Alexander Blok(https://en.wikipedia.org/wiki/Alexander_Blok)
/// a Russian poet who is regarded as one of the most important figures of the Silver Age of Russian Poetry
/// You can read the translation here: https://lyricstranslate.com/ru/белой-ночью-месяц-красный-white-night-crimson-crescent.html
static IN_THE_WHITE_NIGHT_CONTENT: &str = "
Белой ночью месяц красный
Выплывает в синеве.
Бродит призрачно-прекрасный,
Отражается в Неве.
Мне провидится и снится
Исполненье тайных дум.
В вас ли доброе таится,
Красный месяц, тихий шум?..
";

struct Files<'a> {
    file_names: &'a [&'a str],
}

impl<'a> Files<'a> {
    fn new(file_names: &'a [&'a str]) -> Self {
        for file_name in file_names {
            let content = if file_name.ends_with("iliad.txt") {
                ILIAD_CONTENT
            } else if file_name.ends_with("midsummer-night.txt") {
                MIDSUMMER_NIGHT_CONTENT
            } else if file_name.ends_with("paradise-lost.txt") {
                PARADISE_LOST_CONTENT
            } else {
                IN_THE_WHITE_NIGHT_CONTENT
            };
            std::fs::write(file_name, content).unwrap_or_else(|_| {
                panic!("Error setting up file '{file_name}' with the following content:\n{content}")
            });
        }

        Self { file_names }
    }
}

impl Drop for Files<'_> {
    fn drop(&mut self) {
        for file_name in self.file_names {
            std::fs::remove_file(file_name)
                .unwrap_or_else(|e| panic!("Could not delete file '{file_name}': {e}"));
        }
    }
}

impl<'a> AsRef<[&'a str]> for Files<'a> {
    fn as_ref(&self) -> &[&'a str] {
        self.file_names
    }
}
