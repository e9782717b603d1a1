/// The page's inline style and script. Both are hashed into its Content-Security-Policy, so they are constants:
/// nothing from a run is ever written inside them.
extension HTMLReporter {
  /// The style: system fonts only (the page loads nothing), cells coloured by outcome (`o-<key>`: green passed;
  /// yellow for what passes but deserves a look: known, skipped, flaky; `bad`, red, for any outcome that fails the
  /// gate, so a new failing kind is red without a rule of its own), the diffs in monospace.
  static let style = """

    :root{--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;--red:#b3261e;--redbg:#ffebe9;\
    --green:#1a7f37;--greenbg:#dafbe1;--yellow:#7d5a00;--yellowbg:#fff8c5}
    *{box-sizing:border-box}
    body{margin:0;padding:0 24px 48px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);\
    background:var(--bg)}
    header{margin:0 -24px 16px;padding:18px 24px;border-bottom:1px solid var(--line)}
    header.pass{background:var(--greenbg)}header.fail{background:var(--redbg)}
    h1{margin:0 0 4px;font-size:24px}h2{margin:28px 0 10px;font-size:19px;border-bottom:1px solid var(--line);\
    padding-bottom:4px}h3{margin:18px 0 6px;font-size:15px;word-break:break-all}
    .closing{margin:0 0 10px;color:var(--muted)}
    .tiles{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
    .tiles li{padding:6px 12px;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
    .tiles b{font-size:18px;margin-right:4px}
    .tiles li.bad{border-color:var(--red);color:var(--red)}
    nav{margin:8px 0 0;color:var(--muted)}a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
    pre,code{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
    pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:10px 12px;overflow:auto;\
    white-space:pre}
    pre.totals{margin:0}
    .filters{display:flex;flex-wrap:wrap;gap:14px;align-items:center;margin:0 0 10px;padding:8px 10px;\
    background:var(--soft);border:1px solid var(--line);border-radius:6px}
    .filters[hidden]{display:none}
    .filters select,.filters input{font:inherit;padding:2px 4px}
    .filters output{color:var(--muted)}
    table{border-collapse:collapse}
    th,td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
    thead th{background:var(--soft)}
    .matrix{display:inline-block;min-width:60%;border:1px solid var(--line);border-bottom:0}
    .matrix .row{display:flex;border-bottom:1px solid var(--line);content-visibility:auto;\
    contain-intrinsic-size:auto 44px}
    .matrix .row>div{flex:0 0 112px;min-width:0;overflow-wrap:anywhere;padding:3px 8px;border-right:1px solid var(--line)}
    .matrix .row>div:last-child{border-right:0}
    .matrix .row>div.id{flex:0 0 400px;word-break:break-all}.matrix .row>div.tags{flex:0 0 170px}
    .matrix .head{position:sticky;top:0;z-index:1;content-visibility:visible;background:var(--soft);font-weight:600}
    .matrix .head>div.o{color:var(--fg)}
    .o{white-space:nowrap;font-weight:600;color:var(--muted)}
    .o-passed,.tiles li.o-passed{background:var(--greenbg);color:var(--green)}
    .o-known,.o-skipped,.o-flaky,.tiles li.o-known{background:var(--yellowbg);color:var(--yellow)}
    .o-not_applicable{color:#8c959f;font-weight:400}
    .o.bad{background:var(--redbg);color:var(--red)}
    .o .t{display:block;font-weight:400;font-size:11px;opacity:.75}
    .tag{display:inline-block;padding:0 6px;margin:1px 0;border-radius:9px;background:#ddf4ff;color:#0550ae;\
    font-size:12px;max-width:100%;box-sizing:border-box;overflow-wrap:anywhere}
    .detail{margin:0 0 18px}.where{margin:0 0 6px;color:var(--muted)}
    .diff .r{color:var(--red);background:var(--redbg)}.diff .g{color:var(--green);background:var(--greenbg)}
    .r{color:var(--red)}.g{color:var(--green)}.y{color:var(--yellow)}.d{color:var(--muted)}.b{font-weight:700}
    [hidden]{display:none!important}

    """

  /// The filter: reads the outcome, feature, tag and id from the form (and from the URL's fragment, e.g.
  /// `#outcome=failed&tag=smoke`, so a link opens filtered), hides the matrix rows and failure sections that do not
  /// match, and keeps the fragment in step (a jump to a section, `#s-3`, leaves the filter as it is). Without it,
  /// every row shows.
  static let script = """

    (function () {
      "use strict";
      var form = document.getElementById("filters");
      if (!form) return;
      var names = ["outcome", "feature", "tag", "id"];
      var items = Array.prototype.map.call(document.querySelectorAll("[data-outcomes]"), function (el) {
        return {
          el: el, row: el.classList.contains("row"), id: (el.getAttribute("data-id") || "").toLowerCase(),
          outcomes: " " + el.getAttribute("data-outcomes") + " ", feature: el.getAttribute("data-feature"),
          tags: JSON.parse(el.getAttribute("data-tags") || "[]")
        };
      });
      var rows = items.filter(function (item) { return item.row; }).length;
      function fromFragment() {
        var params = new URLSearchParams(location.hash.slice(1));
        names.forEach(function (name) { form.elements[name].value = params.get(name) || ""; });
      }
      function apply(keepFragment) {
        var want = {};
        names.forEach(function (name) { want[name] = form.elements[name].value; });
        var query = want.id.toLowerCase(), shown = 0;
        items.forEach(function (item) {
          var match = (!want.outcome || item.outcomes.indexOf(" " + want.outcome + " ") >= 0) &&
            (!want.feature || item.feature === want.feature) &&
            (!want.tag || item.tags.indexOf(want.tag) >= 0) && (!query || item.id.indexOf(query) >= 0);
          item.el.hidden = !match;
          if (match && item.row) shown++;
        });
        form.querySelector("output").value = shown + " of " + rows + " scenarios shown";
        if (keepFragment) return;
        var params = new URLSearchParams();
        names.forEach(function (name) { if (want[name]) params.set(name, want[name]); });
        history.replaceState(null, "", params.toString() ? "#" + params.toString() : location.pathname);
      }
      form.addEventListener("submit", function (event) { event.preventDefault(); });
      form.addEventListener("input", function () { apply(false); });
      window.addEventListener("hashchange", function () {
        if (location.hash.indexOf("=") < 0) return;
        fromFragment();
        apply(true);
      });
      form.hidden = false;
      fromFragment();
      apply(true);
    })();

    """
}
