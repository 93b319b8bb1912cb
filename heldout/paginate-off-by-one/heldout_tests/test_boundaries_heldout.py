import unittest

from pager import PageOutOfRange, has_next, page_count, page_slice, paginate


class PageCountBoundaryTest(unittest.TestCase):
    def test_exact_multiples(self):
        for total, per_page, expected in [(30, 10, 3), (9, 3, 3), (100, 25, 4), (10, 10, 1), (1, 1, 1)]:
            with self.subTest(total=total, per_page=per_page):
                self.assertEqual(page_count(total, per_page), expected)

    def test_non_multiples(self):
        for total, per_page, expected in [(11, 10, 2), (7, 10, 1), (101, 25, 5), (5, 2, 3)]:
            with self.subTest(total=total, per_page=per_page):
                self.assertEqual(page_count(total, per_page), expected)

    def test_empty_collection_has_one_page(self):
        self.assertEqual(page_count(0, 10), 1)


class HasNextBoundaryTest(unittest.TestCase):
    def test_last_page_of_exact_multiple(self):
        self.assertFalse(has_next(20, 2, 10))
        self.assertFalse(has_next(10, 1, 10))
        self.assertFalse(has_next(9, 3, 3))

    def test_pages_before_the_last(self):
        self.assertTrue(has_next(20, 1, 10))
        self.assertTrue(has_next(21, 2, 10))
        self.assertTrue(has_next(11, 1, 10))

    def test_empty(self):
        self.assertFalse(has_next(0, 1, 10))


class PageSliceBoundaryTest(unittest.TestCase):
    def test_last_page_of_exact_multiple_is_full(self):
        self.assertEqual(page_slice(list(range(20)), 2, 10), list(range(10, 20)))

    def test_page_after_exact_multiple_does_not_exist(self):
        with self.assertRaises(PageOutOfRange):
            page_slice(list(range(20)), 3, 10)

    def test_one_per_page(self):
        items = ["a", "b", "c"]
        self.assertEqual(page_slice(items, 3, 1), ["c"])
        with self.assertRaises(PageOutOfRange):
            page_slice(items, 4, 1)

    def test_single_partial_page(self):
        self.assertEqual(page_slice([1, 2, 3], 1, 10), [1, 2, 3])

    def test_empty_collection(self):
        self.assertEqual(page_slice([], 1, 10), [])
        with self.assertRaises(PageOutOfRange):
            page_slice([], 2, 10)

    def test_pages_cover_every_item_exactly_once(self):
        for total in range(0, 23):
            for per_page in (1, 2, 3, 5, 7, 10):
                items = list(range(total))
                pages = page_count(total, per_page)
                joined = []
                for page in range(1, pages + 1):
                    chunk = page_slice(items, page, per_page)
                    self.assertLessEqual(len(chunk), per_page)
                    self.assertEqual(has_next(total, page, per_page), page < pages)
                    joined.extend(chunk)
                self.assertEqual(joined, items, f"total={total} per_page={per_page}")


class PaginateBoundaryTest(unittest.TestCase):
    def test_last_page_envelope(self):
        items = [f"id{i}" for i in range(40)]
        self.assertEqual(
            paginate(items, 2, 20),
            {
                "items": items[20:],
                "page": 2,
                "per_page": 20,
                "total": 40,
                "pages": 2,
                "has_next": False,
                "has_prev": True,
            },
        )

    def test_page_past_the_end(self):
        with self.assertRaises(ValueError):
            paginate(list(range(40)), "3", "20")

    def test_empty_listing(self):
        self.assertEqual(
            paginate([]),
            {
                "items": [],
                "page": 1,
                "per_page": 20,
                "total": 0,
                "pages": 1,
                "has_next": False,
                "has_prev": False,
            },
        )


if __name__ == "__main__":
    unittest.main()
