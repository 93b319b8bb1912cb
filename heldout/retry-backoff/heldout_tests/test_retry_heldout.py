import random
import unittest

from weatherfeed.client import FeedClient
from weatherfeed.errors import NotFound, RateLimited, TransientError
from weatherfeed.retry import retry


class Recorder:
    def __init__(self):
        self.calls = []

    def __call__(self, seconds):
        self.calls.append(seconds)


class Failing:
    """Fails with the given exceptions in order, then returns 'done'."""

    def __init__(self, *errors):
        self.errors = list(errors)
        self.raised = []
        self.calls = 0
        self.seen = []

    def __call__(self, *args, **kwargs):
        self.calls += 1
        self.seen.append((args, kwargs))
        if self.errors:
            exc = self.errors.pop(0)
            self.raised.append(exc)
            raise exc
        return "done"


class Transport:
    def __init__(self, *outcomes):
        self.outcomes = list(outcomes)
        self.calls = 0

    def __call__(self, url):
        self.calls += 1
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome


def errors(n, cls=ConnectionError):
    return [cls(f"boom {i}") for i in range(n)]


class BackoffScheduleTest(unittest.TestCase):
    def assertDelays(self, actual, expected):
        self.assertEqual(len(actual), len(expected), actual)
        for a, e in zip(actual, expected):
            self.assertAlmostEqual(a, e, places=9)

    def test_exponential_sequence(self):
        sleep = Recorder()
        func = Failing(*errors(4))
        self.assertEqual(retry(max_attempts=5, sleep=sleep)(func)(), "done")
        self.assertDelays(sleep.calls, [0.1, 0.2, 0.4, 0.8])

    def test_custom_base_and_multiplier(self):
        sleep = Recorder()
        func = Failing(*errors(3))
        retry(max_attempts=4, base_delay=0.5, multiplier=3, sleep=sleep)(func)()
        self.assertDelays(sleep.calls, [0.5, 1.5, 4.5])

    def test_cap(self):
        sleep = Recorder()
        func = Failing(*errors(5))
        retry(max_attempts=6, base_delay=1, multiplier=3, max_delay=5, sleep=sleep)(func)()
        self.assertDelays(sleep.calls, [1, 3, 5, 5, 5])

    def test_no_sleep_after_last_failure_and_last_error_reraised(self):
        sleep = Recorder()
        func = Failing(*errors(3))
        with self.assertRaises(ConnectionError) as ctx:
            retry(max_attempts=3, sleep=sleep)(func)()
        self.assertIs(ctx.exception, func.raised[-1])
        self.assertEqual(func.calls, 3)
        self.assertDelays(sleep.calls, [0.1, 0.2])

    def test_single_attempt(self):
        sleep = Recorder()
        func = Failing(*errors(1))
        with self.assertRaises(ConnectionError):
            retry(max_attempts=1, sleep=sleep)(func)()
        self.assertEqual(func.calls, 1)
        self.assertEqual(sleep.calls, [])

    def test_no_sleep_on_first_success(self):
        sleep = Recorder()
        self.assertEqual(retry(max_attempts=3, sleep=sleep)(Failing())(), "done")
        self.assertEqual(sleep.calls, [])

    def test_each_call_starts_fresh(self):
        sleep = Recorder()
        func = Failing(*errors(2))
        wrapped = retry(max_attempts=3, sleep=sleep)(func)
        self.assertEqual(wrapped(), "done")
        func.errors = errors(2)
        self.assertEqual(wrapped(), "done")
        self.assertDelays(sleep.calls, [0.1, 0.2, 0.1, 0.2])
        self.assertEqual(func.calls, 6)


class JitterTest(unittest.TestCase):
    def test_full_jitter_uses_injected_rng(self):
        sleep = Recorder()
        func = Failing(*errors(3))
        retry(max_attempts=4, jitter=True, rng=random.Random(42), sleep=sleep)(func)()
        reference = random.Random(42)
        expected = [reference.uniform(0, d) for d in (0.1, 0.2, 0.4)]
        self.assertEqual(len(sleep.calls), 3)
        for a, e in zip(sleep.calls, expected):
            self.assertAlmostEqual(a, e, places=12)

    def test_jitter_applies_after_cap(self):
        sleep = Recorder()
        func = Failing(*errors(4))
        retry(max_attempts=5, base_delay=2, max_delay=3, jitter=True, rng=random.Random(9), sleep=sleep)(func)()
        reference = random.Random(9)
        expected = [reference.uniform(0, d) for d in (2, 3, 3, 3)]
        for a, e in zip(sleep.calls, expected):
            self.assertAlmostEqual(a, e, places=12)
        self.assertTrue(all(0 <= s <= 3 for s in sleep.calls))

    def test_same_seed_same_delays(self):
        runs = []
        for _ in range(2):
            sleep = Recorder()
            retry(max_attempts=4, jitter=True, rng=random.Random(1234), sleep=sleep)(Failing(*errors(3)))()
            runs.append(sleep.calls)
        self.assertEqual(runs[0], runs[1])

    def test_rng_unused_without_jitter(self):
        sleep = Recorder()
        rng = random.Random(5)
        state = rng.getstate()
        retry(max_attempts=3, rng=rng, sleep=sleep)(Failing(*errors(2)))()
        self.assertEqual(rng.getstate(), state)
        self.assertEqual(len(sleep.calls), 2)
        self.assertAlmostEqual(sleep.calls[0], 0.1)
        self.assertAlmostEqual(sleep.calls[1], 0.2)


