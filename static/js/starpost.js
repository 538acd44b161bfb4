// Starpost page behaviour that htmx alone does not cover: choosing a ship (or a ship type
// to place) and then a target square on the board, and the fleet builder's running total.
// The legal board moves come from the page (<script id="board-moves">, exactly what the
// server listed); a click only ever submits one of them, as is.
(function () {
  "use strict";

  var selected = null; // square of the chosen ship
  var placeType = null; // ship type chosen for placement
  var fleetValues = {}; // fleet-builder inputs, kept when a poll swaps the page under them

  function live() {
    return document.getElementById("live");
  }

  function boardMoves() {
    var el = document.getElementById("board-moves");
    return el ? JSON.parse(el.textContent) : [];
  }

  function onSquare(name) {
    return live().querySelectorAll('.board [data-square="' + name + '"]');
  }

  function mark(name, cls) {
    onSquare(name).forEach(function (el) { el.classList.add(cls); });
  }

  function isPlacement(m) {
    return !m.from && m.ship;
  }

  function refresh() {
    var root = live();
    if (!root) return;
    root.querySelectorAll(".board .is-selected, .board .is-target, .board .is-attack, .board .is-movable")
      .forEach(function (el) { el.classList.remove("is-selected", "is-target", "is-attack", "is-movable"); });
    var moves = boardMoves();
    moves.forEach(function (m) { if (m.from) mark(m.from, "is-movable"); });
    if (selected) {
      mark(selected, "is-selected");
      moves.forEach(function (m) {
        if (m.from === selected) mark(m.to, m.kind === "attack" ? "is-attack" : "is-target");
      });
    } else if (placeType) {
      moves.forEach(function (m) {
        if (isPlacement(m) && m.ship === placeType) mark(m.to, "is-target");
      });
    }
    root.querySelectorAll("[data-place-type]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.placeType === placeType ? "true" : "false");
    });
  }

  function submit(move) {
    var form = document.getElementById("board-move");
    if (!form) return;
    form.querySelector('[name="move"]').value = JSON.stringify(move);
    selected = null;
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  function clickSquare(name) {
    var moves = boardMoves();
    if (!moves.length) return;
    var chosen = moves.find(function (m) {
      if (m.to !== name) return false;
      if (selected) return m.from === selected;
      return placeType && isPlacement(m) && m.ship === placeType;
    });
    if (chosen) {
      submit(chosen);
      return;
    }
    var canAct = moves.some(function (m) { return m.from === name; });
    selected = canAct && selected !== name ? name : null;
    refresh();
  }

  // -- fleet builder ------------------------------------------------------------------
  function fleetTotal(form) {
    var total = 0;
    var ships = 0;
    form.querySelectorAll("input[data-pts]").forEach(function (input) {
      var n = parseInt(input.value, 10) || 0;
      total += n * parseInt(input.dataset.pts, 10);
      ships += n;
    });
    var limit = parseInt(form.dataset.limit, 10);
    var out = form.querySelector("[data-fleet-total]");
    if (out) out.textContent = String(total);
    form.classList.toggle("is-over", total > limit);
    var button = form.querySelector("[data-fleet-submit]");
    if (button) button.disabled = total > limit || ships === 0;
  }

  function initFleet() {
    document.querySelectorAll("[data-fleet-builder]").forEach(function (form) {
      form.querySelectorAll("input[data-pts]").forEach(function (input) {
        if (input.name in fleetValues) input.value = fleetValues[input.name];
      });
      fleetTotal(form);
    });
  }

  // -- wiring -------------------------------------------------------------------------
  function init() {
    selected = null;
    var moves = boardMoves();
    var stillPlaceable = moves.some(function (m) { return isPlacement(m) && m.ship === placeType; });
    if (!stillPlaceable) {
      var first = moves.find(isPlacement);
      placeType = first ? first.ship : null;
    }
    initFleet();
    refresh();
  }

  document.addEventListener("click", function (ev) {
    var typeButton = ev.target.closest("[data-place-type]");
    if (typeButton) {
      placeType = typeButton.dataset.placeType;
      selected = null;
      refresh();
      return;
    }
    var square = ev.target.closest(".board [data-square]");
    if (square) clickSquare(square.dataset.square);
  });

  document.addEventListener("input", function (ev) {
    var form = ev.target.closest("[data-fleet-builder]");
    if (!form) return;
    fleetValues[ev.target.name] = ev.target.value;
    fleetTotal(form);
  });

  document.addEventListener("change", function (ev) {
    if (ev.target.matches("select[data-autosubmit]")) ev.target.form.submit();
  });

  document.addEventListener("DOMContentLoaded", init);
  // After htmx swapped the live region (a move or a poll), start from the new position.
  document.addEventListener("htmx:afterSettle", init);
})();

// A unit on a hex map (The early days): clicking it shows its weapon arcs (?unit=ID).
document.addEventListener("click", function (event) {
  var unit = event.target.closest && event.target.closest("svg [data-unit]");
  if (!unit || unit.closest("[data-square]")) return;
  var url = new URL(window.location.href);
  if (url.searchParams.get("unit") === unit.dataset.unit) url.searchParams.delete("unit");
  else url.searchParams.set("unit", unit.dataset.unit);
  window.location.assign(url.toString());
});
