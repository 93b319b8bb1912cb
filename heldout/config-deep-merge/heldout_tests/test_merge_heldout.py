import copy
import unittest

from confload import DEFAULTS, apply_overrides, deep_merge, load_config

PRISTINE_DEFAULTS = {
    "server": {
        "host": "127.0.0.1",
        "port": 8000,
        "tls": {"enabled": False, "cert": None},
    },
    "database": {"url": "sqlite:///app.db", "pool": {"min": 1, "max": 5}},
    "logging": {"level": "info", "handlers": ["console"]},
    "features": ["metrics"],
}


class DeepMergeHeldoutTest(unittest.TestCase):
    def test_four_levels_deep(self):
        base = {"a": {"b": {"c": {"d": 1, "e": 2}, "f": 3}, "g": 4}}
        override = {"a": {"b": {"c": {"e": 20, "x": 9}}}}
        self.assertEqual(
            deep_merge(base, override),
            {"a": {"b": {"c": {"d": 1, "e": 20, "x": 9}, "f": 3}, "g": 4}},
        )

    def test_inputs_unchanged_deep(self):
        base = {"a": {"b": {"c": [1, 2]}, "k": 1}, "top": [0]}
        override = {"a": {"b": {"c": [3], "n": {"m": 1}}}, "top": [9], "new": {"z": [1]}}
        base_copy, override_copy = copy.deepcopy(base), copy.deepcopy(override)
        deep_merge(base, override)
        self.assertEqual(base, base_copy)
        self.assertEqual(override, override_copy)

    def test_result_shares_nothing_with_inputs(self):
        base = {"keep": {"list": [1], "t": {"x": 1}}, "both": {"l": [1]}}
        override = {"new": {"list": [2], "t": {"y": 1}}, "both": {"l": [2], "t": {"q": 1}}}
        merged = deep_merge(base, override)
        merged["keep"]["list"].append(99)
        merged["keep"]["t"]["x"] = 99
        merged["new"]["list"].append(99)
        merged["new"]["t"]["y"] = 99
        merged["both"]["l"].append(99)
        merged["both"]["t"]["q"] = 99
        self.assertEqual(base, {"keep": {"list": [1], "t": {"x": 1}}, "both": {"l": [1]}})
        self.assertEqual(
            override, {"new": {"list": [2], "t": {"y": 1}}, "both": {"l": [2], "t": {"q": 1}}}
        )

    def test_lists_replaced_at_any_depth(self):
        merged = deep_merge({"x": {"y": [1, 2, 3]}, "l": [1]}, {"x": {"y": []}, "l": [2, 3]})
        self.assertEqual(merged, {"x": {"y": []}, "l": [2, 3]})

    def test_table_and_scalar_replace_each_other(self):
        merged = deep_merge({"a": {"b": 1}, "c": 5}, {"a": "off", "c": {"d": 1}})
        self.assertEqual(merged, {"a": "off", "c": {"d": 1}})

    def test_none_replaces(self):
        self.assertEqual(deep_merge({"a": {"b": 1}}, {"a": None}), {"a": None})


class ApplyOverridesHeldoutTest(unittest.TestCase):
    def test_input_not_modified(self):
        config = {"server": {"port": 1}}
        result = apply_overrides(config, ["server.port=2", "server.tls.enabled=true"])
        self.assertEqual(config, {"server": {"port": 1}})
        self.assertEqual(result, {"server": {"port": 2, "tls": {"enabled": True}}})

    def test_later_override_wins(self):
        result = apply_overrides({}, ["a.b=1", "a.b=2", "a.c=x"])
        self.assertEqual(result, {"a": {"b": 2, "c": "x"}})

    def test_list_value_replaces(self):
        result = apply_overrides({"logging": {"handlers": ["console"]}}, ['logging.handlers=["file", "syslog"]'])
        self.assertEqual(result, {"logging": {"handlers": ["file", "syslog"]}})


class LoadConfigHeldoutTest(unittest.TestCase):
    def test_defaults_constant_untouched(self):
        load_config(
            {"server": {"tls": {"enabled": True}}, "features": ["beta"], "logging": {"handlers": ["file"]}},
            ["database.pool.max=50", "server.tls.cert=/etc/cert.pem"],
        )
        self.assertEqual(DEFAULTS, PRISTINE_DEFAULTS)

    def test_mutating_a_loaded_config_does_not_leak(self):
        cfg = load_config()
        cfg["logging"]["handlers"].append("file")
        cfg["features"].append("beta")
        cfg["server"]["tls"]["enabled"] = True
        cfg["database"]["pool"]["max"] = 1
        self.assertEqual(load_config(), PRISTINE_DEFAULTS)
        self.assertEqual(DEFAULTS, PRISTINE_DEFAULTS)

    def test_file_data_untouched_and_not_shared(self):
        file_data = {"server": {"tls": {"enabled": True}}, "extra": {"tags": ["a"]}}
        snapshot = copy.deepcopy(file_data)
        cfg = load_config(file_data, ["server.tls.cert=x", "extra.owner=ops"])
        cfg["extra"]["tags"].append("b")
        self.assertEqual(file_data, snapshot)

    def test_custom_defaults_untouched(self):
        defaults = {"a": {"b": 1, "c": [1]}}
        cfg = load_config({"a": {"c": [2]}}, ["a.b=3"], defaults=defaults)
        self.assertEqual(cfg, {"a": {"b": 3, "c": [2]}})
        self.assertEqual(defaults, {"a": {"b": 1, "c": [1]}})

    def test_full_layering(self):
        cfg = load_config(
            {"server": {"host": "0.0.0.0", "tls": {"enabled": True}}, "features": ["beta"]},
            ["server.tls.cert=/etc/cert.pem", "database.pool.max=20", "features=[]"],
        )
        self.assertEqual(
            cfg,
            {
                "server": {
                    "host": "0.0.0.0",
                    "port": 8000,
                    "tls": {"enabled": True, "cert": "/etc/cert.pem"},
                },
                "database": {"url": "sqlite:///app.db", "pool": {"min": 1, "max": 20}},
                "logging": {"level": "info", "handlers": ["console"]},
                "features": [],
            },
        )

    def test_repeated_loads_identical(self):
        args = ({"logging": {"handlers": ["file"]}, "features": ["beta"]}, ["logging.level=debug"])
        first = load_config(*args)
        second = load_config(*args)
        self.assertEqual(first, second)
        self.assertEqual(second["features"], ["beta"])


if __name__ == "__main__":
    unittest.main()
