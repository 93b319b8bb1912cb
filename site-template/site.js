/* LocalAgentBench site: pagination and filtering for long tables (class "paged").
   Progressive enhancement: without JavaScript every row is visible; with it, a table shows one page at a
   time, a text filter, and (when rows carry data-o="outcome ...") an outcome filter. No network, no deps. */
(function () {
  "use strict";
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) node.setAttribute(k, attrs[k]); }
    if (text) node.textContent = text;
    return node;
  }
  function enhance(table) {
    var body = table.tBodies[0];
    if (!body) return;
    var rows = Array.prototype.slice.call(body.rows);
    var size = parseInt(table.getAttribute("data-page-size") || "50", 10);
    if (rows.length <= 10 && rows.length <= size) return;  // short tables need no controls
    var texts = rows.map(function (r) { return (r.getAttribute("data-text") || r.textContent).toLowerCase(); });
    var outcomes = {};
    rows.forEach(function (r) {
      (r.getAttribute("data-o") || "").split(" ").forEach(function (o) { if (o) outcomes[o] = true; });
    });
    var bar = el("div", {"class": "pager", "role": "navigation", "aria-label": "table pages"});
    var search = el("input", {"type": "search", "placeholder": table.getAttribute("data-filter-label") || "Filter rows",
                              "aria-label": "filter rows"});
    bar.appendChild(search);
    var select = null;
    var names = Object.keys(outcomes).sort();
    if (names.length > 1) {
      select = el("select", {"aria-label": "outcome filter"});
      select.appendChild(el("option", {"value": ""}, "any outcome"));
      names.forEach(function (o) { select.appendChild(el("option", {"value": o}, "has " + o.replace("_", " "))); });
      bar.appendChild(select);
    }
    var prev = el("button", {"type": "button"}, "\u2039 Prev");
    var info = el("span", {"class": "info", "aria-live": "polite"});
    var next = el("button", {"type": "button"}, "Next \u203a");
    bar.appendChild(prev); bar.appendChild(info); bar.appendChild(next);
    var wrap = table.parentNode && table.parentNode.classList.contains("table-wrap") ? table.parentNode : table;
    wrap.parentNode.insertBefore(bar, wrap);
    var page = 0, matching = rows;
    function filter() {
      var q = search.value.trim().toLowerCase(), o = select ? select.value : "";
      matching = [];
      for (var i = 0; i < rows.length; i++) {
        var okText = !q || texts[i].indexOf(q) >= 0;
        var okOutcome = !o || (" " + (rows[i].getAttribute("data-o") || "") + " ").indexOf(" " + o + " ") >= 0;
        if (okText && okOutcome) matching.push(rows[i]);
      }
      page = 0;
      show();
    }
    function show() {
      var pages = Math.max(1, Math.ceil(matching.length / size));
      if (page >= pages) page = pages - 1;
      var start = page * size, end = start + size;
      for (var i = 0; i < rows.length; i++) rows[i].classList.add("hidden");
      for (var j = start; j < Math.min(end, matching.length); j++) matching[j].classList.remove("hidden");
      info.textContent = matching.length ? (start + 1) + "\u2013" + Math.min(end, matching.length) + " of " +
        matching.length + (matching.length < rows.length ? " (filtered from " + rows.length + ")" : "") : "no matching rows";
      prev.disabled = page === 0;
      next.disabled = page >= pages - 1;
      table.setAttribute("data-page", String(page + 1));
    }
    prev.addEventListener("click", function () { page -= 1; show(); });
    next.addEventListener("click", function () { page += 1; show(); });
    search.addEventListener("input", filter);
    if (select) select.addEventListener("change", filter);
    table.classList.add("enhanced");
    show();
  }
  function start() {
    var tables = document.querySelectorAll("table.paged");
    for (var i = 0; i < tables.length; i++) enhance(tables[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
