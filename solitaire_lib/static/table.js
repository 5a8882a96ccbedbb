// The card table of solitaire_lib: draws the `piles` description and reports clicks, drags and
// keys to Python with model.send(). No build step, no imports, nothing fetched at run time.
//
// Keyboard and screen reader: the table is one tab stop (a roving tabindex over its cards).
// Left/Right go from pile to pile, Up/Down from card to card in a pile, Home/End to the first
// and last pile; Enter or Space on a card sends the click the mouse would send. Escape and the
// game's shortcut keys go to Python; no key goes on to the notebook but Ctrl+S (save). Every
// card carries the words Python wrote for it (`focus`), and sentences Python says arrive in a
// polite live region.

const CARD_TYPE = "application/x-solitaire-card";
const MOVE_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
let tableCount = 0; // for ids unique on the page (several tables in one notebook)

function cardElement(card, pileId, index) {
  const el = document.createElement("div");
  el.className = "sl-card " + (card.slot ? "sl-slot" : card.up ? "sl-up" : "sl-down");
  el.dataset.pile = pileId;
  el.dataset.index = String(index);
  el.dataset.card = card.up ? card.text : card.slot ? "slot" : "back";
  if (card.highlight) el.classList.add("sl-card-highlight");
  if (card.up) {
    if (card.red) el.classList.add("sl-red");
    if (card.number) el.classList.add("sl-number"); // Play Nine: a number, no suit
    if (card.bg) {
      el.style.background = card.bg; // a palette of the course (stacks of nine)
      el.style.color = card.fg;
    }
    // The corner index ("7♦", "10♥") is the card's picture in symbols, which its name says in
    // words ("Seven of Diamonds"). Its rank is drawn by CSS (content: attr(data-glyph)), as a
    // number card's big number is: a card in focus is a control, and its visible text must be
    // in its name (WCAG 2.5.3; symbols count as pictures, as the suits do).
    const corner = document.createElement("span");
    corner.className = "sl-index";
    const rank = document.createElement("span");
    rank.className = "sl-glyph";
    rank.dataset.glyph = card.rank;
    const suit = document.createElement("span");
    suit.className = "sl-index-suit";
    suit.textContent = card.suit;
    corner.append(rank, suit);
    const pip = document.createElement("span");
    pip.className = "sl-pip";
    // A number card's big number repeats its corner: drawn by CSS (content: attr(data-pip)), it
    // is not text, so the card's visible text stays its name's ("12" in "card 12", WCAG 2.5.3).
    if (card.number) pip.dataset.pip = card.pip;
    else pip.textContent = card.suit;
    pip.setAttribute("aria-hidden", "true"); // it repeats the corner; the card's name says both
    el.append(corner, pip);
  } else if (card.slot && card.label) {
    const label = document.createElement("span");
    label.className = "sl-slot-label sl-glyph"; // drawn by CSS, as a rank is (see above)
    label.dataset.glyph = card.label;
    el.append(label);
  }
  if (card.highlight) {
    // Not colour alone: a marked card also wears a star, and its name says what it means.
    const star = document.createElement("span");
    star.className = "sl-card-star";
    star.textContent = "★";
    el.append(star);
  }
  el.title = card.spoken || "";
  return el;
}

// A place the focus can be: one card, or the empty place of an empty pile. Each has an
// interactive role and a name: a card that can be played is a button; a card that is only
// looked at (a game that plays itself, a finished game) is an option of its pile's list box.
function makeStop(el, pile, index, words) {
  el.classList.add("sl-stop");
  el.dataset.pile = pile.id;
  el.dataset.index = index === null ? "" : String(index);
  el.tabIndex = -1;
  el.setAttribute("role", pile.clickable ? "button" : "option");
  el.setAttribute("aria-label", words);
}

