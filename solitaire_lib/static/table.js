// The card table of solitaire_lib: draws the `piles` description and reports clicks and drags
// to Python with model.send(). No build step, no imports, nothing fetched at run time.

const CARD_TYPE = "application/x-solitaire-card";

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
    el.title = card.name;
    const index = document.createElement("span");
    index.className = "sl-index";
    const rank = document.createElement("span");
    rank.textContent = card.rank;
    const suit = document.createElement("span");
    suit.className = "sl-index-suit";
    suit.textContent = card.suit;
    index.append(rank, suit);
    const pip = document.createElement("span");
    pip.className = "sl-pip";
    pip.textContent = card.number ? card.pip : card.suit;
    el.append(index, pip);
  } else if (card.slot) {
    if (card.label) {
      const label = document.createElement("span");
      label.className = "sl-slot-label";
      label.textContent = card.label;
      el.append(label);
    }
  } else {
    el.title = "face down";
  }
  return el;
}

function pileElement(pile, model, dragging) {
  const el = document.createElement("div");
  el.className = `sl-pile sl-${pile.layout}`;
  el.dataset.pile = pile.id;
  if (pile.highlight) el.classList.add("sl-highlight");
  if (pile.clickable) el.classList.add("sl-clickable");

  const label = document.createElement("div");
  label.className = "sl-pile-label";
  const count = pile.layout === "squared" && pile.cards.length ? ` (${pile.cards.length})` : "";
  label.textContent = pile.label + count;
  if (["♥", "♦"].includes(pile.label)) label.classList.add("sl-red-label"); // a red suit's column

  const cards = document.createElement("div");
  cards.className = "sl-pile-cards";
  const shown = pile.layout === "squared" ? pile.cards.slice(-1) : pile.cards;
  const offset = pile.cards.length - shown.length;
  shown.forEach((card, i) => {
    const cardEl = cardElement(card, pile.id, offset + i);
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
    cards.append(empty);
  }
  el.append(label, cards);
  if (pile.note) {
    const note = document.createElement("div");
    note.className = "sl-pile-note";
    note.textContent = pile.note;
    el.append(note);
  }

  el.addEventListener("click", (event) => {
    if (!pile.clickable) return;
    const cardEl = event.target.closest(".sl-card");
    const index = cardEl ? Number(cardEl.dataset.index) : null;
    // The table version tells Python which table the click was made on: a second click of a
    // double-click, made before the first one's new table arrived, is then ignored.
    model.send({ type: "click", pile: pile.id, index, version: model.get("version") });
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

const KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Home", "End"];

function render({ model, el }) {
  const table = document.createElement("div");
  table.className = "sl-table";
  // Click the table, then use the keyboard: the arrows step, space plays or pauses.
  table.tabIndex = 0;
  table.addEventListener("keydown", (event) => {
    if (!KEYS.includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation(); // JupyterLab must not take the key (space, arrows) for itself
    model.send({ type: "key", key: event.key });
  });
  el.append(table);

  function draw() {
    table.replaceChildren();
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
      table.append(rowEl);
    }
    const status = document.createElement("div");
    status.className = "sl-status";
    status.textContent = model.get("status");
    table.append(status);
    const size = model.get("card_size");
    if (size) table.style.setProperty("--sl-w", `${size}px`);
    else table.style.removeProperty("--sl-w");
    // Keep the newest card in view where a pile or a row scrolls.
    for (const box of table.querySelectorAll(".sl-one-line, .sl-fan-right .sl-pile-cards")) {
      box.scrollLeft = box.scrollWidth;
    }
  }

  draw();
  model.on("change:piles", draw);
  model.on("change:status", draw);
  model.on("change:card_size", draw);
  return () => {
    model.off("change:piles", draw);
    model.off("change:status", draw);
    model.off("change:card_size", draw);
  };
}

export default { render };
