"""Pins what the three public parsers did before the shared code was pulled out."""
import unittest
from datetime import datetime, timedelta, timezone

from logparse import Record, parse_app, parse_nginx, parse_syslog

UTC = timezone.utc
PLUS2 = timezone(timedelta(hours=2))


def at(*args):
    return datetime(*args, tzinfo=UTC)


NGINX = [
    '203.0.113.7 - - [10/Oct/2023:13:55:36 +0200] "GET /index.html HTTP/1.1" 200 2326 "-" "curl/8.0"\n',
    "\n",
    "garbage\n",
    '198.51.100.4 - alice [10/Oct/2023:12:00:00 +0000] "POST /login HTTP/1.1" 401 17\r\n',
    '198.51.100.4 - - [10/Foo/2023:12:00:00 +0000] "GET / HTTP/1.1" 200 1\n',
    '192.0.2.1 - - [10/Oct/2023:23:30:00 -0100] "GET /api HTTP/2.0" 503 -\n',
    '192.0.2.1 - - [31/Sep/2023:10:00:00 +0000] "GET / HTTP/1.1" 200 1\n',
    "   \n",
    '192.0.2.8 - - [11/Oct/2023:00:30:00 +0000] "HEAD / HTTP/1.1" 304 0\n',
    '192.0.2.8 - - [11/Oct/2023:00:30:00] "GET / HTTP/1.1" 200 0\n',
]

NGINX_RECORDS = [
    Record(at(2023, 10, 10, 11, 55, 36), "INFO", "nginx", "203.0.113.7 GET /index.html HTTP/1.1 -> 200"),
    Record(at(2023, 10, 10, 12, 0, 0), "WARNING", "nginx", "198.51.100.4 POST /login HTTP/1.1 -> 401"),
    Record(at(2023, 10, 11, 0, 30, 0), "ERROR", "nginx", "192.0.2.1 GET /api HTTP/2.0 -> 503"),
    Record(at(2023, 10, 11, 0, 30, 0), "INFO", "nginx", "192.0.2.8 HEAD / HTTP/1.1 -> 304"),
]
NGINX_ERRORS = [
    (3, "unrecognised line"),
    (5, "bad timestamp '10/Foo/2023:12:00:00 +0000'"),
    (7, "bad timestamp '31/Sep/2023:10:00:00 +0000'"),
    (10, "bad timestamp '11/Oct/2023:00:30:00'"),
]

APP = [
    '{"ts": "2023-10-10T13:55:36.120+02:00", "level": "warn", "logger": "db", "msg": "slow query"}',
    '{"ts": "2023-10-10T12:00:00Z", "level": " Fatal ", "logger": "", "msg": "disk full"}',
    '{"ts": "2023-10-10T12:00:01", "level": "trace", "msg": 42}',
    "",
    '{"ts": "2023-10-10T12:00:02Z", "level": "notice", "msg": "x"}',
    '{"ts": "2023-10-10T12:00:03Z", "level": "err", "msg": "x"}',
    '["ts", "level", "msg"]',
    '{"level": "info", "msg": "no time"}',
    '{"ts": "2023-10-10T12:00:04Z", "msg": "no level"}',
    '{"ts": "yesterday", "level": "info", "msg": "x"}',
    '{"ts": 1696939200, "level": "info", "msg": "x"}',
    '{"ts": "2023-13-10T12:00:00Z", "level": "info", "msg": "x"}',
    "not json at all",
    '  {"ts": "2023-10-10T12:00:05-05:30", "level": "ERROR", "logger": "api", "msg": "boom"}  ',
    '{"ts": "2023-10-10T12:00:06Z", "level": 3, "msg": "x"}',
]

APP_RECORDS = [
    Record(at(2023, 10, 10, 11, 55, 36, 120000), "WARNING", "app:db", "slow query"),
    Record(at(2023, 10, 10, 12, 0, 0), "CRITICAL", "app", "disk full"),
    Record(at(2023, 10, 10, 12, 0, 1), "DEBUG", "app", "42"),
    Record(at(2023, 10, 10, 17, 30, 5), "ERROR", "app:api", "boom"),
]
APP_ERRORS = [
    (5, "unknown level 'notice'"),
    (6, "unknown level 'err'"),
    (7, "not a JSON object"),
    (8, "missing field 'ts'"),
    (9, "missing field 'level'"),
    (10, "bad timestamp 'yesterday'"),
    (11, "bad timestamp 1696939200"),
    (12, "bad timestamp '2023-13-10T12:00:00Z'"),
    (13, "invalid JSON"),
    (15, "unknown level 3"),
]

