"""proxy_bench: both sides of every kind of call run and report their figures. Nothing here judges a figure: how
fast the proxy is belongs to the benchmark's output, not to a test that a loaded machine would fail."""
from __future__ import annotations

from tools import proxy_bench


def test_every_kind_reports_direct_proxy_and_added(capsys):
    results = proxy_bench.measure(calls=3, warmup=1)
    assert set(results) == set(proxy_bench.KINDS)
    for row in results.values():
        for side in ("direct", "proxy"):
            for key in ("ttft", "total"):
                assert row[side][key]["median_ms"] > 0 and row[side][key]["p90_ms"] > 0
        assert set(row["added_ms"]) == {"ttft", "total"}
    assert proxy_bench.main(["--calls", "2", "--warmup", "0"]) == 0
    out = capsys.readouterr().out
    assert all(kind in out for kind in proxy_bench.KINDS)
