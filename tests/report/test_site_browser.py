"""The sites in a real browser: headless Chromium loads the run site and the leaderboard from disk (file://),
the key elements render after the script ran, no console message or uncaught error appears, and screenshots
(light, dark, phone width) are saved under tests/artifacts/screenshots/ for people to look at.

Needs a Chromium-family browser: `apt-get install -y chromium` (Debian), or LOCALAGENTBENCH_CHROMIUM=/path.
"""
from __future__ import annotations

import concurrent.futures
import html
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from bench import cli, render, score
from bench.common.records import write_json_atomic
from bench.report import promote, publish
from tools.synthetic import synthetic_runs

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("LOCALAGENTBENCH_ARTIFACTS", REPO / "tests" / "artifacts")) / "screenshots"


def _browser() -> str | None:
    names = [os.environ.get("LOCALAGENTBENCH_CHROMIUM", ""), "chromium", "google-chrome", "google-chrome-stable",
             "chromium-browser"]
    return next((shutil.which(n) for n in names if n and shutil.which(n)), None)


CHROMIUM = _browser()
pytestmark = pytest.mark.skipif(CHROMIUM is None,
                                reason="no Chromium: `apt-get install -y chromium` "
                                       "(or set LOCALAGENTBENCH_CHROMIUM) to test the sites in a browser")


def chromium(url: str, *args: str) -> subprocess.CompletedProcess:
    """Run headless Chromium on `url` with no network at all; console messages go to stderr."""
    with tempfile.TemporaryDirectory(prefix="lab-chromium-") as profile:
        return subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", f"--user-data-dir={profile}",
             # Every host resolves to nothing: a page that needed the network would show it here.
             "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0", *args, url],
            capture_output=True, text=True, timeout=120)


def console_messages(stderr: str) -> list[str]:
    """What the page logged or threw (Chromium prints console output as INFO:CONSOLE lines)."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


def dump_dom(path: Path) -> str:
    """The DOM after load and scripts, with no console output allowed."""
    done = chromium(path.as_uri(), "--dump-dom", "--virtual-time-budget=3000")
    assert done.returncode == 0, done.stderr[-2000:]
    assert console_messages(done.stderr) == [], f"{path.name}: console output"
    return done.stdout


def screenshot(path: Path, name: str, width: int, height: int, dark: bool = False) -> Path:
    """Save a screenshot of `path` as ARTIFACTS/name.png and return it."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / f"{name}.png"
    out.unlink(missing_ok=True)
    args = [f"--screenshot={out}", f"--window-size={width},{height}", "--virtual-time-budget=3000"]
    done = chromium(path.as_uri(), *args, *(["--force-dark-mode"] if dark else []))
    assert done.returncode == 0 and out.is_file(), done.stderr[-2000:]
    assert console_messages(done.stderr) == [], f"{name}: console output"
    return out