function pileElement(pile, model, dragging) {
  const el = document.createElement("div");
  el.className = `sl-pile sl-${pile.layout}`;
  el.dataset.pile = pile.id;
  if (pile.highlight) el.classList.add("sl-highlight");
  if (pile.clickable) el.classList.add("sl-clickable");

  const label = document.createElement("div");
  label.className = "sl-pile-label";
  label.setAttribute("aria-hidden", "true"); // the cards say it
  const count = pile.layout === "squared" && pile.cards.length ? ` (${pile.cards.length})` : "";
  label.textContent = pile.label + count;
  if (["♥", "♦"].includes(pile.label)) label.classList.add("sl-red-label"); // a red suit's column
  if (pile.mark) {
    const badge = document.createElement("span");
    badge.className = "sl-badge";
    badge.textContent = pile.mark;
    label.append(" ", badge);
  }

  const cards = document.createElement("div");
  cards.className = "sl-pile-cards";
  if (!pile.clickable) {
    cards.setAttribute("role", "listbox"); // its cards are options: see makeStop
    cards.setAttribute("aria-label", pile.name);
  }
  const shown = pile.layout === "squared" ? pile.cards.slice(-1) : pile.cards;
  const offset = pile.cards.length - shown.length;
  shown.forEach((card, i) => {
    const cardEl = cardElement(card, pile.id, offset + i);
    makeStop(cardEl, pile, offset + i, card.focus || card.spoken);
    if (i < shown.length - 1) cardEl.classList.add("sl-covered");
    if (pile.draggable && card.up) {
      cardEl.draggable = true;
      cardEl.addEventListener("dragstart", (event) => {
        const payload = JSON.stringify({ source: pile.id, index: offset + i });
        event.dataTransfer.setData(CARD_TYPE, payload);
      });
    }
    cards.append(cardEl);
  });
  if (!shown.length) {
    const empty = document.createElement("div");
    empty.className = "sl-empty";
    makeStop(empty, pile, null, pile.spoken);
    cards.append(empty);
  }
  el.append(label, cards);
  if (pile.note) {
    const note = document.createElement("div");
    note.className = "sl-pile-note";
    note.setAttribute("aria-hidden", "true");
    note.textContent = pile.note;
    el.append(note);
  }

  el.addEventListener("click", (event) => {
    if (!pile.clickable) return;
    const stop = event.target.closest(".sl-stop");
    const index = stop && stop.dataset.index !== "" ? Number(stop.dataset.index) : null;
    sendClick(model, pile.id, index);
  });
  if (dragging) {
    // Only tables with cards to drag accept drops, and only a card dragged from this table.
    el.addEventListener("dragover", (event) => {
      if (!event.dataTransfer.types.includes(CARD_TYPE)) return;
      event.preventDefault();
      el.classList.add("sl-drop-target");
    });
    el.addEventListener("dragleave", () => el.classList.remove("sl-drop-target"));
    el.addEventListener("drop", (event) => {
      event.preventDefault();
      el.classList.remove("sl-drop-target");
      const card = readCard(event.dataTransfer.getData(CARD_TYPE));
      if (card) {
        const version = model.get("version");
        model.send({ type: "drop", source: card.source, index: card.index, target: pile.id, version });
      }
    });
  }
  return el;
}

// Ctrl+S, or Cmd+S on a Mac: the notebook's save.
function isSaveKey(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s";
}

// The table version tells Python which table a click was made on: a second click of a
// double-click, made before the first one's new table arrived, is then ignored.
function sendClick(model, pileId, index) {
  model.send({ type: "click", pile: pileId, index, version: model.get("version") });
}

// A dragged card's payload, or null for anything else dropped here (text, links, files).
function readCard(text) {
  try {
    const data = JSON.parse(text);
    const ok = data && typeof data.source === "string" && Number.isInteger(data.index);
    return ok ? data : null;
  } catch {
    return null;
  }
}

