// Starpost page behaviour that htmx alone does not cover: the move picker, the fleet
// builder's running total, the move tray's open state and the last move on the board.
(function () {
  "use strict";

  // -- the move picker ------------------------------------------------------------------
  // The page lists the legal moves with the steps that make each one (games/ui/panel.py):
  // what is clicked, in order, on the board (an element with data-<on>="<value>") or among
  // the tray's choices. Each click narrows the list; the one move left is submitted as the
  // server listed it. Nothing here knows a rule: it only matches clicks against the list.
  var data = null; // {moves: [{kind, move, text, steps}], kinds: {kind: {title, hint, attack}}}
  var path = []; // tokens: {on, field, value} or, for a footprint, {on, field, values}
  var choices = []; // the choice buttons of the tray, by index
  var MARKS = ["is-movable", "is-selected", "is-target", "is-attack", "is-footprint"];
  var CHOICE = "choice";

  function live() {
    return document.getElementById("live");
  }

  function boardEl() {
    var root = live();
    return root ? root.querySelector(".board") : null;
  }

  function readJSON(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  function isFootprint(step) {
    return !!step && Array.isArray(step.values);
  }

  function within(list, items) {
    return items.every(function (v) { return list.indexOf(v) >= 0; });
  }

  function agrees(step, token) {
    if (!step || step.on !== token.on || step.field !== token.field) return false;
    if (isFootprint(step)) return !!token.values && within(step.values, token.values);
    return same(step.value, token.value);
  }

  function candidates(p) {
    return data.moves.filter(function (m) {
      return p.every(function (t, i) { return agrees(m.steps[i], t); });
    });
  }

  function complete(m, p) {
    if (m.steps.length !== p.length) return false;
    var last = m.steps[p.length - 1];
    return !isFootprint(last) || last.values.length === p[p.length - 1].values.length;
  }

  // What may be picked after path p: {on, field, value, kind, label, prompt, extend}
  function options(p) {
    var out = [];
    var seen = {};
    var last = p[p.length - 1];
    candidates(p).forEach(function (m) {
      var current = m.steps[p.length - 1];
      var add = function (o) {
        var key = JSON.stringify([o.on, o.field, o.value, o.extend || false, o.kind]);
        if (!seen[key]) { seen[key] = true; out.push(o); }
      };
      if (last && isFootprint(current) && current.values.length > last.values.length) {
        current.values.forEach(function (v) {
          if (last.values.indexOf(v) < 0) add({ on: current.on, field: current.field, value: v, kind: m.kind, extend: true, prompt: current.prompt });
        });
        return;
      }
      var s = m.steps[p.length];
      if (!s) return;
      if (isFootprint(s)) {
        s.values.forEach(function (v) { add({ on: s.on, field: s.field, value: v, kind: m.kind, footprint: true, prompt: s.prompt }); });
      } else {
        add({ on: s.on, field: s.field, value: s.value, kind: m.kind, label: s.label, prompt: s.prompt, preselect: s.preselect });
      }
    });
    return out;
  }

  function tokenOf(o, p) {
    if (o.extend) {
      var last = p[p.length - 1];
      return { on: o.on, field: o.field, values: last.values.concat([o.value]) };
    }
    if (o.footprint) return { on: o.on, field: o.field, values: [o.value] };
    return { on: o.on, field: o.field, value: o.value };
  }

  function advance(p, o) {
    return o.extend ? p.slice(0, -1).concat([tokenOf(o, p)]) : p.concat([tokenOf(o, p)]);
  }

  // -- a piece's destinations, asked for when it is picked ---------------------------------
  // The page lists which pieces move by destination (data.routes: {on, field, pieces, seq});
  // where one may go is asked of the server the first time it is picked (its routes come as
  // more listed moves) and kept while the page shows the same seq.
  var fetched = {}; // "seq piece" -> that piece's route moves ([] after a refusal)
  var asking = {}; // "seq piece" -> true while asked for
  var routeError = "";

  function routeKey(p) {
    var r = data && data.routes;
    var t = p[0];
    if (!r || !t || t.on !== r.on || t.field !== r.field || r.pieces.indexOf(t.value) < 0) return null;
    return r.seq + " " + t.value;
  }

  function awaitingRoutes(p) {
    var key = routeKey(p);
    if (!key || fetched[key]) return false;
    if (!asking[key]) askRoutes(key, p[0].value);
    return true;
  }

  function askRoutes(key, piece) {
    var picker = document.querySelector("[data-picker]");
    var url = picker && picker.getAttribute("data-routes-url");
    if (!url) { fetched[key] = []; return; }
    asking[key] = true;
    var query = "?piece=" + encodeURIComponent(piece) + "&seq=" + encodeURIComponent(data.routes.seq);
    fetch(url + query, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, body: body }; });
      })
      .then(function (got) {
        fetched[key] = got.ok ? got.body.moves || [] : [];
        routeError = got.ok ? "" : got.body.message || "";
      }, function () {
        fetched[key] = [];
        routeError = "The server could not be asked where it can go: move it a step at a time.";
      })
      .then(function () {
        delete asking[key];
        if (!data || !data.routes || data.routes.seq + " " + piece !== key) return; // the page moved on
        data.moves = data.moves.concat(fetched[key]);
        pick(path);
      });
  }

  // Take what needs no decision: a lone choice after the first pick, a preselected choice.
  function settle() {
    for (var guard = 0; guard < 50; guard++) {
      if (awaitingRoutes(path)) return;
      var cands = candidates(path);
      if (!cands.length) { path = []; continue; }
      if (cands.some(function (m) { return complete(m, path); })) return;
      var opts = options(path);
      var allChoice = opts.length && opts.every(function (o) { return o.on === CHOICE && o.field === opts[0].field; });
      if (allChoice && path.length && opts.length === 1) { path = advance(path, opts[0]); continue; }
      if (allChoice && !path.length && opts[0].preselect) { path = advance(path, opts[0]); continue; }
      var lone = opts.length === 1 && opts[0].on !== CHOICE && opts[0].preselect;
      if (lone && !path.length) { path = advance(path, opts[0]); continue; }
      return;
    }
  }

  // The one move a path has made, or null.
  function chosen() {
    var cands = candidates(path);
    var done = cands.filter(function (m) { return complete(m, path); });
    return done.length === 1 && cands.length === 1 ? done[0] : null;
  }

  // With a footprint half picked and one move left, that move's whole footprint.
  function preview() {
    var cands = candidates(path);
    var last = path[path.length - 1];
    if (cands.length !== 1 || !last || !last.values) return null;
    var step = cands[0].steps[path.length - 1];
    return isFootprint(step) && step.values.length > last.values.length ? cands[0] : null;
  }

  function pick(p) {
    path = p;
    settle();
    if (awaitingRoutes(path)) { render(); return; }
    var move = chosen();
    if (move) { submit(move.move); return; }
    render();
  }

  // A move, or a route's moves as a list (the server plays them in order, all or none).
  function submit(move) {
    var form = document.getElementById("board-move");
    if (!form) return;
    form.querySelector('[name="move"]').value = JSON.stringify(move);
    path = [];
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  function cssValue(value) {
    return String(value).replace(/["\\]/g, "\\$&");
  }

  // Pieces inside [data-pick-none] (another player's ship board) share names with the
  // viewer's own and are never picked.
  function pickable(el) {
    return !!el && !!el.closest(".board") && !el.closest("[data-pick-none]");
  }

  function elementsFor(on, value) {
    var board = boardEl();
    if (!board) return [];
    return Array.prototype.filter.call(board.querySelectorAll("[data-" + on + '="' + cssValue(value) + '"]'), pickable);
  }

  function mark(on, value, cls) {
    elementsFor(on, value).forEach(function (el) { el.classList.add(cls); });
  }

  // The option (of opts) whose board element is under the click, or null.
  function hit(target, opts) {
    for (var i = 0; i < opts.length; i++) {
      var o = opts[i];
      if (o.on === CHOICE) continue;
      var el = target.closest("[data-" + o.on + "]");
      if (pickable(el) && el.getAttribute("data-" + o.on) === String(o.value)) return o;
    }
    return null;
  }

  function leadingChoices(p) {
    var n = 0;
    while (n < p.length && p[n].on === CHOICE) n++;
    return p.slice(0, n);
  }

  // A click on the board: true when the picker used it.
  function clickBoard(target) {
    if (!data) return false;
    var proposed = preview();
    if (proposed) {
      var step = proposed.steps[path.length - 1];
      var el = target.closest("[data-" + step.on + "]");
      if (pickable(el) && step.values.indexOf(el.getAttribute("data-" + step.on)) >= 0) {
        submit(proposed.move);
        return true;
      }
    }
    var o = hit(target, options(path));
    if (o) { pick(advance(path, o)); return true; }
    var base = leadingChoices(path);
    var again = hit(target, options(base));
    var wasOnly = again && path.length === base.length + 1 && same(tokenOf(again, base), path[base.length]);
    if (again && !wasOnly) { pick(advance(base, again)); return true; }
    var used = !!again || path.length > base.length;
    path = base;
    settle();
    render();
    return used;
  }

  function clearMarks() {
    var board = boardEl();
    if (!board) return;
    MARKS.forEach(function (cls) {
      board.querySelectorAll("." + cls).forEach(function (el) { el.classList.remove(cls); });
    });
    board.querySelectorAll(".route-arrow").forEach(function (el) { el.remove(); });
    arrows = [];
  }

  // A route that ends with a facing (a unit's whole move, picked by its destination): an
  // arrow on the destination hex pointing the way the unit will face; clicking it plays it.
  var arrows = []; // the routes the drawn arrows stand for, by index
  var SVG = "http://www.w3.org/2000/svg";

  function drawArrow(m) {
    var to = m.steps[1];
    var turn = m.steps[2];
    if (!to || !turn || turn.field !== "facing" || typeof turn.angle !== "number") return;
    var hex = elementsFor(to.on, to.value).filter(function (el) { return el.classList.contains("hex"); })[0];
    var board = boardEl();
    if (!hex || !board || !hex.getBBox) return;
    var box = hex.getBBox();
    var x = box.x + box.width / 2;
    var y = box.y + box.height / 2;
    var r = Math.min(box.width, box.height) / 2;
    var a = turn.angle * Math.PI / 180;
    var at = function (d, t) { return (x + d * Math.cos(a + t)).toFixed(1) + "," + (y + d * Math.sin(a + t)).toFixed(1); };
    var g = document.createElementNS(SVG, "polygon");
    g.setAttribute("points", [at(r * 1.0, 0), at(r * 0.3, 0.55), at(r * 0.3, -0.55)].join(" "));
    g.setAttribute("class", "route-arrow");
    g.setAttribute("data-route", String(arrows.length));
    g.setAttribute("data-route-to", to.value + " " + turn.value);
    var title = document.createElementNS(SVG, "title");
    title.textContent = m.label || m.text;
    g.appendChild(title);
    arrows.push(m);
    board.appendChild(g);
  }

  function chip(text, onClick, pressed, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls || "chip";
    b.textContent = text;
    if (pressed !== undefined) b.setAttribute("aria-pressed", pressed ? "true" : "false");
    b.dataset.choice = String(choices.length);
    choices.push(onClick);
    return b;
  }

  function render() {
    clearMarks();
    var hint = document.getElementById("pick-hint");
    var pathEl = document.getElementById("pick-path");
    var box = document.getElementById("pick-choices");
    if (!data || !hint || !box) return;
    choices = [];
    box.textContent = "";
    pathEl.textContent = "";
    var opts = options(path);
    var kinds = data.kinds || {};
    // the board: what may be clicked next, and what is picked already
    opts.forEach(function (o) {
      if (o.on === CHOICE) return;
      var cls = !path.length ? "is-movable" : (kinds[o.kind] || {}).attack ? "is-attack" : "is-target";
      mark(o.on, o.value, cls);
    });
    path.forEach(function (t) {
      if (t.on === CHOICE) return;
      (t.values || [t.value]).forEach(function (v) { mark(t.on, v, "is-selected"); });
    });
    if (path.length) {
      candidates(path).forEach(function (m) { if (m.kind === "route") drawArrow(m); });
    }
    var proposed = preview();
    if (proposed) proposed.steps[path.length - 1].values.forEach(function (v) { mark(proposed.steps[path.length - 1].on, v, "is-footprint"); });

    // the tray: earlier choices (to change them), what is picked, the choices now
    path.forEach(function (t, i) {
      if (t.on !== CHOICE) {
        var step = candidates(path)[0].steps[i];
        var crumb = document.createElement("span");
        crumb.className = "crumb";
        crumb.textContent = step.label || (t.values || [t.value]).join(" ");
        pathEl.appendChild(crumb);
        return;
      }
      var before = path.slice(0, i);
      var row = document.createElement("span");
      row.className = "crumb-choices";
      options(before).filter(function (o) { return o.on === CHOICE && o.field === t.field; }).forEach(function (o) {
        row.appendChild(chip(o.label, function () { pick(advance(before, o)); }, same(o.value, t.value)));
      });
      pathEl.appendChild(row);
    });
    if (path.length > leadingChoices(path).length) {
      pathEl.appendChild(chip("Cancel", function () { pick(leadingChoices(path)); }, undefined, "small secondary"));
    }
    pathEl.hidden = !pathEl.childNodes.length;

    var done = candidates(path).filter(function (m) { return complete(m, path); });
    done.forEach(function (m) {
      box.appendChild(chip(m.label || m.text, function () { submit(m.move); }, undefined, "primary"));
    });
    if (proposed) {
      box.appendChild(chip("Confirm: " + proposed.text, function () { submit(proposed.move); }, undefined, "primary"));
    }
    var lastKind = null;
    opts.forEach(function (o) {
      if (o.on !== CHOICE) return;
      if (!path.length && o.kind !== lastKind) {
        var title = document.createElement("span");
        title.className = "choice-title";
        title.textContent = (kinds[o.kind] || {}).title || o.kind;
        box.appendChild(title);
        lastKind = o.kind;
      }
      box.appendChild(chip(o.label, function () { pick(advance(path, o)); }));
    });

    var prompt = opts.map(function (o) { return o.prompt; }).filter(Boolean)[0];
    if (!path.length) {
      var hints = Object.keys(kinds).map(function (k) { return kinds[k].hint; }).filter(Boolean);
      prompt = hints.filter(function (h, i) { return hints.indexOf(h) === i; }).join(" ") || prompt;
    }
    if (proposed) prompt = "Click the ship's outline again, or confirm, to place it there.";
    else if (done.length) {
      var onBoard = opts.filter(function (o) { return o.on !== CHOICE && o.prompt; })[0];
      prompt = onBoard ? onBoard.prompt + " Or play a move below." : "Play the move, or pick on.";
    }
    if (awaitingRoutes(path)) prompt = "Finding where it can go…";
    else if (routeError && routeKey(path)) prompt = routeError + " " + (prompt || "");
    hint.textContent = prompt || (opts.length ? "Choose:" : "");
  }

  function initPicker() {
    var fresh = readJSON("pick-moves");
    var keep = path;
    data = fresh && fresh.moves && fresh.moves.length ? fresh : null;
    path = [];
    if (!data) return;
    if (data.routes) { // destinations already asked for at this seq
      data.routes.pieces.forEach(function (piece) {
        var known = fetched[data.routes.seq + " " + piece];
        if (known) data.moves = data.moves.concat(known);
      });
    }
    if (keep.length && candidates(keep).length) path = keep; // a poll does not undo half a pick
    settle();
    render();
  }

  // -- the last move on the board ---------------------------------------------------------
  function markLastMove() {
    (readJSON("last-move") || []).forEach(function (m) {
      (m.values || [m.value]).forEach(function (v) { mark(m.on, v, "is-last"); });
    });
  }

  // -- fleet builder ------------------------------------------------------------------------
  var fleetValues = {}; // kept when a poll swaps the page under them

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

  // -- the move tray ------------------------------------------------------------------------
  var trayClosed = false; // a player who folded the tray keeps it folded across polls

  function initTray() {
    document.querySelectorAll("[data-tray]:not(.waiting)").forEach(function (tray) {
      if (trayClosed) tray.open = false;
    });
  }

  // -- zooming the board (a small screen, a big map) ----------------------------------------
  var zoomed = false;
  var zoomScroll = null; // where the zoomed board was scrolled, kept when a move or poll swaps it

  function initZoom() {
    document.querySelectorAll("[data-zoom]").forEach(function (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", zoomed ? "true" : "false");
      button.textContent = zoomed ? "Zoom out" : "Zoom in";
      var wrap = button.closest(".board-wrap");
      wrap.classList.toggle("is-zoomed", zoomed);
      if (zoomed && zoomScroll) { wrap.scrollLeft = zoomScroll[0]; wrap.scrollTop = zoomScroll[1]; }
    });
  }

  // Zooming in shows the pieces the player may click (else the last move), not the map's corner.
  function centreZoom() {
    var wrap = document.querySelector(".board-wrap.is-zoomed");
    var el = wrap && wrap.querySelector(".board .is-selected, .board .is-movable, .board .is-target, .board .is-last");
    if (!el) return;
    var w = wrap.getBoundingClientRect();
    var r = el.getBoundingClientRect();
    wrap.scrollLeft += r.left + r.width / 2 - w.left - wrap.clientWidth / 2;
    wrap.scrollTop += r.top + r.height / 2 - w.top - wrap.clientHeight / 2;
    zoomScroll = [wrap.scrollLeft, wrap.scrollTop];
  }

  document.addEventListener("scroll", function (ev) {
    var t = ev.target;
    if (t && t.classList && t.classList.contains("is-zoomed")) zoomScroll = [t.scrollLeft, t.scrollTop];
  }, true);

  // A game's first-match guide stays closed once its player closed it (on this browser).
  function guideKey(el) {
    return "starpost.walkthrough." + el.dataset.walkthrough;
  }

  function initWalkthrough() {
    document.querySelectorAll("[data-walkthrough]").forEach(function (el) {
      try {
        if (window.localStorage.getItem(guideKey(el)) === "closed") el.hidden = true;
      } catch (e) { /* storage off: the guide stays */ }
    });
  }

  // -- wiring ---------------------------------------------------------------------------------
  function init() {
    initWalkthrough();
    initPicker();
    markLastMove();
    initFleet();
    initTray();
    initZoom();
  }

  document.addEventListener("click", function (ev) {
    var close = ev.target.closest("[data-walkthrough-close]");
    if (close) {
      var guide = close.closest("[data-walkthrough]");
      guide.hidden = true;
      try { window.localStorage.setItem(guideKey(guide), "closed"); } catch (e) { /* not kept */ }
      return;
    }
    if (ev.target.closest("[data-zoom]")) {
      zoomed = !zoomed;
      zoomScroll = null;
      initZoom();
      if (zoomed) centreZoom();
      return;
    }
    var arrow = ev.target.closest("[data-route]");
    if (arrow && arrows[Number(arrow.dataset.route)]) {
      ev.preventDefault();
      submit(arrows[Number(arrow.dataset.route)].move);
      return;
    }
    var button = ev.target.closest("[data-choice]");
    if (button && choices[Number(button.dataset.choice)]) {
      ev.preventDefault();
      choices[Number(button.dataset.choice)]();
      return;
    }
    if (!ev.target.closest(".board")) return;
    if (clickBoard(ev.target)) return;
    // A unit on a hex map that is not to be picked now: show its weapon arcs (?unit=ID).
    var unit = ev.target.closest("svg [data-unit]");
    if (!unit) return;
    var url = new URL(window.location.href);
    if (url.searchParams.get("unit") === unit.dataset.unit) url.searchParams.delete("unit");
    else url.searchParams.set("unit", unit.dataset.unit);
    window.location.assign(url.toString());
  });

  document.addEventListener("toggle", function (ev) {
    if (ev.target.matches && ev.target.matches("[data-tray]:not(.waiting)")) trayClosed = !ev.target.open;
  }, true);

  document.addEventListener("input", function (ev) {
    var form = ev.target.closest("[data-fleet-builder]");
    if (!form) return;
    fleetValues[ev.target.name] = ev.target.value;
    fleetTotal(form);
  });

  // The new-match form: an option of some seat counts only ([data-seats], e.g. player 3's
  // ship board) is hidden while another number of players is chosen.
  function seatOptions() {
    var seats = document.querySelector('#new-match [name="seats"]');
    if (!seats) return;
    document.querySelectorAll("#new-match [data-seats]").forEach(function (input) {
      var field = input.closest(".field") || input;
      field.hidden = input.dataset.seats.split(" ").indexOf(seats.value) < 0;
    });
  }

  document.addEventListener("change", function (ev) {
    if (ev.target.matches && ev.target.matches('#new-match [name="seats"]')) seatOptions();
  });
  document.addEventListener("DOMContentLoaded", seatOptions);

  document.addEventListener("DOMContentLoaded", init);
  // After htmx swapped the live region (a move or a poll), start from the new position.
  document.addEventListener("htmx:afterSettle", init);
})();
