"use strict";
// Unit tests of the timeline page's logic (TimelineLogic in timeline.js): differences by
// identity, the filter and its address, search and the state tree. Each test is a function
// that throws on failure; the results go on <body> for .ci/check-timeline-page.
(function () {
  const logic = TimelineLogic;
  const tests = [];
  const test = (name, body) => tests.push([name, body]);
  function expect(actual, expected, what) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) throw new Error((what ? what + ": " : "") + a + " is not " + e);
  }
  const brief = (result) => result.changes.map((c) => [c.kind, c.path, c.old, c.new]);

  test("deleting the first of two plain values is one removal", () => {
    const old = { listData: ["Buy milk", "Walk dog"] };
    expect(brief(logic.diff(old, { listData: ["Walk dog"] })),
      [["removed", "listData[0]", '"Buy milk"', null]]);
  });
  test("elements with an id match by id: a change inside, a removal, an addition", () => {
    const old = { items: [{ id: 1, title: "a" }, { id: 2, title: "b" }, { id: 3, title: "c" }] };
    const now = { items: [{ id: 1, title: "a" }, { id: 3, title: "C" }, { id: 4, title: "d" }] };
    expect(brief(logic.diff(old, now)), [
      ["removed", "items[id=2]", '{"id":2,"title":"b"}', null],
      ["changed", "items[id=3].title", '"c"', '"C"'],
      ["added", "items[id=4]", null, '{"id":4,"title":"d"}'],
    ]);
  });
  test("a move is one move, whatever the distance", () => {
    const old = { items: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] };
    const now = { items: [{ id: "d" }, { id: "a" }, { id: "b" }, { id: "c" }] };
    expect(brief(logic.diff(old, now)), [["moved", 'items[id="d"]', "[3]", "[0]"]]);
  });
  test("values without identity: equal ends are skipped, the middle goes by position", () => {
    const old = { rows: [{ n: 1 }, { n: 2 }, { n: 3 }] };
    expect(brief(logic.diff(old, { rows: [{ n: 2 }, { n: 3 }] })),
      [["removed", "rows[0]", '{"n":1}', null]]);
    expect(brief(logic.diff({ rows: [1, 1, 2] }, { rows: [1, 2, 2] })),
      [["changed", "rows[1]", "1", "2"]], "repeated values");
  });
  test("members added, removed and changed, by path; equal states have no change", () => {
    const old = { a: 1, b: { c: true }, gone: null };
    const now = { a: 2, b: { c: true, d: "x" } };
    expect(brief(logic.diff(old, now)), [
      ["changed", "a", "1", "2"], ["added", "b.d", null, '"x"'], ["removed", "gone", "null", null],
    ]);
    expect(brief(logic.diff(old, JSON.parse(JSON.stringify(old)))), []);
    expect(brief(logic.diff(1, 2)), [["changed", "(state)", "1", "2"]]);
  });
  test("at most limit changes, and more says so", () => {
    const result = logic.diff({ list: [] }, { list: [1, 2, 3, 4, 5] }, 3);
    expect(result.changes.length, 3);
    expect(result.more, true);
  });
  test("a 100,000-element array: one deletion and one move, in a bounded time", () => {
    const old = [];
    for (let i = 0; i < 100000; i += 1) old.push({ id: i, title: "row " + i });
    const now = old.slice(1);
    now.splice(50000, 0, now.pop());
    const started = performance.now();
    const result = logic.diff({ rows: old }, { rows: now });
    const took = performance.now() - started;
    expect(brief(result), [
      ["removed", "rows[id=0]", '{"id":0,"title":"row 0"}', null],
      ["moved", "rows[id=99999]", "[99999]", "[50000]"],
    ]);
    document.body.dataset.largeDiffMs = took.toFixed(0);
    if (took > 5000) throw new Error("the difference took " + took.toFixed(0) + " ms");
  });

  test("the filter goes to the address and back", () => {
    const filter = logic.parseFilter("");
    expect(logic.filterHash(filter), "", "defaults");
    Object.assign(filter, {
      q: "milk & more", hide: [2, 0], type: "1:add", cause: "effect", rejected: true,
      slow: true, over: 0.5, view: "state", entry: 7,
    });
    const hash = logic.filterHash(filter);
    expect(hash, "#q=milk+%26+more&hide=0%2C2&type=1%3Aadd&cause=effect&rejected=1&slow=1" +
      "&over=0.5&view=state&entry=7");
    const back = logic.parseFilter(hash);
    expect(back, Object.assign({}, filter, { hide: [0, 2] }));
  });
  test("#entry-N selects N; values that make no sense are ignored", () => {
    expect(logic.parseFilter("#entry-12").entry, 12);
    const odd = logic.parseFilter("#hide=x,1&over=-3&view=tree&entry=two");
    expect([odd.hide, odd.over, odd.view, odd.entry], [[1], 1, "diff", null]);
  });
  test("search looks through names, payloads and changed paths; filters combine", () => {
    const entry = {
      store: 1, action: "add", payload: '"Buy Milk"', cause: 3, causeKind: "effect",
      rejected: false, duration: 2500000,
    };
    const changes = logic.diff({ items: [] }, { items: [{ id: 9, title: "Buy Milk" }] }).changes;
    const haystack = logic.searchText(entry, changes);
    const filter = (fields) => Object.assign(logic.parseFilter(""), fields);
    expect(logic.matches(entry, filter({ q: "milk" }), haystack), true, "payload, any case");
    expect(logic.matches(entry, filter({ q: "items[id=9]" }), haystack), true, "a state path");
    expect(logic.matches(entry, filter({ q: "ADD" }), haystack), true, "the action's name");
    expect(logic.matches(entry, filter({ q: "bread" }), haystack), false);
    expect(logic.matches(entry, filter({ hide: [1] }), haystack), false, "its store hidden");
    expect(logic.matches(entry, filter({ type: "1:add" }), haystack), true);
    expect(logic.matches(entry, filter({ type: "0:add" }), haystack), false);
    expect(logic.matches(entry, filter({ cause: "effect" }), haystack), true);
    expect(logic.matches(entry, filter({ cause: "none" }), haystack), false);
    expect(logic.matches(entry, filter({ rejected: true }), haystack), false);
    expect(logic.matches(entry, filter({ slow: true }), haystack), true, "2.5 ms ≥ 1 ms");
    expect(logic.matches(entry, filter({ slow: true, over: 3 }), haystack), false);
    const outside = Object.assign({}, entry, { cause: null, causeKind: null });
    expect(logic.matches(outside, filter({ cause: "none" }), haystack), true);
  });
  test("matches are split out for highlighting, in any case", () => {
    expect(logic.highlight("addMilk milk", "MILK"),
      [["add", false], ["Milk", true], [" ", false], ["milk", true]]);
    expect(logic.highlight("add", ""), [["add", false]]);
  });
  test("durations read in the unit that fits", () => {
    expect([logic.duration(950), logic.duration(54500), logic.duration(81200000),
      logic.duration(null)], ["950 ns", "54.5 µs", "81.2 ms", ""]);
  });

  test("the state tree is collapsed, and makes a node's children when it opens", () => {
    const state = { user: { name: "ada", tags: ["a", "b"] }, count: 2 };
    const closed = logic.tree("state", state, false);
    expect([closed.open, closed.querySelectorAll(".leaf, .node").length], [false, 0]);
    const root = logic.tree(null, state, true);
    document.body.appendChild(root);
    const children = () => [...root.querySelectorAll(".leaf, .node")].map((node) =>
      node.querySelector(".key").textContent);
    expect(children(), ["count", "user"], "the root's members only");
    const user = root.querySelector(".node");
    user.open = true;
    user.dispatchEvent(new Event("toggle"));
    expect(children(), ["count", "user", "name", "tags"]);
    expect(root.querySelector(".leaf .value.string").textContent, '"ada"');
    root.remove();
  });
  test("a large array shows 500 children and a button for the next 500", () => {
    const values = Array.from({ length: 1200 }, (_, i) => i);
    const root = logic.tree("rows", values, true);
    const count = () => root.querySelectorAll(".leaf").length;
    expect(count(), 500);
    root.querySelector(".more").click();
    expect(count(), 1000);
    root.querySelector(".more").click();
    expect([count(), root.querySelectorAll(".more").length], [1200, 0]);
  });
  test("an effect's span runs from the row after its start to the row before its end", () => {
    const shown = [0, 1, 2, 5, 6, 9];
    const effect = (after, end) => ({ after: after, end: end === null ? null : { after: end } });
    expect(logic.effectSpan(effect(1, 6), shown), { from: 2, to: 5 }, "rows #2, #5 and #6");
    expect(logic.effectSpan(effect(-1, 0), shown), { from: 0, to: 1 }, "before every entry");
    expect(logic.effectSpan(effect(3, 4), shown), { from: 3, to: 3 }, "no row shown between");
    expect(logic.effectSpan(effect(6, null), shown), { from: 5, to: 6 }, "still running");
    expect(logic.effectSpan(effect(7, 2), shown), { from: 5, to: 5 }, "an end never before");
  });
  test("an effect's outcome reads as who ended it", () => {
    const end = (fields) => Object.assign({
      outcome: "cancelled", after: 3, error: null, reason: null, byEffect: null, byCause: null,
      byCauseKind: null, ms: null,
    }, fields);
    const effect = (ended) => ({ number: 3, id: "Search()", origin: "A.swift:4", end: ended });
    expect(logic.effectOutcome(effect(null)), "running");
    expect(logic.effectOutcome(effect(end({ outcome: "finished", ms: 12 }))), "finished in 12 ms");
    expect(logic.effectOutcome(effect(end({ outcome: "failed", error: "offline" }))),
      "failed: offline");
    expect(logic.effectOutcome(effect(end({ reason: "newerEffect", byEffect: 4 }))),
      "cancelled by a newer effect (effect #4)");
    expect(logic.effectOutcome(effect(end({ reason: "storeGone" }))),
      "cancelled as its store went away");
    expect(logic.effectOutcome(effect(end({ reason: "cancelCall", byCause: 7, byCauseKind: "subscriber" }))),
      "cancelled by a call during #7 (subscriber)");
    expect(logic.effectText(effect(null)), "effect #3 Search() · A.swift:4 · running");
  });

  const failures = [];
  for (const [name, body] of tests) {
    try {
      body();
    } catch (error) {
      failures.push(name + ": " + error.message);
    }
  }
  document.body.dataset.tests = String(tests.length);
  document.body.dataset.failures = JSON.stringify(failures);
  document.body.dataset.done = "true";
})();
