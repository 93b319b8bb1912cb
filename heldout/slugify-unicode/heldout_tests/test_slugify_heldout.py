import unittest

from sitegen import config
from sitegen.posts import parse_post, post_url, tag_url
from sitegen.text import slugify


class TransliterationTest(unittest.TestCase):
    def test_uppercase_accents(self):
        self.assertEqual(slugify("ÉCOLE NORMALE SUPÉRIEURE"), "ecole-normale-superieure")
        self.assertEqual(slugify("Ça va? Oui!"), "ca-va-oui")

    def test_compatibility_characters(self):
        self.assertEqual(slugify("ﬁnal ﬂight"), "final-flight")
        self.assertEqual(slugify("Ｐｙｔｈｏｎ ３"), "python-3")

    def test_result_is_ascii(self):
        slug = slugify("Zürich · Kraków · São Paulo · Reykjavík")
        self.assertEqual(slug, "zurich-krakow-sao-paulo-reykjavik")
        self.assertTrue(slug.isascii())

    def test_other_non_ascii_breaks_words(self):
        self.assertEqual(slugify("naïve—approach"), "naive-approach")
        self.assertEqual(slugify("I❤Python"), "i-python")
        self.assertEqual(slugify("日本語 tips"), "tips")
        self.assertEqual(slugify("日本語"), "")

    def test_apostrophes_vanish(self):
        self.assertEqual(slugify("Don't Panic"), "dont-panic")
        self.assertEqual(slugify("Don’t Panic"), "dont-panic")
        self.assertEqual(slugify("rock 'n' roll"), "rock-n-roll")
        self.assertEqual(slugify("L'été indien"), "lete-indien")


class SeparatorTest(unittest.TestCase):
    def test_no_leading_or_trailing_separator(self):
        self.assertEqual(slugify("  --Hello--  "), "hello")
        self.assertEqual(slugify("!!!"), "")
        self.assertEqual(slugify(""), "")

    def test_underscores_and_mixed_runs(self):
        self.assertEqual(slugify("snake_case_title"), "snake-case-title")
        self.assertEqual(slugify("a -_- b ... c"), "a-b-c")

    def test_digits_kept(self):
        self.assertEqual(slugify("Top 10 tips for 2024"), "top-10-tips-for-2024")

    def test_custom_separators(self):
        self.assertEqual(slugify("foo-bar baz", separator="_"), "foo_bar_baz")
        self.assertEqual(slugify("Crème  Brûlée", separator="."), "creme.brulee")
        self.assertEqual(slugify("a b c", separator="--"), "a--b--c")


class MaxLengthTest(unittest.TestCase):
    def test_exact_fit(self):
        self.assertEqual(slugify("ab cd ef", max_length=5), "ab-cd")
        self.assertEqual(slugify("ab cd ef", max_length=8), "ab-cd-ef")

    def test_never_cuts_mid_word(self):
        self.assertEqual(slugify("ab cd ef", max_length=4), "ab")
        self.assertEqual(slugify("alpha beta gamma", max_length=13), "alpha-beta")
        self.assertEqual(slugify("alpha beta gamma", max_length=11), "alpha-beta")

    def test_longer_limit_changes_nothing(self):
        self.assertEqual(slugify("alpha beta", max_length=100), "alpha-beta")
        self.assertEqual(slugify("alpha beta", max_length=None), "alpha-beta")

    def test_first_word_too_long_is_cut(self):
        self.assertEqual(slugify("Supercalifragilistic word", max_length=10), "supercalif")

    def test_separator_length_counts(self):
        self.assertEqual(slugify("one two three", separator="__", max_length=9), "one__two")
        self.assertEqual(slugify("one two three", separator="_", max_length=13), "one_two_three")
        self.assertEqual(slugify("one two three", separator="_", max_length=12), "one_two")

    def test_length_measured_after_transliteration(self):
        self.assertEqual(slugify("Crème brûlée maison", max_length=12), "creme-brulee")

    def test_invalid_max_length(self):
        with self.assertRaises(ValueError):
            slugify("abc", max_length=0)


class PostSlugTest(unittest.TestCase):
    TITLE = "A Very Long Title About Crème Brûlée And Other French Desserts"

    def post(self, extra=""):
        return parse_post(f"---\ntitle: {self.TITLE}\ndate: 2023-11-02\n{extra}---\nBody.\n")

    def test_post_slug_respects_site_limit(self):
        self.assertEqual(config.SLUG_MAX_LENGTH, 40)
        post = self.post()
        self.assertEqual(post.slug, "a-very-long-title-about-creme-brulee-and")
        self.assertEqual(post_url(post), "/2023/a-very-long-title-about-creme-brulee-and/")

    def test_explicit_slug_still_wins(self):
        self.assertEqual(self.post("slug: creme\n").slug, "creme")

    def test_tag_url_transliterates(self):
        self.assertEqual(tag_url("Café Society"), "/tags/cafe-society/")


if __name__ == "__main__":
    unittest.main()
