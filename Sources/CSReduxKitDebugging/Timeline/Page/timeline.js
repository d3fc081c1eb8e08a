"use strict";
// The timeline page's script. `TimelineLogic` holds what can be tested without a session:
// differences by identity, the filter and its address, search, durations and the state tree
// (Tests/TimelinePage/logic-tests.js runs it in headless Chromium). The view below builds the
// page from the session's data with `textContent` and `createElement` only, never from HTML
// text, so no string from a session can become markup or script.

const TimelineLogic = (function () {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const text = (value) => (value === undefined ? null : JSON.stringify(value));

  function equal(a, b) {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i += 1) if (!equal(a[i], b[i])) return false;
      return true;
    }
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(b, key) || !equal(a[key], b[key])) return false;
    }
    return true;
  }

  // An array element's identity: its `id` field (a string or a number), or the value itself
  // for strings, numbers, Booleans and null; none for other values.
  function identity(value) {
    if (isObject(value)) {
      const id = value.id;
      return typeof id === "string" || typeof id === "number" ? "id:" + JSON.stringify(id) : null;
    }
    return Array.isArray(value) ? null : "v:" + JSON.stringify(value);
  }

  // The identities of every element, or null when one has none or two share one.
  function identities(array) {
    const keys = new Array(array.length);
    const seen = new Set();
    for (let i = 0; i < array.length; i += 1) {
      const key = identity(array[i]);
      if (key === null || seen.has(key)) return null;
      seen.add(key);
      keys[i] = key;
    }
    return keys;
  }

  // The positions in `sequence` of one longest increasing subsequence: the elements that keep
  // their order, so that every other one reads as moved. O(n log n).
  function increasingRun(sequence) {
    const tails = [];
    const previous = new Array(sequence.length);
    for (let i = 0; i < sequence.length; i += 1) {
      let low = 0;
      let high = tails.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (sequence[tails[middle]] < sequence[i]) low = middle + 1; else high = middle;
      }
      previous[i] = low > 0 ? tails[low - 1] : -1;
      tails[low] = i;
    }
    const kept = new Set();
    for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i >= 0; i = previous[i]) {
      kept.add(i);
    }
    return kept;
  }

  // The differences from `old` to `now`, at most `limit` of them (`more` tells when there are
  // others): object members by key; array elements by identity when every element has one
  // (an `id` field, or a plain value), so a deletion is one removal and a move one move;
  // otherwise by position after the equal elements at both ends.
  function diff(old, now, limit) {
    const max = limit === undefined ? 200 : limit;
    const changes = [];
    let more = false;
    const push = (change) => {
      if (changes.length < max) changes.push(change); else more = true;
    };
    function walk(a, b, path) {
      if (more) return;
      if (isObject(a) && isObject(b)) {
        // States exported with sorted keys usually have the same members on both sides: then
        // no union is made, and equal plain values are passed over without making a path.
        const keysA = Object.keys(a);
        const keysB = Object.keys(b);
        let same = keysA.length === keysB.length;
        for (let i = 0; same && i < keysA.length; i += 1) same = keysA[i] === keysB[i];
        if (same) {
          for (const key of keysA) {
            const x = a[key];
            const y = b[key];
            if (x !== y) walk(x, y, path === "" ? key : path + "." + key);
          }
          return;
        }
        const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
        for (const key of [...new Set(keysA.concat(keysB))].sort()) {
          walk(has(a, key) ? a[key] : undefined, has(b, key) ? b[key] : undefined,
            path === "" ? key : path + "." + key);
        }
        return;
      }
      if (Array.isArray(a) && Array.isArray(b)) {
        array(a, b, path);
        return;
      }
      if (a !== undefined && b !== undefined && equal(a, b)) return;
      const kind = a === undefined ? "added" : b === undefined ? "removed" : "changed";
      push({ path: path === "" ? "(state)" : path, kind: kind, old: text(a), new: text(b) });
    }
    function array(a, b, path) {
      const keysA = identities(a);
      const keysB = keysA === null ? null : identities(b);
      if (keysA === null || keysB === null) {
        let start = 0;
        while (start < a.length && start < b.length && equal(a[start], b[start])) start += 1;
        let endA = a.length;
        let endB = b.length;
        while (endA > start && endB > start && equal(a[endA - 1], b[endB - 1])) {
          endA -= 1;
          endB -= 1;
        }
        for (let i = 0; i < Math.max(endA - start, endB - start); i += 1) {
          walk(start + i < endA ? a[start + i] : undefined,
            start + i < endB ? b[start + i] : undefined, path + "[" + (start + i) + "]");
        }
        return;
      }
      const label = (key, index) =>
        path + (key.startsWith("id:") ? "[id=" + key.slice(3) + "]" : "[" + index + "]");
      const oldPosition = new Map();
      keysA.forEach((key, index) => oldPosition.set(key, index));
      const inB = new Set(keysB);
      for (let i = 0; i < a.length; i += 1) {
        if (!inB.has(keysA[i])) {
          push({ path: label(keysA[i], i), kind: "removed", old: text(a[i]), new: null });
        }
      }
      const common = [];
      const sequence = [];
      keysB.forEach((key, index) => {
        if (oldPosition.has(key)) {
          common.push(index);
          sequence.push(oldPosition.get(key));
        }
      });
      const kept = increasingRun(sequence);
      const moved = new Set(common.filter((_, position) => !kept.has(position)));
      for (let j = 0; j < b.length && !more; j += 1) {
        const key = keysB[j];
        if (!oldPosition.has(key)) {
          push({ path: label(key, j), kind: "added", old: null, new: text(b[j]) });
          continue;
        }
        const from = oldPosition.get(key);
        if (moved.has(j)) {
          push({ path: label(key, j), kind: "moved", old: "[" + from + "]", new: "[" + j + "]" });
        }
        if (a[from] !== b[j]) walk(a[from], b[j], label(key, j));
      }
    }
    walk(old, now, "");
    return { changes: changes, more: more };
  }

  // The view's settings in the page's address: `#q=milk&cause=effect&entry=5`. An address of
  // the form `#entry-5` selects entry 5.
  const defaults = {
    q: "", hide: [], type: "", cause: "", rejected: false, slow: false, over: 1, view: "diff",
    entry: null,
  };
  function parseFilter(hash) {
    const filter = Object.assign({}, defaults, { hide: [] });
    const plain = /^#?entry-(\d+)$/.exec(hash || "");
    if (plain) {
      filter.entry = Number(plain[1]);
      return filter;
    }
    const params = new URLSearchParams((hash || "").replace(/^#/, ""));
    filter.q = params.get("q") || "";
    filter.hide = (params.get("hide") || "").split(",").filter((part) => /^\d+$/.test(part))
      .map(Number);
    filter.type = params.get("type") || "";
    filter.cause = params.get("cause") || "";
    filter.rejected = params.get("rejected") === "1";
    filter.slow = params.get("slow") === "1";
    const over = Number(params.get("over"));
    filter.over = params.has("over") && over >= 0 && isFinite(over) ? over : defaults.over;
    filter.view = params.get("view") === "state" ? "state" : "diff";
    const entry = params.get("entry");
    filter.entry = entry !== null && /^\d+$/.test(entry) ? Number(entry) : null;
    return filter;
  }
  function filterHash(filter) {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.hide.length > 0) params.set("hide", [...filter.hide].sort((a, b) => a - b).join(","));
    if (filter.type) params.set("type", filter.type);
    if (filter.cause) params.set("cause", filter.cause);
    if (filter.rejected) params.set("rejected", "1");
    if (filter.slow) params.set("slow", "1");
    if (filter.over !== defaults.over) params.set("over", String(filter.over));
    if (filter.view === "state") params.set("view", "state");
    if (filter.entry !== null) params.set("entry", String(filter.entry));
    const query = params.toString();
    return query === "" ? "" : "#" + query;
  }

  // What the free text of a search looks through: the action's name, its payload and the
  // paths and values of the state it changed.
  function searchText(entry, changes) {
    const parts = [entry.action, entry.payload || ""];
    for (const change of changes) parts.push(change.path, change.new || "");
    return parts.join("\n").toLowerCase();
  }
  function isSlow(entry, overMilliseconds) {
    return entry.duration !== null && entry.duration >= overMilliseconds * 1e6;
  }
  function matches(entry, filter, haystack) {
    if (filter.hide.includes(entry.store)) return false;
    if (filter.type && filter.type !== entry.store + ":" + entry.action) return false;
    if (filter.cause) {
      const kind = entry.cause === null ? "none" : entry.causeKind || "";
      if (filter.cause !== kind) return false;
    }
    if (filter.rejected && !entry.rejected) return false;
    if (filter.slow && !isSlow(entry, filter.over)) return false;
    return filter.q === "" || haystack.includes(filter.q.toLowerCase());
  }
  // `text` split around the occurrences of `query` (any case): [[part, isMatch], ...].
  function highlight(text, query) {
    if (!query) return [[text, false]];
    const parts = [];
    const lower = text.toLowerCase();
    const needle = query.toLowerCase();
    let from = 0;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
      if (at > from) parts.push([text.slice(from, at), false]);
      parts.push([text.slice(at, at + needle.length), true]);
      from = at + needle.length;
    }
    if (from < text.length) parts.push([text.slice(from), false]);
    return parts;
  }

  function duration(nanoseconds) {
    if (nanoseconds === null || nanoseconds === undefined) return "";
    if (nanoseconds < 1000) return nanoseconds + " ns";
    if (nanoseconds < 1e6) return (nanoseconds / 1000).toFixed(1) + " µs";
    if (nanoseconds < 1e9) return (nanoseconds / 1e6).toFixed(1) + " ms";
    return (nanoseconds / 1e9).toFixed(2) + " s";
  }

  // A JSON value as a tree of <details>: collapsed unless `open`, and a node's children are
  // made when it first opens, so a large state costs one line until someone looks inside.
  // Arrays and objects show their first 500 children and a button for the next 500.
  const chunk = 500;
  function tree(key, value, open) {
    const composite = value !== null && typeof value === "object";
    if (!composite) {
      const leaf = document.createElement("div");
      leaf.className = "leaf";
      if (key !== null) leaf.appendChild(span("key", key));
      leaf.appendChild(span("value " + (value === null ? "null" : typeof value), text(value)));
      return leaf;
    }
    const keys = Array.isArray(value) ? null : Object.keys(value).sort();
    const count = keys === null ? value.length : keys.length;
    const node = document.createElement("details");
    node.className = "node";
    const summary = document.createElement("summary");
    if (key !== null) summary.appendChild(span("key", key));
    summary.appendChild(span("shape", keys === null ?
      "[" + count + (count === 1 ? " element]" : " elements]") :
      "{" + count + (count === 1 ? " member}" : " members}")));
    node.appendChild(summary);
    let made = 0;
    function makeMore() {
      const children = node.querySelector(":scope > .children") || node.appendChild(
        Object.assign(document.createElement("div"), { className: "children" }));
      const button = children.querySelector(":scope > .more");
      if (button) button.remove();
      const end = Math.min(made + chunk, count);
      for (; made < end; made += 1) {
        children.appendChild(keys === null ?
          tree("[" + made + "]", value[made], false) : tree(keys[made], value[keys[made]], false));
      }
      if (made < count) {
        const more = document.createElement("button");
        more.type = "button";
        more.className = "more";
        more.textContent = "show " + Math.min(chunk, count - made) + " more of " + count;
        more.addEventListener("click", makeMore);
        children.appendChild(more);
      }
    }
    node.addEventListener("toggle", () => {
      if (node.open && made === 0 && count > 0) makeMore();
    });
    if (open) {
      node.open = true;
      if (count > 0) makeMore();
    }
    return node;
  }
  function span(className, content) {
    const node = document.createElement("span");
    node.className = className;
    node.textContent = content;
    return node;
  }

  // Where an effect's span lies among the rows shown, whose sequence numbers `sequences`
  // lists in order: from below the last row recorded before the effect started to below the
  // last one recorded before it ended (to the end for an effect still running). Rows count
  // from 0, so a span from 1 to 3 covers rows 1 and 2; from === to when no row shown lies
  // between its start and its end.
  function effectSpan(effect, sequences) {
    const below = (after) => {
      let low = 0;
      let high = sequences.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (sequences[middle] <= after) low = middle + 1; else high = middle;
      }
      return low;
    };
    const from = below(effect.after);
    const to = effect.end === null ? sequences.length : Math.max(below(effect.end.after), from);
    return { from: from, to: to };
  }
  // How an effect ended, in words: "running", "finished in 12 ms", "failed: offline",
  // "cancelled by a newer effect (#4)", "cancelled as its store went away", ...
  function effectOutcome(effect) {
    const end = effect.end;
    if (end === null) return "running";
    const took = end.ms === null ? "" : " in " + end.ms + " ms";
    switch (end.outcome) {
      case "finished": return "finished" + took;
      case "failed": return "failed" + took + (end.error ? ": " + end.error : "");
      case "cancelled": {
        const by = end.byEffect !== null ? " (effect #" + end.byEffect + ")" :
          end.byCause !== null ? " during #" + end.byCause +
            (end.byCauseKind ? " (" + end.byCauseKind + ")" : "") : "";
        if (end.reason === "newerEffect") return "cancelled by a newer effect" + by;
        if (end.reason === "storeGone") return "cancelled as its store went away";
        if (end.reason === "cancelCall") return "cancelled by a call" + by;
        return "cancelled" + took;
      }
      default: return String(end.outcome);
    }
  }
  // An effect in one line: "effect #3 SearchEffect() · TodoScreen.swift:46 · finished".
  function effectText(effect) {
    return "effect #" + effect.number + (effect.id ? " " + effect.id : "") +
      (effect.origin ? " · " + effect.origin : "") + " · " + effectOutcome(effect);
  }

  return {
    equal: equal, diff: diff, parseFilter: parseFilter, filterHash: filterHash,
    searchText: searchText, matches: matches, highlight: highlight, isSlow: isSlow,
    duration: duration, tree: tree, effectSpan: effectSpan, effectOutcome: effectOutcome,
    effectText: effectText,
  };
})();

