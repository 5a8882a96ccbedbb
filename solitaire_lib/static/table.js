// The card table of solitaire_lib: draws the `piles` description and reports clicks and drags
// to Python with model.send(). No build step, no imports, nothing fetched at run time.

function cardElement(card, pileId, index) {
  const el = document.createElement("div");
  el.className = "sl-card " + (card.slot ? "sl-slot" : card.up ? "sl-up" : "sl-down");
  el.dataset.pile = pileId;
  el.dataset.index = String(index);
  el.dataset.card = card.up ? card.text : card.slot ? "slot" : "back";
  if (card.highlight) el.classList.add("sl-card-highlight");
  if (card.up) {
    if (card.red) el.classList.add("sl-red");
    el.title = card.name;
    const rank = document.createElement("span");
    rank.textContent = card.rank + card.suit;
    const suit = document.createElement("span");
    suit.className = "sl-suit";
    suit.textContent = card.suit;
    el.append(rank, suit);
  } else if (!card.slot) {
    el.title = "face down";
  }
  return el;
}

function pileElement(pile, model) {
  const el = document.createElement("div");
  el.className = `sl-pile sl-${pile.layout}`;
  el.dataset.pile = pile.id;
  if (pile.highlight) el.classList.add("sl-highlight");
  if (pile.clickable) el.classList.add("sl-clickable");

  const label = document.createElement("div");
  label.className = "sl-pile-label";
  const count = pile.layout === "squared" && pile.cards.length ? ` (${pile.cards.length})` : "";
  label.textContent = pile.label + count;

  const cards = document.createElement("div");
  cards.className = "sl-pile-cards";
  const shown = pile.layout === "squared" ? pile.cards.slice(-1) : pile.cards;
  const offset = pile.cards.length - shown.length;
  shown.forEach((card, i) => {
    const cardEl = cardElement(card, pile.id, offset + i);
    if (pile.draggable && card.up) {
      cardEl.draggable = true;
      cardEl.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", JSON.stringify({ source: pile.id, index: offset + i }));
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
    model.send({ type: "click", pile: pile.id, index });
  });
  el.addEventListener("dragover", (event) => {
    event.preventDefault();
    el.classList.add("sl-drop-target");
  });
  el.addEventListener("dragleave", () => el.classList.remove("sl-drop-target"));
  el.addEventListener("drop", (event) => {
    event.preventDefault();
    el.classList.remove("sl-drop-target");
    const data = JSON.parse(event.dataTransfer.getData("text/plain") || "null");
    if (data) model.send({ type: "drop", source: data.source, index: data.index, target: pile.id });
  });
  return el;
}

function render({ model, el }) {
  const table = document.createElement("div");
  table.className = "sl-table";
  el.append(table);

  function draw() {
    table.replaceChildren();
    const rows = new Map();
    for (const pile of model.get("piles")) {
      if (!rows.has(pile.row)) rows.set(pile.row, []);
      rows.get(pile.row).push(pile);
    }
    for (const row of [...rows.keys()].sort((a, b) => a - b)) {
      const rowEl = document.createElement("div");
      rowEl.className = "sl-table-row";
      for (const pile of rows.get(row)) rowEl.append(pileElement(pile, model));
      table.append(rowEl);
    }
    const status = document.createElement("div");
    status.className = "sl-status";
    status.textContent = model.get("status");
    table.append(status);
  }

  draw();
  model.on("change:piles", draw);
  model.on("change:status", draw);
  return () => {
    model.off("change:piles", draw);
    model.off("change:status", draw);
  };
}

export default { render };
