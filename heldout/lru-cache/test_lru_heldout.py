import random
import unittest
from collections import OrderedDict

from cachekit import LRUCache, memoize


class ReferenceLRU:
    """Obviously-correct (slow) model used to cross-check the real cache."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.order = []  # least recently used first
        self.values = {}

    def get(self, key, default=None):
        if key not in self.values:
            return default
        self.order.remove(key)
        self.order.append(key)
        return self.values[key]

    def put(self, key, value):
        if self.capacity == 0:
            return
        if key in self.values:
            self.order.remove(key)
        self.order.append(key)
        self.values[key] = value
        if len(self.order) > self.capacity:
            oldest = self.order.pop(0)
            del self.values[oldest]


class EdgeCapacityTest(unittest.TestCase):
    def test_capacity_zero_stores_nothing(self):
        cache = LRUCache(0)
        cache.put("a", 1)
        self.assertEqual(len(cache), 0)
        self.assertNotIn("a", cache)
        self.assertIsNone(cache.get("a"))
        self.assertEqual(cache.keys(), [])
        self.assertEqual(cache.capacity, 0)

    def test_capacity_one(self):
        cache = LRUCache(1)
        cache.put("a", 1)
        cache.put("b", 2)
        self.assertEqual(cache.keys(), ["b"])
        self.assertIsNone(cache.get("a"))
        cache.put("b", 3)
        self.assertEqual(cache.get("b"), 3)
        self.assertEqual(len(cache), 1)

    def test_negative_capacity(self):
        with self.assertRaises(ValueError):
            LRUCache(-1)


class RecencyTest(unittest.TestCase):
    def test_capacity_three_eviction_order(self):
        cache = LRUCache(3)
        for key in "abc":
            cache.put(key, key.upper())
        cache.put("d", "D")
        self.assertEqual(cache.keys(), ["b", "c", "d"])
        cache.put("e", "E")
        self.assertEqual(cache.keys(), ["c", "d", "e"])
        self.assertEqual(len(cache), 3)

    def test_get_refreshes(self):
        cache = LRUCache(3)
        for key in "abc":
            cache.put(key, 0)
        cache.get("a")
        self.assertEqual(cache.keys(), ["b", "c", "a"])
        cache.put("d", 0)
        self.assertNotIn("b", cache)
        self.assertEqual(cache.keys(), ["c", "a", "d"])

    def test_update_refreshes_recency(self):
        cache = LRUCache(2)
        cache.put("a", 1)
        cache.put("b", 2)
        cache.put("a", 10)
        cache.put("c", 3)
        self.assertNotIn("b", cache)
        self.assertEqual(cache.get("a"), 10)
        self.assertEqual(cache.keys(), ["c", "a"])

    def test_update_at_capacity_does_not_evict(self):
        cache = LRUCache(3)
        for key in "abc":
            cache.put(key, 1)
        cache.put("a", 2)
        self.assertEqual(len(cache), 3)
        self.assertEqual(sorted(cache.keys()), ["a", "b", "c"])

    def test_contains_does_not_refresh(self):
        cache = LRUCache(2)
        cache.put("a", 1)
        cache.put("b", 2)
        self.assertIn("a", cache)
        cache.put("c", 3)
        self.assertNotIn("a", cache)

    def test_missing_get_changes_nothing(self):
        cache = LRUCache(2)
        cache.put("a", 1)
        cache.put("b", 2)
        self.assertEqual(cache.get("zzz", 0), 0)
        self.assertEqual(cache.keys(), ["a", "b"])
        self.assertEqual(len(cache), 2)

    def test_none_and_falsy_values(self):
        cache = LRUCache(4)
        cache.put("none", None)
        cache.put("zero", 0)
        cache.put(("tuple", 1), "")
        self.assertIn("none", cache)
        self.assertIsNone(cache.get("none", "default"))
        self.assertEqual(cache.get("zero", "default"), 0)
        self.assertEqual(cache.get(("tuple", 1), "default"), "")


class ModelCheckTest(unittest.TestCase):
    def check(self, capacity, seed, operations=4000, key_space=None):
        rng = random.Random(seed)
        key_space = key_space or capacity * 2 + 3
        cache, model = LRUCache(capacity), ReferenceLRU(capacity)
        for step in range(operations):
            key = rng.randrange(key_space)
            if rng.random() < 0.5:
                value = rng.randrange(1000)
                cache.put(key, value)
                model.put(key, value)
            else:
                self.assertEqual(cache.get(key, -1), model.get(key, -1), f"step {step}")
            self.assertEqual(len(cache), len(model.order))
            self.assertLessEqual(len(cache), capacity)
        self.assertEqual(cache.keys(), model.order)

    def test_small(self):
        self.check(3, seed=1)

    def test_medium(self):
        self.check(7, seed=2)

    def test_larger(self):
        self.check(40, seed=3, key_space=60)


class LargeWorkloadTest(unittest.TestCase):
    def test_many_entries(self):
        cache = LRUCache(5000)
        for i in range(20000):
            cache.put(i, i * 2)
        self.assertEqual(len(cache), 5000)
        self.assertNotIn(14999, cache)
        self.assertEqual(cache.get(15000), 30000)
        self.assertEqual(cache.keys()[-1], 15000)
        self.assertEqual(cache.keys()[0], 15001)


class MemoizeWithLRUTest(unittest.TestCase):
    def test_memoize_respects_capacity(self):
        calls = []

        @memoize(LRUCache(3))
        def double(x):
            calls.append(x)
            return 2 * x

        for x in [1, 2, 3, 1, 4, 1, 2]:
            double(x)
        self.assertEqual(calls, [1, 2, 3, 4, 2])
        self.assertEqual((double.hits, double.misses), (2, 5))


if __name__ == "__main__":
    unittest.main()