(function () {
  const source = document.getElementById("timeline-data");
  if (source === null) return; // The logic's unit tests load this script without a session.
  const started = performance.now();
  const logic = TimelineLogic;
  const data = JSON.parse(source.textContent);
  // How long each part of opening took, on <body> (data-open-phases) for the checks.
  const phases = [];
  const phase = (name) => phases.push(name + " " + (performance.now() - started).toFixed(0));
  phase("parse");
  const palette = ["#7aa2f7", "#9ece6a", "#e0af68", "#bb9af7", "#f7768e", "#2ac3de",
    "#ff9e64", "#73daca", "#c0caf5", "#db4b4b"];
  const color = (store) => palette[store % palette.length];
  const byIndex = new Map(data.entries.map((entry, position) => [entry.index, position]));
  const effects = new Map();
  let links = 0;
  for (const entry of data.entries) {
    if (entry.cause === null || !byIndex.has(entry.cause)) continue;
    links += 1;
    if (!effects.has(entry.cause)) effects.set(entry.cause, []);
    effects.get(entry.cause).push(entry.index);
  }
  // The effects: by number, the entries each dispatched, the effects each entry started.
  const effectList = data.effects || [];
  const effectOf = new Map(effectList.map((effect) => [effect.number, effect]));
  const dispatchedBy = new Map();
  for (const entry of data.entries) {
    if (entry.effect === null || entry.effect === undefined || !effectOf.has(entry.effect)) continue;
    if (!dispatchedBy.has(entry.effect)) dispatchedBy.set(entry.effect, []);
    dispatchedBy.get(entry.effect).push(entry.index);
  }
  const startedBy = new Map();
  for (const effect of effectList) {
    if (effect.cause === null || !byIndex.has(effect.cause)) continue;
    if (!startedBy.has(effect.cause)) startedBy.set(effect.cause, []);
    startedBy.get(effect.cause).push(effect);
  }
  // Each entry's state before it (its store's previous state), its differences and the text
  // a search looks through.
  const previousState = new Array(data.entries.length);
  const changesOf = new Array(data.entries.length);
  const haystack = new Array(data.entries.length);
  {
    const last = data.stores.map((store) => store.initialState);
    data.entries.forEach((entry, position) => {
      previousState[position] = last[entry.store];
      changesOf[position] = logic.diff(last[entry.store], entry.state);
      last[entry.store] = entry.state;
      haystack[position] = logic.searchText(entry, changesOf[position].changes);
    });
  }
  phase("differences");
  const longest = Math.max(1, ...data.entries.map((entry) => entry.duration || 0));
  let filter = logic.parseFilter(location.hash);

  function el(tag, className, content) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined && content !== null) node.textContent = String(content);
    return node;
  }
  function dot(store) {
    const node = el("span", "dot");
    node.style.setProperty("--lane", color(store));
    return node;
  }
  function badges(entry, into) {
    if (entry.rejected) into.appendChild(el("span", "badge rejected", "rejected"));
    if (entry.skipped) into.appendChild(el("span", "badge skipped", "skipped"));
    if (entry.redacted.length > 0) into.appendChild(el("span", "badge redacted", "redacted"));
  }
  function marked(node, content) {
    node.replaceChildren();
    for (const [part, hit] of logic.highlight(content, filter.q)) {
      node.appendChild(hit ? el("mark", "", part) : document.createTextNode(part));
    }
    return node;
  }
  function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }

  // Header and toolbar.
  document.getElementById("summary").textContent =
    plural(data.entries.length, "entry", "entries") + " · " +
    plural(data.stores.length, "store", "stores") + " · " +
    plural(links, "cause link", "cause links") +
    (data.dropped > 0 ? " · " + data.dropped + " older dropped" : "");
  const chips = document.getElementById("store-filters");
  const chipOf = [];
  data.stores.forEach((store, index) => {
    const chip = el("button", "chip");
    chip.type = "button";
    chip.dataset.store = String(index);
    chip.title = "Show or hide " + store.name + "'s entries";
    chip.style.setProperty("--lane", color(index));
    chip.appendChild(el("span", "dot"));
    chip.appendChild(el("span", "", store.name));
    chip.addEventListener("click", () => {
      filter.hide = filter.hide.includes(index) ?
        filter.hide.filter((hidden) => hidden !== index) : filter.hide.concat([index]);
      applyFilters();
    });
    chipOf.push(chip);
    chips.appendChild(chip);
  });
  const typeSelect = document.getElementById("type-filter");
  const types = new Map();
  for (const entry of data.entries) {
    const key = entry.store + ":" + entry.action;
    if (!types.has(key)) types.set(key, { store: entry.store, action: entry.action, count: 0 });
    types.get(key).count += 1;
  }
  [...types.entries()]
    .sort((a, b) => a[1].store - b[1].store || a[1].action.localeCompare(b[1].action))
    .forEach(([key, type]) => {
      const option = el("option", "",
        data.stores[type.store].name + " · " + type.action + " (" + type.count + ")");
      option.value = key;
      typeSelect.appendChild(option);
    });
  typeSelect.addEventListener("change", () => { filter.type = typeSelect.value; applyFilters(); });
  const causeSelect = document.getElementById("cause-filter");
  const kinds = new Set(data.entries.map((entry) =>
    entry.cause === null ? "none" : entry.causeKind || ""));
  for (const kind of [...kinds].filter((kind) => kind !== "").sort()) {
    const option = el("option", "", kind === "none" ? "no recorded cause" : "caused by " + kind);
    option.value = kind;
    causeSelect.appendChild(option);
  }
  causeSelect.addEventListener("change", () => { filter.cause = causeSelect.value; applyFilters(); });
  const search = document.getElementById("search");
  search.addEventListener("input", () => { filter.q = search.value; applyFilters(); });
  const rejectedBox = document.getElementById("rejected-filter");
  rejectedBox.addEventListener("change", () => { filter.rejected = rejectedBox.checked; applyFilters(); });
  const slowBox = document.getElementById("slow-filter");
  slowBox.addEventListener("change", () => { filter.slow = slowBox.checked; applyFilters(); });
  const overInput = document.getElementById("slow-over");
  overInput.addEventListener("change", () => {
    const value = Number(overInput.value);
    if (value >= 0 && isFinite(value)) filter.over = value;
    markSlow();
    applyFilters();
  });

  // Lanes and rows.
  const scroller = document.getElementById("scroller");
  const timeline = document.getElementById("timeline");
  timeline.style.setProperty("--lanes", String(Math.max(data.stores.length, 1)));
  // A busy lane gets up to three times the width of a quiet one: its names are cut less.
  const total = Math.max(data.entries.length, 1);
  timeline.style.setProperty("--columns", data.stores.map((store) =>
    "minmax(0, " + (1 + Math.min(2, 4 * store.entries / total)).toFixed(2) + "fr)").join(" ") ||
    "minmax(0, 1fr)");
  const head = el("div", "grid lanes-head");
  head.appendChild(el("div", "corner", "#"));
  data.stores.forEach((store, index) => {
    const lane = el("div", "lane");
    lane.dataset.store = String(index);
    lane.title = store.name + ": " + plural(store.entries, "entry", "entries");
    lane.style.setProperty("--lane", color(index));
    lane.appendChild(el("span", "dot"));
    lane.appendChild(el("span", "lane-name", store.name));
    lane.appendChild(el("span", "n", String(store.entries)));
    head.appendChild(lane);
  });
  timeline.appendChild(head);
  const rows = el("div", "rows");
  // A rule per lane for its colour, rather than a property on each of the rows' cells.
  const sheet = document.styleSheets[0];
  data.stores.forEach((_, store) => {
    sheet.insertRule(".cell.lane-" + store + " { --lane: " + color(store) + "; }",
      sheet.cssRules.length);
  });
  const rowOf = new Map();
  const nameOf = new Map();
  data.entries.forEach((entry, position) => {
    const row = el("div", "grid row");
    row.dataset.index = String(entry.index);
    row.dataset.store = String(entry.store);
    row.appendChild(el("div", "seq", entry.index));
    const changes = changesOf[position];
    for (let store = 0; store < data.stores.length; store += 1) {
      const cell = el("div", (store === entry.store ? "cell own lane-" : "cell lane-") + store);
      if (store === entry.store) {
        const button = el("button", "entry");
        button.type = "button";
        const took = logic.duration(entry.duration);
        const chain = logic.duration(entry.middleware);
        button.title = data.stores[store].name + " · " + entry.action +
          (took ? " · reducer " + took : "") + (chain ? " · middleware " + chain : "") +
          " · " + plural(changes.changes.length, "change", "changes") + (changes.more ? "+" : "");
        button.appendChild(el("span", "dot"));
        const name = el("span", "name", entry.action);
        nameOf.set(entry.index, name);
        button.appendChild(name);
        badges(entry, button);
        if (changes.changes.length > 0) {
          button.appendChild(el("span", "changes",
            plural(changes.changes.length, "change", "changes") + (changes.more ? "+" : "")));
        }
        if (took) button.appendChild(el("span", "took", took));
        button.addEventListener("click", () => select(entry.index, false));
        cell.appendChild(button);
        if (entry.duration !== null) {
          // The reducer's time against the session's longest: the lane read as a flame of time.
          const bar = el("span", "flame");
          bar.style.setProperty("--share", String(Math.max(entry.duration / longest, 0.004)));
          cell.appendChild(bar);
        }
      }
      row.appendChild(cell);
    }
    rowOf.set(entry.index, row);
    rows.appendChild(row);
  });
  if (data.entries.length === 0) rows.appendChild(el("div", "empty", "The session has no entries."));
  phase("rows");
  timeline.appendChild(rows);
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.id = "links";
  const defs = document.createElementNS(svgNS, "defs");
  svg.appendChild(defs);
  data.stores.forEach((_, store) => {
    const marker = document.createElementNS(svgNS, "marker");
    marker.setAttribute("id", "arrow-" + store);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "9");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerUnits", "userSpaceOnUse");
    marker.setAttribute("markerWidth", "9");
    marker.setAttribute("markerHeight", "9");
    marker.setAttribute("orient", "auto-start-reverse");
    const tip = document.createElementNS(svgNS, "path");
    tip.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    tip.setAttribute("fill", color(store));
    marker.appendChild(tip);
    defs.appendChild(marker);
  });
  timeline.appendChild(svg);

  const shown = new Set();
  function isShown(entry) { return shown.has(entry.index); }
  function visible() { return data.entries.filter(isShown); }
  function markSlow() {
    data.entries.forEach((entry) => {
      rowOf.get(entry.index).classList.toggle("slow", logic.isSlow(entry, filter.over));
    });
  }

  // The cause links near the rows in view: rows have one height, so a row's place comes from
  // its position among the rows shown, and only the links that cross the visible rows (and a
  // screen above and below) are drawn. A session of 10,000 entries draws a few dozen.
  let shownOrder = new Map();
  let linkCount = 0;
  function drawLinks() {
    while (svg.lastChild !== defs) svg.removeChild(svg.lastChild);
    svg.setAttribute("width", String(timeline.scrollWidth));
    svg.setAttribute("height", String(timeline.scrollHeight));
    const box = timeline.getBoundingClientRect();
    const height = parseFloat(getComputedStyle(timeline).getPropertyValue("--row")) || 40;
    const top = rows.offsetTop;
    const lanes = [...head.querySelectorAll(".lane")].map((lane) => {
      const rect = lane.getBoundingClientRect();
      return { left: rect.left - box.left, right: rect.right - box.left };
    });
    const first = Math.floor((scroller.scrollTop - top) / height) - Math.ceil(scroller.clientHeight / height);
    const last = first + 3 * Math.ceil(scroller.clientHeight / height) + 1;
    const paths = [];
    linkCount = 0;
    for (const entry of data.entries) {
      if (entry.cause === null || !shownOrder.has(entry.cause) || !shownOrder.has(entry.index)) {
        continue;
      }
      linkCount += 1;
      const from = shownOrder.get(entry.cause);
      const to = shownOrder.get(entry.index);
      if (Math.max(from, to) < first || Math.min(from, to) > last) continue;
      const cause = data.entries[byIndex.get(entry.cause)];
      const y1 = top + (from + 0.5) * height;
      const y2 = top + (to + 0.5) * height;
      const start = lanes[cause.store];
      const end = lanes[entry.store];
      let d;
      if (entry.store === cause.store) {
        // Out of the cause's left side, round, into the effect's left side.
        const x1 = start.left + 12;
        const x2 = end.left + 10;
        const reach = Math.min(16 + Math.abs(y2 - y1) * 0.12, 40);
        d = "M " + x1 + " " + y1 + " C " + (x1 - reach) + " " + y1 + ", " +
          (x2 - reach) + " " + y2 + ", " + x2 + " " + y2;
      } else {
        // Side to side: out of the cause's edge that faces the effect, into the effect's.
        const rightward = end.left >= start.right;
        const fromBox = rowOf.get(cause.index).querySelector(".entry").getBoundingClientRect();
        const toBox = rowOf.get(entry.index).querySelector(".entry").getBoundingClientRect();
        const x1 = (rightward ? fromBox.right : fromBox.left) - box.left;
        const x2 = (rightward ? toBox.left - 2 : toBox.right + 2) - box.left;
        const reach = Math.max(Math.abs(x2 - x1) * 0.5, 30) * (rightward ? 1 : -1);
        d = "M " + x1 + " " + y1 + " C " + (x1 + reach) + " " + y1 + ", " +
          (x2 - reach) + " " + y2 + ", " + x2 + " " + y2;
      }
      const path = document.createElementNS(svgNS, "path");
      path.setAttribute("d", d);
      path.setAttribute("stroke", color(cause.store));
      path.setAttribute("marker-end", "url(#arrow-" + cause.store + ")");
      path.setAttribute("class", "cause-link");
      path.dataset.from = String(cause.index);
      path.dataset.to = String(entry.index);
      paths.push(path);
    }
    drawEffects(paths, { box: box, height: height, top: top, lanes: lanes, first: first, last: last });
    svg.append(...paths);
    document.body.dataset.links = String(linkCount);
    document.body.dataset.drawn = String(paths.length);
    markActive();
  }
  // Each effect as a span on its lane, from its start to its end among the rows shown, with a
  // link from the entry that started it and one to each entry it dispatched.
  let shownSequences = [];
  function drawEffects(paths, at) {
    let spans = 0;
    let effectLinks = 0;
    for (const effect of effectList) {
      if (filter.hide.includes(effect.store)) continue;
      const span = logic.effectSpan(effect, shownSequences);
      spans += 1;
      const x = at.lanes[effect.store].right - 8;
      let y1 = at.top + span.from * at.height + 3;
      let y2 = at.top + span.to * at.height - 3;
      if (y2 - y1 < 8) {
        y1 = at.top + span.from * at.height - 4;
        y2 = y1 + 8;
      }
      const dispatched = (dispatchedBy.get(effect.number) || []).filter((index) => shownOrder.has(index));
      const starter = effect.cause !== null && shownOrder.has(effect.cause) ? effect.cause : null;
      effectLinks += dispatched.length + (starter === null ? 0 : 1);
      const rowsNear = [span.from, span.to].concat(dispatched.map((index) => shownOrder.get(index)),
        starter === null ? [] : [shownOrder.get(starter)]);
      if (Math.max(...rowsNear) < at.first || Math.min(...rowsNear) > at.last) continue;
      const bar = document.createElementNS(svgNS, "rect");
      bar.setAttribute("x", String(x - 2.5));
      bar.setAttribute("y", String(y1));
      bar.setAttribute("width", "5");
      bar.setAttribute("height", String(Math.max(y2 - y1, 1)));
      bar.setAttribute("rx", "2.5");
      bar.setAttribute("fill", color(effect.store));
      const outcome = effect.end === null ? "running" : String(effect.end.outcome);
      bar.setAttribute("class", "effect-span " + outcome);
      bar.dataset.effect = String(effect.number);
      const title = document.createElementNS(svgNS, "title");
      title.textContent = logic.effectText(effect);
      bar.appendChild(title);
      paths.push(bar);
      const link = (d, target) => {
        const path = document.createElementNS(svgNS, "path");
        path.setAttribute("d", d);
        path.setAttribute("stroke", color(effect.store));
        path.setAttribute("class", "effect-link");
        path.setAttribute("marker-end", "url(#arrow-" + effect.store + ")");
        path.dataset.effect = String(effect.number);
        path.dataset.to = String(target);
        paths.push(path);
      };
      if (starter !== null) {
        const box = rowOf.get(starter).querySelector(".entry").getBoundingClientRect();
        const sx = box.right - at.box.left;
        const sy = at.top + (shownOrder.get(starter) + 0.5) * at.height;
        link("M " + sx + " " + sy + " C " + (sx + 20) + " " + sy + ", " + (x - 20) + " " + y1 +
          ", " + (x - 3) + " " + y1, "start");
      }
      for (const index of dispatched) {
        const box = rowOf.get(index).querySelector(".entry").getBoundingClientRect();
        const ty = at.top + (shownOrder.get(index) + 0.5) * at.height;
        const fy = Math.min(Math.max(ty, y1), y2);
        const own = data.entries[byIndex.get(index)].store === effect.store;
        const tx = (own || box.left - at.box.left > x ? box.right + 2 : box.left - 2) - at.box.left;
        const reach = Math.max(Math.abs(tx - x) * 0.4, 14) * (tx < x ? -1 : 1);
        link("M " + x + " " + fy + " C " + (x + reach) + " " + fy + ", " + (tx - reach) + " " +
          ty + ", " + tx + " " + ty, index);
      }
    }
    document.body.dataset.effects = String(spans);
    document.body.dataset.effectLinks = String(effectLinks);
  }
  let drawing = false;
  scroller.addEventListener("scroll", () => {
    if (drawing) return;
    drawing = true;
    requestAnimationFrame(() => { drawing = false; drawLinks(); });
  }, { passive: true });

  // The detail panel.
  const detail = document.getElementById("detail");
  let selected = null;
  function linkButton(index, how) {
    const entry = data.entries[byIndex.get(index)];
    const button = el("button", "link");
    button.type = "button";
    button.title = data.stores[entry.store].name + " · " + entry.action;
    button.style.setProperty("--lane", color(entry.store));
    button.appendChild(el("span", "dot"));
    button.appendChild(el("span", "seq", "#" + entry.index));
    button.appendChild(el("span", "what", data.stores[entry.store].name + " · " + entry.action));
    if (how) button.appendChild(el("span", "how", how));
    button.addEventListener("click", () => select(index, true));
    return button;
  }
  function showDifference(entry, position) {
    const found = changesOf[position];
    if (found.changes.length === 0) {
      detail.appendChild(el("div", "none", entry.rejected || entry.skipped ?
        "none: the state stayed as it was" : "no change"));
      return;
    }
    const diff = el("div", "diff");
    for (const change of found.changes) {
      diff.appendChild(marked(el("div", "path"), change.path));
      const values = el("div", "values " + change.kind);
      if (change.kind === "moved") {
        values.appendChild(el("span", "move", "moved " + change.old + " → " + change.new));
      } else {
        if (change.kind !== "added") values.appendChild(el("span", "old", change.old));
        if (change.kind !== "removed") values.appendChild(el("span", "new", change.new));
        if (change.kind !== "changed") values.appendChild(el("span", "kind", change.kind));
      }
      diff.appendChild(values);
    }
    detail.appendChild(diff);
    if (found.more) detail.appendChild(el("div", "none", "and more changes"));
  }
  // Every store's whole state as of this entry: the entry's own store first, open.
  function showStates(entry, position) {
    const latest = data.stores.map(() => null);
    let missing = data.stores.length;
    for (let at = position; at >= 0 && missing > 0; at -= 1) {
      const store = data.entries[at].store;
      if (latest[store] === null) {
        latest[store] = at;
        missing -= 1;
      }
    }
    const order = [entry.store].concat(
      data.stores.map((_, store) => store).filter((store) => store !== entry.store));
    for (const store of order) {
      const section = el("div", "store-state");
      const title = el("div", "where");
      title.appendChild(dot(store));
      const at = latest[store];
      title.appendChild(el("span", "", data.stores[store].name + (at === null ?
        " · initial state" : " · after #" + data.entries[at].index)));
      section.appendChild(title);
      const value = at === null ? data.stores[store].initialState : data.entries[at].state;
      section.appendChild(logic.tree(null, value, store === entry.store));
      detail.appendChild(section);
    }
  }
  function showDetail(entry) {
    const position = byIndex.get(entry.index);
    detail.replaceChildren();
    const where = el("div", "where");
    where.appendChild(dot(entry.store));
    const took = logic.duration(entry.duration);
    where.appendChild(el("span", "", data.stores[entry.store].name + " · entry #" + entry.index +
      (entry.time === null ? "" : " · +" + (entry.time < 1000 ?
        entry.time.toFixed(1) + " ms" : (entry.time / 1000).toFixed(3) + " s"))));
    detail.appendChild(where);
    detail.appendChild(marked(el("h2", ""), entry.action));
    const type = el("div", "type", "action type " + entry.type + " ");
    badges(entry, type);
    detail.appendChild(type);
    const chain = logic.duration(entry.middleware);
    if (took || chain) {
      const timing = el("div", "timing",
        [took ? "reducer " + took : "", chain ? "middleware " + chain : ""].filter((part) => part)
          .join(" · "));
      if (logic.isSlow(entry, filter.over)) timing.appendChild(el("span", "badge slow", "slow"));
      detail.appendChild(timing);
    }
    if (entry.error !== null) detail.appendChild(el("p", "error", entry.error));
    if (entry.redacted.length > 0) {
      detail.appendChild(el("h3", "", "Withheld by the redaction policy"));
      detail.appendChild(el("pre", "", entry.redacted.join("\n")));
    }
    detail.appendChild(el("h3", "", "Payload"));
    detail.appendChild(entry.payload === null ? el("div", "none", "no payload") :
      marked(el("pre", ""), entry.payload));
    detail.appendChild(el("h3", "", "Caused by"));
    const effect = entry.effect === null || entry.effect === undefined ? null :
      effectOf.get(entry.effect) || null;
    if (effect !== null) {
      const note = el("div", "effect-note");
      note.appendChild(dot(effect.store));
      note.appendChild(el("span", "", logic.effectText(effect)));
      detail.appendChild(note);
      if (effect.cause === null) {
        detail.appendChild(el("div", "none", "the effect was started from outside the stores"));
      }
    } else if (entry.effect !== null && entry.effect !== undefined) {
      detail.appendChild(el("div", "none", "effect #" + entry.effect + ", no longer in the session"));
    }
    if (entry.cause !== null && byIndex.has(entry.cause)) {
      detail.appendChild(linkButton(entry.cause, entry.causeKind));
    } else if (effect === null || entry.cause !== null) {
      detail.appendChild(el("div", "none", entry.cause === null ?
        "nothing recorded: dispatched from outside the stores" :
        "entry #" + entry.cause + ", no longer in the session"));
    }
    const started = startedBy.get(entry.index) || [];
    if (started.length > 0) {
      detail.appendChild(el("h3", "", "Started " + plural(started.length, "effect", "effects")));
      for (const effect of started) {
        const note = el("div", "effect-note");
        note.appendChild(dot(effect.store));
        note.appendChild(el("span", "", logic.effectText(effect) + " · dispatched " +
          plural((dispatchedBy.get(effect.number) || []).length, "action", "actions")));
        detail.appendChild(note);
      }
    }
    const caused = effects.get(entry.index) || [];
    detail.appendChild(el("h3", "", "Caused " + plural(caused.length, "entry", "entries")));
    if (caused.length === 0) detail.appendChild(el("div", "none", "none"));
    for (const index of caused) {
      detail.appendChild(linkButton(index, data.entries[byIndex.get(index)].causeKind));
    }
    const toggle = el("div", "view-toggle");
    toggle.setAttribute("role", "tablist");
    for (const [view, label] of [["diff", "Difference"], ["state", "State"]]) {
      const button = el("button", "", label);
      button.type = "button";
      button.dataset.view = view;
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", String(filter.view === view));
      button.title = view === "diff" ? "What this entry changed (t)" :
        "Every store's whole state after this entry (t)";
      button.addEventListener("click", () => setView(view));
      toggle.appendChild(button);
    }
    detail.appendChild(toggle);
    if (filter.view === "state") showStates(entry, position); else showDifference(entry, position);
    document.body.dataset.view = filter.view;
  }
  function setView(view) {
    filter.view = view;
    if (selected !== null) showDetail(data.entries[byIndex.get(selected)]);
    writeAddress();
  }
  function markActive() {
    for (const path of svg.querySelectorAll("path.cause-link")) {
      const on = selected !== null &&
        (path.dataset.from === String(selected) || path.dataset.to === String(selected));
      path.classList.toggle("active", on);
    }
  }
  function select(index, scroll) {
    if (!byIndex.has(index)) return;
    if (selected !== null) rowOf.get(selected).classList.remove("selected");
    for (const row of document.querySelectorAll(".row.related")) row.classList.remove("related");
    selected = index;
    const entry = data.entries[byIndex.get(index)];
    const row = rowOf.get(index);
    row.classList.add("selected");
    if (entry.cause !== null && rowOf.has(entry.cause)) rowOf.get(entry.cause).classList.add("related");
    for (const effect of effects.get(index) || []) rowOf.get(effect).classList.add("related");
    showDetail(entry);
    markActive();
    document.body.dataset.selected = String(index);
    filter.entry = index;
    writeAddress();
    if (scroll) row.scrollIntoView({ block: "nearest" });
  }
  function writeAddress() {
    const hash = logic.filterHash(filter);
    if (hash === location.hash || (hash === "" && location.hash === "")) return;
    try {
      history.replaceState(null, "", hash === "" ? location.pathname + location.search : hash);
    } catch (error) {
      // A page opened where history cannot change keeps its address.
    }
  }
  function showFilterControls() {
    search.value = filter.q;
    typeSelect.value = filter.type;
    causeSelect.value = filter.cause;
    rejectedBox.checked = filter.rejected;
    slowBox.checked = filter.slow;
    overInput.value = String(filter.over);
    chipOf.forEach((chip, index) =>
      chip.setAttribute("aria-pressed", filter.hide.includes(index) ? "false" : "true"));
  }
  function applyFilters() {
    showFilterControls();
    shown.clear();
    shownOrder = new Map();
    data.entries.forEach((entry, position) => {
      const on = logic.matches(entry, filter, haystack[position]);
      const row = rowOf.get(entry.index);
      if (on) {
        shownOrder.set(entry.index, shown.size);
        shown.add(entry.index);
      }
      if (row.hidden === on) row.hidden = !on;
      const hit = on && filter.q !== "";
      if (hit || row.classList.contains("hit")) {
        row.classList.toggle("hit", hit);
        marked(nameOf.get(entry.index), entry.action);
      }
    });
    shownSequences = [...shownOrder.keys()];
    document.getElementById("count").textContent =
      shown.size + " of " + data.entries.length + " shown";
    document.body.dataset.shown = String(shown.size);
    fitRows();
    drawLinks();
    const list = visible();
    if (list.length > 0 && (selected === null || !shown.has(selected))) {
      select(list[0].index, true);
    } else if (selected !== null) {
      showDetail(data.entries[byIndex.get(selected)]);
      writeAddress();
    }
  }
  // Few entries spread over the height the window gives the lanes.
  function fitRows() {
    const room = scroller.clientHeight - head.offsetHeight - 40;
    const height = shown.size > 0 ? Math.floor(room / shown.size) : 40;
    timeline.style.setProperty("--row", Math.min(Math.max(height, 40), 72) + "px");
  }
  function move(offset) {
    const list = visible();
    if (list.length === 0) return;
    let position = list.findIndex((entry) => entry.index === selected);
    if (position < 0) position = offset > 0 ? -1 : list.length;
    position = Math.min(Math.max(position + offset, 0), list.length - 1);
    select(list[position].index, true);
  }
  const help = document.getElementById("help");
  function toggleHelp(open) {
    help.hidden = open === undefined ? !help.hidden : !open;
    document.body.dataset.help = String(!help.hidden);
  }
  document.getElementById("help-button").addEventListener("click", () => toggleHelp());
  help.addEventListener("click", (event) => { if (event.target === help) toggleHelp(false); });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = event.target instanceof HTMLInputElement ||
      event.target instanceof HTMLSelectElement;
    if (event.key === "Escape") {
      if (!help.hidden) toggleHelp(false);
      else if (typing) event.target.blur();
      return;
    }
    if (typing) return;
    const entry = selected === null ? null : data.entries[byIndex.get(selected)];
    switch (event.key) {
      case "ArrowDown": case "j": move(1); break;
      case "ArrowUp": case "k": move(-1); break;
      case "Home": move(-data.entries.length); break;
      case "End": move(data.entries.length); break;
      case "c":
        if (entry && entry.cause !== null) select(entry.cause, true);
        break;
      case "e": {
        const caused = entry ? effects.get(entry.index) || [] : [];
        if (caused.length > 0) select(caused[0], true);
        break;
      }
      case "t": setView(filter.view === "state" ? "diff" : "state"); break;
      case "/": search.focus(); search.select(); break;
      case "?": toggleHelp(); break;
      default: return;
    }
    event.preventDefault();
  });
  window.addEventListener("resize", () => { fitRows(); drawLinks(); });
  window.addEventListener("hashchange", () => {
    const wanted = logic.parseFilter(location.hash);
    if (logic.filterHash(wanted) === logic.filterHash(filter)) return;
    filter = wanted;
    markSlow();
    applyFilters();
    if (filter.entry !== null && shown.has(filter.entry)) select(filter.entry, true);
  });

  const wanted = filter.entry;
  markSlow();
  applyFilters();
  if (wanted !== null && shown.has(wanted)) select(wanted, true);
  else if (selected === null && data.entries.length > 0 && shown.size > 0) {
    select(visible()[0].index, false);
  }
  document.body.dataset.lanes = String(document.querySelectorAll(".lanes-head .lane").length);
  document.body.dataset.entries = String(document.querySelectorAll(".row .entry").length);
  phase("shown");
  document.body.dataset.openPhases = phases.join(", ");
  document.body.dataset.openMs = (performance.now() - started).toFixed(0);
  document.body.dataset.ready = "true";
})();