function render({ model, el }) {
  tableCount += 1;
  const table = document.createElement("div");
  table.className = "sl-table";
  table.setAttribute("role", "application");
  const board = document.createElement("div");
  board.className = "sl-board";
  const status = document.createElement("div");
  status.className = "sl-status";
  const keys = document.createElement("div");
  keys.className = "sl-keys";
  keys.id = `sl-keys-${tableCount}-${Math.random().toString(36).slice(2, 8)}`;
  table.setAttribute("aria-describedby", keys.id);
  const live = document.createElement("div");
  live.className = "sl-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  table.append(board, status, keys, live);
  el.append(table);

  // Where the focus is: a pile and a card index (null: the empty place of an empty pile).
  let focus = null;
  // How many stops the focused pile had, and whether the focus was on its top card: when a
  // move puts cards onto that pile, the focus goes to its new top card (the card that moved).
  let focusPileStops = 0;
  let focusOnTop = false;

  function piles() {
    return [...board.querySelectorAll(".sl-pile")];
  }
  function stopsOf(pileEl) {
    return [...pileEl.querySelectorAll(".sl-stop")];
  }
  function currentStop() {
    const pileEls = piles();
    if (!pileEls.length) return null;
    let pileEl = focus && pileEls.find((p) => p.dataset.pile === focus.pile);
    if (!pileEl) pileEl = pileEls[0];
    const stops = stopsOf(pileEl);
    const wanted = focus && focus.pile === pileEl.dataset.pile ? focus.index : null;
    return stops.find((s) => s.dataset.index === String(wanted ?? "")) || stops[stops.length - 1];
  }
  function setFocus(stop, moveFocus) {
    if (!stop) return;
    for (const other of board.querySelectorAll(".sl-stop")) other.tabIndex = -1;
    stop.tabIndex = 0;
    focus = { pile: stop.dataset.pile, index: stop.dataset.index === "" ? null : Number(stop.dataset.index) };
    const stops = stopsOf(stop.closest(".sl-pile"));
    focusPileStops = stops.length;
    focusOnTop = stops[stops.length - 1] === stop;
    if (moveFocus) {
      stop.focus();
      stop.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }
  function followCardsPutOnFocusedPile() {
    const pileEl = focus && piles().find((p) => p.dataset.pile === focus.pile);
    if (!pileEl || !focusOnTop) return;
    const stops = stopsOf(pileEl);
    const top = stops[stops.length - 1];
    if (stops.length > focusPileStops && top.dataset.index !== "") focus.index = Number(top.dataset.index);
  }
  function step(key) {
    const pileEls = piles();
    const here = currentStop();
    if (!here) return;
    const pileAt = pileEls.findIndex((p) => p.dataset.pile === here.dataset.pile);
    let target = here;
    if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
      const next = { ArrowLeft: pileAt - 1, ArrowRight: pileAt + 1, Home: 0, End: pileEls.length - 1 }[key];
      const pileEl = pileEls[Math.max(0, Math.min(pileEls.length - 1, next))];
      const stops = stopsOf(pileEl);
      target = stops[stops.length - 1]; // a pile is reached at its top card
    } else {
      const stops = stopsOf(pileEls[pileAt]);
      const at = stops.indexOf(here) + (key === "ArrowUp" ? -1 : 1);
      target = stops[Math.max(0, Math.min(stops.length - 1, at))];
    }
    setFocus(target, true);
  }
  function say(text) {
    // Emptied first, so that the same sentence twice is read twice.
    live.textContent = "";
    setTimeout(() => {
      live.textContent = text;
    }, 50);
  }

  // No key pressed in the table reaches the notebook: JupyterLab's shortcuts listen on the
  // document, after the table (in the bubbling phase), so stopping a key here keeps a, b, m, d d,
  // x, v from editing the cells, and Ctrl+Enter, Shift+Enter or Alt+Enter from running the
  // game's cell again (a new game) or inserting one. Only Ctrl+S (Cmd+S) goes on: it saves the
  // notebook, as everywhere. Tab still leaves the table: moving the focus is the browser's own.
  table.addEventListener("keydown", (event) => {
    if (isSaveKey(event)) return;
    event.stopPropagation();
    if (event.ctrlKey || event.metaKey || event.altKey) return; // no chord is the table's
    const stop = event.target.closest(".sl-stop");
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const shortcuts = model.get("shortcuts") || {};
    let handled = true;
    if (MOVE_KEYS.includes(key)) step(key);
    else if ((key === "Enter" || key === " ") && stop) {
      const pileEl = stop.closest(".sl-pile");
      if (pileEl.classList.contains("sl-clickable")) {
        sendClick(model, stop.dataset.pile, stop.dataset.index === "" ? null : Number(stop.dataset.index));
      } else say("Nothing to play here.");
    } else if (key === "Escape") model.send({ type: "key", key: "Escape" });
    else if (key === "?") say(model.get("keys_help"));
    else if (Object.hasOwn(shortcuts, key)) model.send({ type: "key", key });
    else handled = false;
    if (handled) event.preventDefault();
  });
  table.addEventListener("focusin", (event) => {
    const stop = event.target.closest(".sl-stop");
    if (stop) setFocus(stop, false); // a click moves the keyboard's place too
  });

  function draw() {
    const hadFocus = board.contains(document.activeElement);
    board.replaceChildren();
    const rows = new Map();
    const dragging = model.get("piles").some((pile) => pile.draggable);
    for (const pile of model.get("piles")) {
      if (!rows.has(pile.row)) rows.set(pile.row, []);
      rows.get(pile.row).push(pile);
    }
    for (const row of [...rows.keys()].sort((a, b) => a - b)) {
      const rowEl = document.createElement("div");
      rowEl.className = "sl-table-row";
      // Many small piles (alliances) stay on one line, in order, and scroll.
      if (rows.get(row).length > 8) rowEl.classList.add("sl-one-line");
      for (const pile of rows.get(row)) rowEl.append(pileElement(pile, model, dragging));
      board.append(rowEl);
    }
    status.textContent = model.get("status");
    keys.textContent = "Keys: " + model.get("keys_help");
    table.setAttribute("aria-label", model.get("title"));
    const size = model.get("card_size");
    if (size) table.style.setProperty("--sl-w", `${size}px`);
    else table.style.removeProperty("--sl-w");
    // Keep the newest card in view where a pile or a row scrolls.
    for (const box of board.querySelectorAll(".sl-one-line, .sl-fan-right .sl-pile-cards")) {
      box.scrollLeft = box.scrollWidth;
    }
    followCardsPutOnFocusedPile();
    setFocus(currentStop(), hadFocus); // last: the card in focus stays in view where rows scroll
  }

  let clock = null;
  function setClock() {
    if (clock !== null) clearInterval(clock);
    clock = null;
    const ms = model.get("tick_ms");
    if (ms > 0) clock = setInterval(() => model.send({ type: "tick" }), ms);
  }

  const announce = () => say(model.get("announcement")[1] || "");
  const redraws = ["piles", "status", "card_size", "keys_help", "title"];
  draw();
  setClock();
  for (const name of redraws) model.on(`change:${name}`, draw);
  model.on("change:announcement", announce);
  model.on("change:tick_ms", setClock);
  return () => {
    for (const name of redraws) model.off(`change:${name}`, draw);
    model.off("change:announcement", announce);
    model.off("change:tick_ms", setClock);
    if (clock !== null) clearInterval(clock);
  };
}

export default { render };