SYSLOG = [
    "<34>Oct 11 22:14:15 mymachine su[230]: 'su root' failed for lonvick on /dev/pts/8",
    "<13>Feb 29 08:00:00 host cron: leap day job\n",
    "<191>Oct  1 00:00:09 host kernel: debug stuff",
    "<192>Oct  1 00:00:09 host kernel: too high",
    "<30>Oct 11 22:14:15 host no colon here",
    "",
    "<12>Foo 11 22:14:15 host app: bad month",
    "<3>Dec 31 23:59:59 db-1 postgres[9]: error: out of memory\r\n",
    "<4>Jan  2 03:04:05 web nginx: warning: upstream slow: 1.2s",
    "Oct 11 22:14:15 host app: no priority",
]


def syslog_records(year_of_feb):
    return [
        Record(at(2024, 10, 11, 22, 14, 15), "CRITICAL", "syslog:mymachine/su", "'su root' failed for lonvick on /dev/pts/8"),
        Record(at(year_of_feb, 2, 29, 8, 0, 0), "INFO", "syslog:host/cron", "leap day job"),
        Record(at(2024, 10, 1, 0, 0, 9), "DEBUG", "syslog:host/kernel", "debug stuff"),
        Record(at(2024, 12, 31, 23, 59, 59), "ERROR", "syslog:db-1/postgres", "error: out of memory"),
        Record(at(2024, 1, 2, 3, 4, 5), "WARNING", "syslog:web/nginx", "warning: upstream slow: 1.2s"),
    ]


SYSLOG_ERRORS_2024 = [
    (4, "bad priority 192"),
    (5, "unrecognised line"),
    (7, "bad timestamp 'Foo 11 22:14:15'"),
    (10, "unrecognised line"),
]


class NginxPinnedTest(unittest.TestCase):
    def test_everything(self):
        result = parse_nginx(NGINX)
        self.assertEqual(result.records, NGINX_RECORDS)
        self.assertEqual(result.errors, NGINX_ERRORS)

    def test_timestamps_are_utc(self):
        for record in parse_nginx(NGINX).records:
            self.assertEqual(record.timestamp.utcoffset(), timedelta(0))

    def test_levels_and_aliases(self):
        self.assertEqual(parse_nginx(NGINX, min_level="warn").records, NGINX_RECORDS[1:3])
        self.assertEqual(parse_nginx(NGINX, min_level=" Error").records, NGINX_RECORDS[2:3])
        self.assertEqual(parse_nginx(NGINX, min_level="debug").records, NGINX_RECORDS)
        self.assertEqual(parse_nginx(NGINX, min_level="critical").records, [])
        for alias in ("notice", "err", "fatal", "trace", "crit"):
            with self.subTest(alias=alias):
                with self.assertRaises(ValueError) as ctx:
                    parse_nginx(NGINX, min_level=alias)
                self.assertEqual(str(ctx.exception), f"unknown level {alias!r}")

    def test_since_until(self):
        result = parse_nginx(NGINX, since=datetime(2023, 10, 10, 12, 0, 0), until=at(2023, 10, 11, 0, 30, 0))
        self.assertEqual(result.records, NGINX_RECORDS[1:2])
        self.assertEqual(result.errors, NGINX_ERRORS)
        result = parse_nginx(NGINX, since=datetime(2023, 10, 11, 2, 30, tzinfo=PLUS2))
        self.assertEqual(result.records, NGINX_RECORDS[2:])

    def test_empty(self):
        result = parse_nginx([])
        self.assertEqual((result.records, result.errors), ([], []))


