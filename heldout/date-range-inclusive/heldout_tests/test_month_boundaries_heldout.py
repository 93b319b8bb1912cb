import unittest
from datetime import date

from booking import BookingConflict, DateRange, Schedule, month_end, next_day


class CalendarHelpersTest(unittest.TestCase):
    def test_next_day_across_month_and_year(self):
        self.assertEqual(next_day(date(2024, 1, 31)), date(2024, 2, 1))
        self.assertEqual(next_day(date(2024, 2, 28)), date(2024, 2, 29))
        self.assertEqual(next_day(date(2024, 2, 29)), date(2024, 3, 1))
        self.assertEqual(next_day(date(2023, 12, 31)), date(2024, 1, 1))

    def test_month_end_leap_years(self):
        self.assertEqual(month_end(2024, 2), date(2024, 2, 29))
        self.assertEqual(month_end(2023, 2), date(2023, 2, 28))
        self.assertEqual(month_end(2000, 2), date(2000, 2, 29))
        self.assertEqual(month_end(1900, 2), date(1900, 2, 28))

    def test_month_end_every_month(self):
        lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for month, length in enumerate(lengths, start=1):
            self.assertEqual(month_end(2024, month), date(2024, month, length))


class InclusiveRangeTest(unittest.TestCase):
    def test_single_day(self):
        r = DateRange(date(2024, 6, 1), date(2024, 6, 1))
        self.assertEqual(list(r), [date(2024, 6, 1)])
        self.assertEqual(len(r), 1)
        self.assertIn(date(2024, 6, 1), r)
        self.assertTrue(r.overlaps(r))

    def test_iteration_across_new_year(self):
        r = DateRange(date(2023, 12, 30), date(2024, 1, 2))
        self.assertEqual(
            list(r),
            [date(2023, 12, 30), date(2023, 12, 31), date(2024, 1, 1), date(2024, 1, 2)],
        )
        self.assertEqual(len(r), 4)

    def test_iteration_across_leap_day(self):
        days = list(DateRange(date(2024, 2, 27), date(2024, 3, 1)))
        self.assertEqual(days[-2:], [date(2024, 2, 29), date(2024, 3, 1)])
        self.assertEqual(len(days), 4)

    def test_len_matches_iteration(self):
        r = DateRange(date(2023, 11, 15), date(2024, 3, 15))
        self.assertEqual(len(r), len(list(r)))
        self.assertEqual(len(r), 122)

    def test_overlap_at_either_end_and_containment(self):
        a = DateRange(date(2024, 1, 31), date(2024, 2, 1))
        b = DateRange(date(2024, 2, 1), date(2024, 2, 10))
        c = DateRange(date(2024, 1, 1), date(2024, 1, 31))
        inner = DateRange(date(2024, 2, 3), date(2024, 2, 4))
        self.assertTrue(a.overlaps(b) and b.overlaps(a))
        self.assertTrue(a.overlaps(c) and c.overlaps(a))
        self.assertTrue(b.overlaps(inner) and inner.overlaps(b))
        self.assertFalse(b.overlaps(c) or c.overlaps(b))

    def test_intersection_of_touching_ranges(self):
        a = DateRange(date(2024, 1, 25), date(2024, 2, 1))
        b = DateRange(date(2024, 2, 1), date(2024, 2, 29))
        self.assertEqual(a.intersection(b), DateRange(date(2024, 2, 1), date(2024, 2, 1)))
        self.assertIsNone(a.intersection(DateRange(date(2024, 2, 2), date(2024, 2, 3))))

    def test_split_across_new_year(self):
        r = DateRange(date(2023, 12, 30), date(2024, 1, 2))
        self.assertEqual(
            r.split_by_month(),
            [
                DateRange(date(2023, 12, 30), date(2023, 12, 31)),
                DateRange(date(2024, 1, 1), date(2024, 1, 2)),
            ],
        )

    def test_split_leap_february(self):
        r = DateRange(date(2024, 2, 27), date(2024, 3, 2))
        self.assertEqual(
            r.split_by_month(),
            [
                DateRange(date(2024, 2, 27), date(2024, 2, 29)),
                DateRange(date(2024, 3, 1), date(2024, 3, 2)),
            ],
        )

    def test_split_covers_every_day_once(self):
        r = DateRange(date(2023, 10, 31), date(2024, 3, 1))
        pieces = r.split_by_month()
        self.assertEqual(len(pieces), 6)
        self.assertEqual([d for p in pieces for d in p], list(r))

    def test_split_single_day_at_month_end(self):
        r = DateRange(date(2024, 4, 30), date(2024, 4, 30))
        self.assertEqual(r.split_by_month(), [r])


class ScheduleBoundaryTest(unittest.TestCase):
    def test_booking_starting_on_last_day_conflicts(self):
        s = Schedule()
        s.book("room", "ana", "2023-12-28", "2024-01-02")
        with self.assertRaises(BookingConflict):
            s.book("room", "bo", "2024-01-02", "2024-01-05")
        with self.assertRaises(BookingConflict):
            s.book("room", "bo", "2023-12-20", "2023-12-28")
        s.book("room", "bo", "2024-01-03", "2024-01-05")
        self.assertEqual([b.guest for b in s.bookings("room")], ["ana", "bo"])

    def test_occupancy_split_over_months(self):
        s = Schedule()
        s.book("van", "ana", "2024-01-30", "2024-02-01")
        s.book("van", "bo", "2024-02-28", "2024-03-01")
        self.assertEqual(s.occupancy("van", 2024, 1), 2)
        self.assertEqual(s.occupancy("van", 2024, 2), 3)
        self.assertEqual(s.occupancy("van", 2024, 3), 1)

    def test_occupancy_december(self):
        s = Schedule()
        s.book("van", "ana", "2023-12-31", "2024-01-01")
        self.assertEqual(s.occupancy("van", 2023, 12), 1)
        self.assertEqual(s.occupancy("van", 2024, 1), 1)

    def test_free_days_leap_february(self):
        s = Schedule()
        s.book("lab", "ana", "2024-02-01", "2024-02-27")
        self.assertEqual(s.free_days("lab", 2024, 2), [date(2024, 2, 28), date(2024, 2, 29)])

    def test_free_days_full_month(self):
        s = Schedule()
        free = s.free_days("lab", 2023, 12)
        self.assertEqual(len(free), 31)
        self.assertEqual(free[-1], date(2023, 12, 31))


if __name__ == "__main__":
    unittest.main()
