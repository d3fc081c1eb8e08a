"use strict";
(function () {
  const data = JSON.parse(document.getElementById("timeline-data").textContent);
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

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
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

  // Header and toolbar.
  document.getElementById("summary").textContent =
    data.entries.length + (data.entries.length === 1 ? " entry" : " entries") + " · " +
    data.stores.length + (data.stores.length === 1 ? " store" : " stores") + " · " +
    links + (links === 1 ? " cause link" : " cause links") +
    (data.dropped > 0 ? " · " + data.dropped + " older dropped" : "");
  const hiddenStores = new Set();
  let typeFilter = "";
  const chips = document.getElementById("store-filters");
  data.stores.forEach((store, index) => {
    const chip = el("button", "chip");
    chip.type = "button";
    chip.dataset.store = String(index);
    chip.setAttribute("aria-pressed", "true");
    chip.style.setProperty("--lane", color(index));
    chip.appendChild(el("span", "dot"));
    chip.appendChild(el("span", "", store.name));
    chip.addEventListener("click", () => {
      if (hiddenStores.has(index)) hiddenStores.delete(index); else hiddenStores.add(index);
      chip.setAttribute("aria-pressed", hiddenStores.has(index) ? "false" : "true");
      applyFilters();
    });
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
  typeSelect.addEventListener("change", () => { typeFilter = typeSelect.value; applyFilters(); });

  // Lanes and rows.
  const timeline = document.getElementById("timeline");
  timeline.style.setProperty("--lanes", String(Math.max(data.stores.length, 1)));
  const head = el("div", "grid lanes-head");
  head.appendChild(el("div", "corner", "#"));
  data.stores.forEach((store, index) => {
    const lane = el("div", "lane");
    lane.dataset.store = String(index);
    lane.style.setProperty("--lane", color(index));
    lane.appendChild(el("span", "dot"));
    lane.appendChild(el("span", "", store.name));
    lane.appendChild(el("span", "n", String(store.entries)));
    head.appendChild(lane);
  });
  timeline.appendChild(head);
  const rows = el("div", "rows");
  const rowOf = new Map();
  for (const entry of data.entries) {
    const row = el("div", "grid row");
    row.dataset.index = String(entry.index);
    row.dataset.store = String(entry.store);
    row.dataset.type = entry.store + ":" + entry.action;
    row.appendChild(el("div", "seq", entry.index));
    data.stores.forEach((_, store) => {
      const cell = el("div", store === entry.store ? "cell own" : "cell");
      cell.style.setProperty("--lane", color(store));
      if (store === entry.store) {
        const button = el("button", "entry");
        button.type = "button";
        button.appendChild(el("span", "dot"));
        button.appendChild(el("span", "name", entry.action));
        badges(entry, button);
        if (entry.changes.length > 0) {
          button.appendChild(el("span", "changes",
            entry.changes.length + (entry.changes.length === 1 ? " change" : " changes")));
        }
        button.addEventListener("click", () => select(entry.index, false));
        cell.appendChild(button);
      }
      row.appendChild(cell);
    });
    rowOf.set(entry.index, row);
    rows.appendChild(row);
  }
  if (data.entries.length === 0) rows.appendChild(el("div", "empty", "The session has no entries."));
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

  function isShown(entry) {
    return !hiddenStores.has(entry.store) &&
      (typeFilter === "" || typeFilter === entry.store + ":" + entry.action);
  }
  function visible() { return data.entries.filter(isShown); }

  function drawLinks() {
    while (svg.lastChild !== defs) svg.removeChild(svg.lastChild);
    const box = timeline.getBoundingClientRect();
    svg.setAttribute("width", String(timeline.scrollWidth));
    svg.setAttribute("height", String(timeline.scrollHeight));
    let drawn = 0;
    for (const entry of data.entries) {
      if (entry.cause === null || !byIndex.has(entry.cause)) continue;
      const cause = data.entries[byIndex.get(entry.cause)];
      if (!isShown(entry) || !isShown(cause)) continue;
      const from = rowOf.get(cause.index).querySelector(".entry").getBoundingClientRect();
      const to = rowOf.get(entry.index).querySelector(".entry").getBoundingClientRect();
      // Side to side: out of the cause's edge that faces the effect, into the effect's.
      const y1 = (from.top + from.bottom) / 2 - box.top;
      const y2 = (to.top + to.bottom) / 2 - box.top;
      let d;
      if (entry.store === cause.store) {
        const x1 = from.left - box.left, x2 = to.left - box.left - 2;
        const reach = Math.min(16 + Math.abs(y2 - y1) * 0.12, 40);
        d = "M " + x1 + " " + y1 + " C " + (x1 - reach) + " " + y1 + ", " +
          (x2 - reach) + " " + y2 + ", " + x2 + " " + y2;
      } else {
        const rightward = to.left >= from.right;
        const x1 = (rightward ? from.right : from.left) - box.left;
        const x2 = (rightward ? to.left - 2 : to.right + 2) - box.left;
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
      svg.appendChild(path);
      drawn += 1;
    }
    document.body.dataset.links = String(drawn);
    markActive();
  }

  // The detail panel.
  const detail = document.getElementById("detail");
  let selected = null;
  function linkButton(index, how) {
    const entry = data.entries[byIndex.get(index)];
    const button = el("button", "link");
    button.type = "button";
    button.style.setProperty("--lane", color(entry.store));
    button.appendChild(el("span", "dot"));
    button.appendChild(el("span", "seq", "#" + entry.index));
    button.appendChild(el("span", "", data.stores[entry.store].name + " · " + entry.action));
    if (how) button.appendChild(el("span", "how", how));
    button.addEventListener("click", () => select(index, true));
    return button;
  }
  function showDetail(entry) {
    detail.replaceChildren();
    const where = el("div", "where");
    where.appendChild(dot(entry.store));
    where.appendChild(el("span", "", data.stores[entry.store].name + " · entry #" + entry.index +
      (entry.time === null ? "" : " · +" + (entry.time < 1000 ?
        entry.time.toFixed(1) + " ms" : (entry.time / 1000).toFixed(3) + " s"))));
    detail.appendChild(where);
    detail.appendChild(el("h2", "", entry.action));
    const type = el("div", "type", "action type " + entry.type + " ");
    badges(entry, type);
    detail.appendChild(type);
    if (entry.error !== null) detail.appendChild(el("p", "error", entry.error));
    if (entry.redacted.length > 0) {
      detail.appendChild(el("h3", "", "Withheld by the redaction policy"));
      detail.appendChild(el("pre", "", entry.redacted.join("\n")));
    }
    detail.appendChild(el("h3", "", "Payload"));
    detail.appendChild(entry.payload === null ? el("div", "none", "no payload") :
      el("pre", "", entry.payload));
    detail.appendChild(el("h3", "", "Caused by"));
    if (entry.cause !== null && byIndex.has(entry.cause)) {
      detail.appendChild(linkButton(entry.cause, entry.causeKind));
    } else {
      detail.appendChild(el("div", "none", entry.cause === null ?
        "nothing recorded: dispatched from outside the stores" :
        "entry #" + entry.cause + ", no longer in the session"));
    }
    const caused = effects.get(entry.index) || [];
    detail.appendChild(el("h3", "", "Caused " + caused.length +
      (caused.length === 1 ? " entry" : " entries")));
    if (caused.length === 0) detail.appendChild(el("div", "none", "none"));
    for (const index of caused) {
      detail.appendChild(linkButton(index, data.entries[byIndex.get(index)].causeKind));
    }
    detail.appendChild(el("h3", "", "State difference"));
    if (entry.changes.length === 0) {
      detail.appendChild(el("div", "none", entry.rejected || entry.skipped ?
        "none: the state stayed as it was" : "no change"));
    } else {
      const diff = el("div", "diff");
      for (const change of entry.changes) {
        diff.appendChild(el("div", "path", change.path));
        const values = el("div", "values");
        values.appendChild(el("span", "old", change.old === null ? "(none)" : change.old));
        values.appendChild(el("span", "new", change.new === null ? "(none)" : change.new));
        diff.appendChild(values);
      }
      detail.appendChild(diff);
      if (entry.moreChanges) detail.appendChild(el("div", "none", "and more changes"));
    }
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
    if (scroll) row.scrollIntoView({ block: "nearest" });
  }
  function applyFilters() {
    let shown = 0;
    for (const entry of data.entries) {
      const on = isShown(entry);
      rowOf.get(entry.index).hidden = !on;
      if (on) shown += 1;
    }
    document.getElementById("count").textContent =
      shown + " of " + data.entries.length + " shown";
    document.body.dataset.shown = String(shown);
    drawLinks();
    const list = visible();
    if (list.length > 0 && (selected === null || !isShown(data.entries[byIndex.get(selected)]))) {
      select(list[0].index, true);
    }
  }
  function move(offset) {
    const list = visible();
    if (list.length === 0) return;
    let position = list.findIndex((entry) => entry.index === selected);
    if (position < 0) position = offset > 0 ? -1 : list.length;
    position = Math.min(Math.max(position + offset, 0), list.length - 1);
    select(list[position].index, true);
  }
  document.addEventListener("keydown", (event) => {
    if (event.target === typeSelect || event.altKey || event.ctrlKey || event.metaKey) return;
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
      default: return;
    }
    event.preventDefault();
  });
  window.addEventListener("resize", drawLinks);

  applyFilters();
  const wanted = Number((location.hash.match(/^#entry-(\d+)$/) || [])[1]);
  if (byIndex.has(wanted)) select(wanted, true);
  else if (data.entries.length > 0) select(data.entries[0].index, false);
  document.body.dataset.lanes = String(document.querySelectorAll(".lanes-head .lane").length);
  document.body.dataset.entries = String(document.querySelectorAll(".row .entry").length);
  document.body.dataset.ready = "true";
})();