class AppPinnedTest(unittest.TestCase):
    def test_everything(self):
        result = parse_app(APP)
        self.assertEqual(result.records, APP_RECORDS)
        self.assertEqual(result.errors, APP_ERRORS)

    def test_levels_and_aliases(self):
        self.assertEqual(parse_app(APP, min_level="fatal").records, APP_RECORDS[1:2])
        self.assertEqual(parse_app(APP, min_level="WARN").records, [APP_RECORDS[0], APP_RECORDS[1], APP_RECORDS[3]])
        self.assertEqual(parse_app(APP, min_level="trace").records, APP_RECORDS)
        for alias in ("notice", "err", "crit", "emerg"):
            with self.subTest(alias=alias):
                with self.assertRaisesRegex(ValueError, f"unknown level {alias!r}"):
                    parse_app(APP, min_level=alias)

    def test_since_until(self):
        result = parse_app(APP, since=at(2023, 10, 10, 12, 0, 0), until=datetime(2023, 10, 10, 12, 0, 1))
        self.assertEqual(result.records, APP_RECORDS[1:2])
        self.assertEqual(result.errors, APP_ERRORS)
        result = parse_app(APP, until=datetime(2023, 10, 10, 13, 55, 36, 120000, tzinfo=PLUS2))
        self.assertEqual(result.records, [])


class SyslogPinnedTest(unittest.TestCase):
    def test_everything_leap_year(self):
        result = parse_syslog(SYSLOG, 2024)
        self.assertEqual(result.records, syslog_records(2024))
        self.assertEqual(result.errors, SYSLOG_ERRORS_2024)

    def test_feb_29_outside_a_leap_year(self):
        result = parse_syslog(SYSLOG, 2023)
        self.assertEqual(len(result.records), 4)
        self.assertEqual(result.records[0].timestamp, at(2023, 10, 11, 22, 14, 15))
        self.assertEqual(result.errors[0], (2, "bad timestamp 'Feb 29 08:00:00'"))
        self.assertEqual(result.errors[1:], SYSLOG_ERRORS_2024)

    def test_levels_and_aliases(self):
        records = syslog_records(2024)
        self.assertEqual(parse_syslog(SYSLOG, 2024, min_level="notice").records, [records[0], records[1], records[3], records[4]])
        self.assertEqual(parse_syslog(SYSLOG, 2024, min_level="err").records, [records[0], records[3]])
        self.assertEqual(parse_syslog(SYSLOG, 2024, min_level="Crit").records, [records[0]])
        self.assertEqual(parse_syslog(SYSLOG, 2024, min_level="emerg").records, [records[0]])
        self.assertEqual(parse_syslog(SYSLOG, 2024, min_level="warn").records, [records[0], records[3], records[4]])
        for alias in ("fatal", "trace", "verbose"):
            with self.subTest(alias=alias):
                with self.assertRaisesRegex(ValueError, f"unknown level {alias!r}"):
                    parse_syslog(SYSLOG, 2024, min_level=alias)

    def test_since_until(self):
        records = syslog_records(2024)
        result = parse_syslog(SYSLOG, 2024, since=datetime(2024, 2, 29, 8, 0, 0), until=datetime(2024, 10, 11, 22, 14, 15))
        self.assertEqual(result.records, [records[1], records[2]])
        self.assertEqual(result.errors, SYSLOG_ERRORS_2024)


class CommonPinnedTest(unittest.TestCase):
    def test_parse_timestamp_feb_29(self):
        from logparse.common import parse_timestamp

        self.assertEqual(parse_timestamp("Feb 29 08:00:00", "%b %d %H:%M:%S", year=2024), at(2024, 2, 29, 8))
        with self.assertRaises(ValueError):
            parse_timestamp("Feb 29 08:00:00", "%b %d %H:%M:%S", year=2023)

    def test_parse_timestamp_iso(self):
        from logparse.common import parse_timestamp

        self.assertEqual(parse_timestamp("2023-10-10T13:55:36Z"), at(2023, 10, 10, 13, 55, 36))
        self.assertEqual(parse_timestamp("2023-10-10T13:55:36"), at(2023, 10, 10, 13, 55, 36))
        self.assertEqual(parse_timestamp("2023-10-10T13:55:36-05:30"), at(2023, 10, 10, 19, 25, 36))

    def test_normalize_level_without_aliases(self):
        from logparse.common import normalize_level

        for name in ("debug", "INFO", " warning", "Error ", "critical"):
            self.assertEqual(normalize_level(name), name.strip().upper())
        for name in ("warn", "notice", "fatal", ""):
            with self.assertRaises(ValueError):
                normalize_level(name)


if __name__ == "__main__":
    unittest.main()