class ExceptionFilterTest(unittest.TestCase):
    def test_single_class_and_subclasses(self):
        sleep = Recorder()
        func = Failing(RateLimited("429"), TransientError("503"))
        self.assertEqual(retry(max_attempts=3, exceptions=TransientError, sleep=sleep)(func)(), "done")
        self.assertEqual(func.calls, 3)

    def test_unlisted_exception_stops_immediately(self):
        sleep = Recorder()
        func = Failing(TransientError("503"), NotFound("404"), TransientError("503"))
        with self.assertRaises(NotFound):
            retry(max_attempts=5, exceptions=(TransientError,), sleep=sleep)(func)()
        self.assertEqual(func.calls, 2)
        self.assertEqual(len(sleep.calls), 1)

    def test_base_exceptions_not_retried_by_default(self):
        sleep = Recorder()
        func = Failing(KeyboardInterrupt())
        with self.assertRaises(KeyboardInterrupt):
            retry(max_attempts=3, sleep=sleep)(func)()
        self.assertEqual(func.calls, 1)
        self.assertEqual(sleep.calls, [])


class DecoratorTest(unittest.TestCase):
    def test_arguments_and_metadata(self):
        sleep = Recorder()

        @retry(max_attempts=2, sleep=sleep)
        def add(a, b, *, scale=1):
            """Add two numbers."""
            return (a + b) * scale

        self.assertEqual(add(2, 3, scale=10), 50)
        self.assertEqual(add.__name__, "add")
        self.assertEqual(add.__doc__, "Add two numbers.")

    def test_arguments_passed_on_every_attempt(self):
        func = Failing(*errors(1))
        retry(max_attempts=2, sleep=Recorder())(func)(1, k="v")
        self.assertEqual(func.seen, [((1,), {"k": "v"}), ((1,), {"k": "v"})])

    def test_invalid_configuration(self):
        with self.assertRaises(ValueError):
            retry(max_attempts=0)
        with self.assertRaises(ValueError):
            retry(base_delay=-1)
        with self.assertRaises(ValueError):
            retry(max_delay=-0.5)


class ClientPolicyTest(unittest.TestCase):
    STATION = {"id": "KPDX", "name": "Portland", "elevation": "9"}

    def test_schedule_until_exhausted(self):
        sleep = Recorder()
        failures = [TransientError("503"), RateLimited("429"), TransientError("503"), TransientError("last")]
        transport = Transport(*failures)
        client = FeedClient(transport, sleep=sleep, rng=random.Random(7))
        with self.assertRaises(TransientError) as ctx:
            client.station("KPDX")
        self.assertIs(ctx.exception, failures[-1])
        self.assertEqual(transport.calls, 4)
        reference = random.Random(7)
        expected = [reference.uniform(0, d) for d in (0.5, 1.0, 2.0)]
        self.assertEqual(len(sleep.calls), 3)
        for a, e in zip(sleep.calls, expected):
            self.assertAlmostEqual(a, e, places=12)

    def test_max_attempts_option(self):
        sleep = Recorder()
        transport = Transport(*[TransientError("503")] * 6, self.STATION)
        client = FeedClient(transport, max_attempts=7, sleep=sleep, rng=random.Random(3))
        self.assertEqual(client.station("KPDX").name, "Portland")
        reference = random.Random(3)
        expected = [reference.uniform(0, d) for d in (0.5, 1.0, 2.0, 4.0, 8.0, 8.0)]
        for a, e in zip(sleep.calls, expected):
            self.assertAlmostEqual(a, e, places=12)
        self.assertEqual(len(sleep.calls), 6)

    def test_bad_payload_not_retried(self):
        sleep = Recorder()
        transport = Transport({"id": "X"}, self.STATION)
        client = FeedClient(transport, sleep=sleep, rng=random.Random(1))
        with self.assertRaises(Exception):
            client.station("X")
        self.assertEqual(transport.calls, 1)
        self.assertEqual(sleep.calls, [])


if __name__ == "__main__":
    unittest.main()