def png_info(path: Path) -> tuple[int, int, tuple[int, int, int]]:
    """Width, height and the top-left pixel's RGB of a PNG (stdlib only)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompressobj().decompress(idat, 16)
    # The first pixel of the first row is stored as is under every PNG filter (no left or upper neighbour).
    assert depth == 8 and colour in (2, 6), (depth, colour)
    return width, height, tuple(raw[1:4])


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    """A real mock run of the small suite (rendered), a 120-task synthetic report, and a leaderboard."""
    from conftest import build_suite

    base = tmp_path_factory.mktemp("browser")
    suite = build_suite(base / "suite")
    run = base / "run"
    assert cli.main(["run", "--agent", "mock", "--tasks", str(suite / "tasks"), "--out", str(run), "--repeat", "2",
                     "--report"]) == 0
    big = base / "big"
    summary = score.score(synthetic_runs(240, seed=4, groups=2, reps=1, root=big))
    render.render(summary, big, jobs=1)
    board = base / "board"
    for name, source in (("mock-small", run / "summary.json"), ("synthetic", None)):
        data = summary if source is None else __import__("json").loads(source.read_text())
        write_json_atomic(board / "entries" / f"{name}.json", promote.promote(data, name, date="2025-03-01"))
    publish.publish(publish.load_entries(board), board / "site")
    na = base / "na"  # a second group whose every run was an infrastructure error: pass@1 n/a
    runs = synthetic_runs(24, seed=5, groups=2, reps=1, root=na)
    for r in runs[1::2]:
        r["agent"]["infra_error"] = "model server unreachable"
        r.update(oracle=None, heldout=None, outcome="infra_error", success=False)
    render.render(score.score(runs), na, jobs=1)
    return {"run": run / "site", "big": big / "site", "board": board / "site", "na": na / "site"}


def test_run_site_renders_chart_matrix_and_a_run_page_with_its_diff(sites):
    index = dump_dom(sites["run"] / "index.html")
    assert re.search(r'<figure class="chart interval" id="pass-chart"[^>]*>.*<rect class="fill"', index, re.S)
    assert re.search(r'<table id="matrix" class="paged enhanced"', index) is None, "3 tasks need no pager"
    assert 'id="matrix"' in index and 'class="pip o-passed hc"' in index and 'id="latency-chart"' in index
    page = next(p for p in (sites["run"] / "runs").glob("fix-add-0-*.html"))
    dom = dump_dom(page)
    assert '<pre class="diff">' in dom and '<span class="l add">' in dom and 'id="timeline"' in dom
    assert "Reproduce" in dom and "Provenance" in dom


# Appended to a copy of a page: records, for every element of the given classes, whether the browser laid it
# out with a size and left it visible (the DOM alone cannot say that a mark is seen).
VISIBILITY_PROBE = """<script>
document.documentElement.setAttribute("data-visible", JSON.stringify(Array.prototype.map.call(
  document.querySelectorAll(%s), function (e) {
    var r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return [e.getAttribute("class"), (e.textContent || "").trim(),
            r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none" && s.opacity !== "0"];
  })));
</script>"""


def visible_marks(page: Path, selector: str) -> list[list]:
    """[class, text, visible?] for each element `selector` matches, as laid out by the browser."""
    probe = page.with_name(f"probe-{page.name}")
    probe.write_text(page.read_text().replace("</body>", VISIBILITY_PROBE % json.dumps(selector) + "</body>"))
    try:
        dom = dump_dom(probe)
    finally:
        probe.unlink()
    found = re.search(r'<html[^>]* data-visible="([^"]*)"', dom)
    assert found, "the probe ran"
    return json.loads(html.unescape(found.group(1)))


def test_synthetic_and_n_a_marks_are_visible(sites):
    marks = visible_marks(sites["run"] / "index.html", ".syn")
    assert len(marks) >= 5 and all(m[1] == "†" and m[2] for m in marks), marks  # results table, notes, token chart
    page = next(p for p in (sites["run"] / "runs").glob("fix-add-0-*.html"))
    marks = visible_marks(page, ".syn, .syn-alert")
    assert any("syn-alert" in m[0] and "Synthetic trajectory" in m[1] and m[2] for m in marks), marks
    assert sum(1 for m in marks if m[0] == "syn" and m[2]) >= 5, marks
    marks = visible_marks(sites["na"] / "index.html", ".na")
    assert ["m na", "n/a", True] in marks, "the chart's n/a label is drawn"
    assert ["na", "n/a", True] in marks, "the results table says n/a"
    dom = dump_dom(sites["na"] / "index.html")
    chart = re.search(r'<figure class="chart interval" id="pass-chart".*?</figure>', dom, re.S).group(0)
    na_rows = re.findall(r'<div class="row na">.*?</svg></div>', chart, re.S)
    assert len(na_rows) == 1 and 'class="fill"' not in na_rows[0], "no bar for a rate that does not exist"
    assert 'class="syn' not in dom, "the synthetic runs helper marks nothing synthetic"


# Appended to a copy of an index: how the browser laid out the results table, at the window's width.
FIT_PROBE = """<script>
var t = document.getElementById("results"), w = t.closest(".table-wrap"), wr = w.getBoundingClientRect();
function seen(e) { var r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && r.left >= wr.left - 0.5 && r.right <= wr.right + 0.5 &&
    s.visibility !== "hidden" && s.display !== "none"; }
var heads = Array.prototype.slice.call(t.querySelectorAll("thead th"));
document.documentElement.setAttribute("data-fit", JSON.stringify({scroll: w.scrollWidth, client: w.clientWidth,
  columns: heads.map(function (h, i) { return [h.textContent.trim(), seen(h),
    Array.prototype.every.call(t.querySelectorAll("tbody tr"), function (row) { return seen(row.cells[i]); })]; })}));
</script>"""


def results_layout(page: Path, width: int) -> dict:
    """{"scroll", "client": the results table's wrapper's widths, "columns": [[header, header seen?, every cell
    of the column seen?], ...]} as Chromium lays out `page` in a window `width` px wide."""
    probe = page.with_name(f"probe-{page.name}")
    probe.write_text(page.read_text().replace("</body>", FIT_PROBE + "</body>"))
    try:
        done = chromium(probe.as_uri(), "--dump-dom", "--virtual-time-budget=3000", f"--window-size={width},900")
    finally:
        probe.unlink()
    assert done.returncode == 0 and console_messages(done.stderr) == [], done.stderr[-2000:]
    found = re.search(r'<html[^>]* data-fit="([^"]*)"', done.stdout)
    assert found, "the probe ran"
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def wide(tmp_path_factory) -> Path:
    """A site whose results table is as wide as real ones get: six groups, a long model id, an agent that
    invents its figures (every cost carries the mark), tasks without held-out tests (the held-out cell's note)."""
    root = tmp_path_factory.mktemp("wide")
    runs = synthetic_runs(240, seed=9, groups=6, reps=1, root=root)
    for r in runs:
        if r["model"]["id"] == "ollama/qwen2.5-coder:14b":
            r["model"]["id"] = "ollama/qwen2.5-coder:32b-instruct-q4_K_M"
        if r["agent"]["name"] == "mock":
            r["agent"]["extra"] = {"synthetic": True}
            r["agent"]["tokens_in"] = (r["agent"]["tokens_in"] or 0) * 1000
    render.render(score.score(runs), root, jobs=1)
    return root / "site"


@pytest.mark.parametrize("which", ["run", "wide"])
def test_the_results_table_fits_1400_px_with_latency_tokens_and_tool_calls_in_view(sites, wide, which):
    index = wide / "index.html" if which == "wide" else sites[which] / "index.html"
    text = index.read_text()
    assert "without held-out tests, not in the" in text and "syn" in text, "the widest cells are there"
    layout = results_layout(index, 1400)
    assert layout["scroll"] <= layout["client"], f"a horizontal scrollbar: {layout}"
    columns = {name: (head, cells) for name, head, cells in layout["columns"]}
    for name in ("Median latency", "Tokens in / out", "Tool calls (failed)", "Held-out confirmed"):
        assert columns[name] == (True, True), f"{name} not in view at 1400 px: {layout}"
    narrow = results_layout(index, 700)  # the probe can fail: at phone width the table does scroll
    assert narrow["scroll"] > narrow["client"]


def test_matrix_paginates_and_filters_in_the_browser(sites):
    dom = dump_dom(sites["big"] / "index.html")
    table = re.search(r'<table id="matrix" class="paged enhanced"[^>]*data-page="1"[^>]*>(.*?)</table>', dom, re.S)
    assert table, "site.js enhanced the matrix"
    rows = re.findall(r"<tr [^>]*data-o=", table.group(1))
    hidden = re.findall(r'<tr [^>]*class="hidden"', table.group(1))
    assert len(rows) == 120 and len(hidden) == 70, "page 1 of 3 shows 50 rows"
    assert re.search(r'<div class="pager"[^>]*>.*1–50 of 120', dom, re.S)


def test_leaderboard_renders_ranking_and_matrix(sites):
    dom = dump_dom(sites["board"] / "index.html")
    assert 'id="rank-chart"' in dom and 'id="ranking"' in dom and 'id="matrix"' in dom
    assert 'href="entries/mock-small.html"' in dom
    entry = dump_dom(sites["board"] / "entries" / "synthetic.html")
    assert 'id="pass-chart"' in entry and 'class="paged enhanced"' in entry


@pytest.mark.slow
def test_screenshots_light_dark_and_phone(sites):
    run_page = next(p for p in (sites["run"] / "runs").glob("fix-add-0-*.html"))
    shots = [(sites["run"] / "index.html", "run-index-light", 1280, 1600, False),
             (sites["run"] / "index.html", "run-index-dark", 1280, 1600, True),
             (sites["run"] / "index.html", "run-index-phone", 390, 1800, False),
             (run_page, "run-page-light", 1280, 2400, False),
             (run_page, "run-page-phone-dark", 390, 2400, True),
             (sites["big"] / "index.html", "big-index-light", 1280, 2000, False),
             (sites["board"] / "index.html", "leaderboard-light", 1280, 1600, False),
             (sites["board"] / "index.html", "leaderboard-phone-dark", 390, 1800, True)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        paths = list(pool.map(lambda s: (s, screenshot(*s[:4], dark=s[4])), shots))
    for (_, name, width, height, dark), path in paths:
        w, h, pixel = png_info(path)
        assert (w, h) == (width, height), name
        brightness = sum(pixel) / 3
        assert (brightness < 80) if dark else (brightness > 200), f"{name}: top-left pixel {pixel}"
