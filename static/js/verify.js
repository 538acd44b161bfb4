// The dice check of a finished match, in the browser: the same arithmetic as
// tools/verify_export.py (SHA-256, HMAC-SHA256, the canonical JSON of each entry), written
// out here so that it trusts no code of the server and no browser feature beyond JavaScript.
// Keep the two in step; tests/web/test_verify_browser.py runs both on the same exports.
(function () {
  "use strict";

  // -- SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) -----------------------------------
  var K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);

  function sha256(bytes) {
    var h = new Uint32Array([
      0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);
    var bitLength = bytes.length * 8;
    var padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[bytes.length] = 0x80;
    var view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
    view.setUint32(padded.length - 4, bitLength >>> 0);
    var w = new Uint32Array(64);
    for (var off = 0; off < padded.length; off += 64) {
      for (var i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
      for (i = 16; i < 64; i++) {
        var a = w[i - 15], b = w[i - 2];
        var s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
        var s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      var A = h[0], B = h[1], C = h[2], D = h[3], E = h[4], F = h[5], G = h[6], H = h[7];
      for (i = 0; i < 64; i++) {
        var S1 = ((E >>> 6) | (E << 26)) ^ ((E >>> 11) | (E << 21)) ^ ((E >>> 25) | (E << 7));
        var ch = (E & F) ^ (~E & G);
        var t1 = (H + S1 + ch + K[i] + w[i]) >>> 0;
        var S0 = ((A >>> 2) | (A << 30)) ^ ((A >>> 13) | (A << 19)) ^ ((A >>> 22) | (A << 10));
        var maj = (A & B) ^ (A & C) ^ (B & C);
        var t2 = (S0 + maj) >>> 0;
        H = G; G = F; F = E; E = (D + t1) >>> 0; D = C; C = B; B = A; A = (t1 + t2) >>> 0;
      }
      h[0] += A; h[1] += B; h[2] += C; h[3] += D; h[4] += E; h[5] += F; h[6] += G; h[7] += H;
    }
    var out = new Uint8Array(32);
    var outView = new DataView(out.buffer);
    for (i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
    return out;
  }

  function concat(parts) {
    var size = parts.reduce(function (n, p) { return n + p.length; }, 0);
    var out = new Uint8Array(size);
    var at = 0;
    parts.forEach(function (p) { out.set(p, at); at += p.length; });
    return out;
  }

  function hmac(key, message) {
    if (key.length > 64) key = sha256(key);
    var inner = new Uint8Array(64), outer = new Uint8Array(64);
    for (var i = 0; i < 64; i++) {
      var k = i < key.length ? key[i] : 0;
      inner[i] = k ^ 0x36;
      outer[i] = k ^ 0x5c;
    }
    return sha256(concat([outer, sha256(concat([inner, message]))]));
  }

  var utf8 = new TextEncoder();

  function hex(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return s;
  }

  function fromHex(text, where) {
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw new Missing(where + ": " + repr(Array.from(text).slice(0, 20).join("")) + " is not hexadecimal");
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16);
    return out;
  }

  function big(bytes) {
    return bytes.length ? BigInt("0x" + hex(bytes)) : 0n;
  }

  // -- JSON read as Python reads it, written as Python writes it ------------------------
  // Numbers keep their text (an int stays an int of any size, a float prints as Python's
  // repr); objects are Maps (any key, "__proto__" too); keys sort by code point.
  function Num(text) {
    this.isInt = !/[.eE]/.test(text) && !/^-?(NaN|Infinity)$/.test(text) && text !== "NaN";
    this.text = text;
  }

  function parse(text) {
    var at = 0;
    function fail(why) { throw new Missing("the file is not JSON: " + why + " at character " + at); }
    function ws() { while (at < text.length && " \t\n\r".indexOf(text[at]) >= 0) at++; }
    function value() {
      ws();
      var c = text[at];
      if (c === "{") {
        at++;
        var map = new Map();
        ws();
        if (text[at] === "}") { at++; return map; }
        for (;;) {
          ws();
          if (text[at] !== '"') fail("a key must be a string");
          var key = string();
          ws();
          if (text[at++] !== ":") fail("':' expected");
          map.set(key, value());
          ws();
          var next = text[at++];
          if (next === "}") return map;
          if (next !== ",") fail("',' or '}' expected");
        }
      }
      if (c === "[") {
        at++;
        var list = [];
        ws();
        if (text[at] === "]") { at++; return list; }
        for (;;) {
          list.push(value());
          ws();
          var sep = text[at++];
          if (sep === "]") return list;
          if (sep !== ",") fail("',' or ']' expected");
        }
      }
      if (c === '"') return string();
      var words = [["true", true], ["false", false], ["null", null]];
      for (var i = 0; i < words.length; i++) {
        if (text.startsWith(words[i][0], at)) { at += words[i][0].length; return words[i][1]; }
      }
      var m = /^(?:-?Infinity|NaN|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)/.exec(text.slice(at, at + 400));
      if (!m || !m[0]) fail("unexpected " + JSON.stringify(c));
      at += m[0].length;
      return new Num(m[0]);
    }
    function string() {
      var start = at++;
      for (;;) {
        var c = text[at++];
        if (c === undefined) fail("unterminated string");
        if (c === "\\") { at++; continue; }
        if (c === '"') break;
        if (c < " ") fail("a control character in a string");
      }
      try {
        return JSON.parse(text.slice(start, at));
      } catch (e) {
        return fail("a bad escape in a string");
      }
    }
    var out = value();
    ws();
    if (at !== text.length) fail("extra data");
    return out;
  }

  function pyFloat(text) {
    if (/NaN|Infinity/.test(text)) return text;
    var x = Number(text);
    if (!isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    var parts = x.toExponential().split("e");
    var digits = parts[0].replace("-", "").replace(".", "");
    var exp = parseInt(parts[1], 10);
    var sign = x < 0 ? "-" : "";
    if (exp < -4 || exp >= 16) {
      var mant = digits[0] + (digits.length > 1 ? "." + digits.slice(1) : "");
      var e = Math.abs(exp);
      return sign + mant + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
    }
    if (exp < 0) return sign + "0." + "0".repeat(-exp - 1) + digits;
    var whole = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
    var frac = digits.slice(exp + 1);
    return sign + whole + "." + (frac || "0");
  }

  var ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

  function pyString(s) {
    return '"' + s.replace(/["\\\u0000-\u001f]/g, function (c) {
      return ESCAPES[c] || "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
    }) + '"';
  }

  function byCodePoint(a, b) {
    var x = Array.from(a), y = Array.from(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      var d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  // json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
  function canonical(v) {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    if (v instanceof Num) return v.isInt ? BigInt(v.text).toString() : pyFloat(v.text);
    if (typeof v === "string") return pyString(v);
    if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
    var keys = Array.from(v.keys()).sort(byCodePoint);
    return "{" + keys.map(function (k) { return pyString(k) + ":" + canonical(v.get(k)); }).join(",") + "}";
  }

  // -- the checks of tools/verify_export.py ---------------------------------------------
  function Missing(message) { this.message = message; }

  var KINDS = {
    int: function (v) { return v instanceof Num && v.isInt; },
    str: function (v) { return typeof v === "string"; },
    list: Array.isArray,
    dict: function (v) { return v instanceof Map; },
    null: function (v) { return v === null; },
    any: function (v) { return !(typeof v === "boolean"); },
  };

  // Python's names of the types, so that both verifiers word a problem alike
  function typeName(v) {
    if (v === null) return "NoneType";
    if (typeof v === "boolean") return "bool";
    if (v instanceof Num) return v.isInt ? "int" : "float";
    if (typeof v === "string") return "str";
    return Array.isArray(v) ? "list" : "dict";
  }

  function repr(s) {
    return "'" + s + "'";
  }

  function need(record, key, kinds, where) {
    if (!(record instanceof Map) || !record.has(key)) throw new Missing(where + ": no " + repr(key));
    var v = record.get(key);
    if (!kinds.split(" or ").some(function (k) { return KINDS[k](v); })) {
      var names = kinds === "any" ? "dict or list or str or int or float or null" : kinds;
      throw new Missing(where + ": " + repr(key) + " is " + typeName(v) + ", not " + names);
    }
    return v;
  }

  function intOf(v) { return BigInt(v.text); }

  var SPACE = 1n << 256n;

  function face(value, sides) {
    var limit = SPACE - (SPACE % sides);
    return value >= limit ? null : value % sides + 1n;
  }

  function rawDraw(seed, seq, n) {
    return big(hmac(seed, utf8.encode(seq + ":" + n)));
  }

  function verify(exportData) {
    var problems = [], counts = { entries: 0, draws: 0 };
    try {
      check(exportData, problems, counts);
    } catch (e) {
      if (!(e instanceof Missing)) throw e;
      problems.push("cannot be checked: " + e.message);
    }
    return { problems: problems, counts: counts };
  }

  function check(ex, problems, counts) {
    if (!(ex instanceof Map)) throw new Missing("the export is not a JSON object");
    var format = need(ex, "format", "str", "export");
    if (format !== "starpost-export/1") throw new Missing("export: format " + repr(format) + " is not starpost-export/1");
    var match = need(ex, "match", "int", "export");
    var commitment = need(ex, "seed_commitment", "str", "export");
    var seed = fromHex(need(ex, "seed", "str", "export"), "seed");
    var salts = need(ex, "salts", "list", "export");
    salts.forEach(function (s, i) { need(new Map([["salt", s]]), "salt", "str", "salts[" + i + "]"); });
    var entries = need(ex, "entries", "list", "export");
    var logHead = need(ex, "log_head", "str or null", "export");
    var givenDiceSeed = need(ex, "dice_seed", "str or null", "export");
    if (hex(sha256(seed)) !== commitment) problems.push("the seed does not match the commitment shown at the start");
    var diceSeed = sha256(concat([seed].concat(salts.map(function (s) { return sha256(utf8.encode(s)); }))));
    if (givenDiceSeed === null) {
      if (entries.length) problems.push("the export has entries but no dice seed");
    } else if (givenDiceSeed !== hex(diceSeed)) {
      problems.push("the dice seed is not the seed mixed with the players' salts");
    }
    var prev = commitment;
    entries.forEach(function (entry, index) {
      var where = "entry #" + (index + 1);
      var seqNum = need(entry, "seq", "int", where);
      var seq = intOf(seqNum);
      where = "entry " + seq;
      counts.entries++;
      if (seq !== BigInt(index + 1)) problems.push(where + ": expected seq " + (index + 1) + " (entries missing or out of order)");
      if (need(entry, "prev_hash", "str", where) !== prev) problems.push(where + ": does not chain to the entry before it");
      var dice = need(entry, "dice", "list", where);
      var payload = new Map([
        ["match", match],
        ["seq", seqNum],
        ["seat", need(entry, "seat", "int or null", where)],
        ["move", need(entry, "move", "any", where)],
        ["move_audience", need(entry, "move_audience", "list or null", where)],
        ["events", need(entry, "events", "list", where)],
        ["dice", dice],
        ["engine_version", need(entry, "engine_version", "str", where)],
        ["created_at", need(entry, "created_at", "str", where)],
        ["prev_hash", entry.get("prev_hash")],
        ["nonce", hex(hmac(diceSeed, utf8.encode("nonce:" + seq)))],
      ]);
      if (hex(sha256(utf8.encode(canonical(payload)))) !== need(entry, "hash", "str", where)) {
        problems.push(where + ": its hash does not match its content");
      }
      prev = entry.get("hash");
      checkDraws(diceSeed, seq, dice, problems, counts);
    });
    if (entries.length && logHead === null) problems.push("the export has entries but no log head");
    else if (entries.length && logHead !== prev) problems.push("the last entry is not the log head");
  }

  function checkDraws(diceSeed, seq, dice, problems, counts) {
    var expected = 0n;
    dice.forEach(function (draw, i) {
      var where = "entry " + seq + " draw #" + (i + 1);
      counts.draws++;
      var n = intOf(need(draw, "n", "int", where));
      var sides = intOf(need(draw, "sides", "int", where));
      var value = intOf(need(draw, "value", "int", where));
      if (sides < 1n || sides > SPACE) {
        problems.push(where + ": a die with " + sides + " sides cannot be rolled");
        return;
      }
      if (n < expected) {
        problems.push(where + ": draw " + n + " comes after draw " + (expected - 1n) + " (reused or out of order)");
        return;
      }
      if (value < 1n || value > sides) problems.push(where + ": shows " + value + ", not a face of a " + sides + "-sided die");
      for (var skipped = expected; skipped < n; skipped++) {
        if (face(rawDraw(diceSeed, seq, skipped), sides) !== null) {
          problems.push("entry " + seq + ": draw " + skipped + " was skipped although it was valid");
        }
      }
      var got = face(rawDraw(diceSeed, seq, n), sides);
      if (got !== value) {
        var purpose = draw.get("purpose");
        problems.push("entry " + seq + ": draw " + n + " (" + (typeof purpose === "string" ? purpose : "?") + ") shows " + value + ", the seed gives " + got);
      }
      expected = n + 1n;
    });
  }

  // -- the page --------------------------------------------------------------------------
  // The export's text checked: {problems, counts}; a file that is not JSON is a problem too.
  function checkText(text) {
    try {
      return verify(parse(text));
    } catch (e) {
      // not JSON, or nested deeper than the parser goes: it cannot be checked
      var why = e instanceof Missing ? e.message : "the file cannot be read: " + e;
      return { problems: ["cannot be checked: " + why], counts: { entries: 0, draws: 0 } };
    }
  }

  function show(root, text, source) {
    var out = root.querySelector("[data-verify-result]");
    var result = checkText(text);
    out.replaceChildren();
    var head = document.createElement("p");
    var ok = !result.problems.length;
    out.className = "verify-result " + (ok ? "is-ok" : "is-bad");
    out.dataset.verdict = ok ? "ok" : "fail";
    head.textContent = ok
      ? "OK: " + source + ": " + result.counts.entries + " entries chained to the log head, " +
        result.counts.draws + " dice rolls recomputed from the revealed seed. The dice were not chosen after the fact."
      : "FAIL: " + source + " does not check out (" + result.problems.length + " problem" + (result.problems.length === 1 ? "" : "s") + "):";
    out.appendChild(head);
    if (!ok) {
      var list = document.createElement("ul");
      result.problems.slice(0, 50).forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = p;
        list.appendChild(li);
      });
      out.appendChild(list);
    }
  }

  function setUp(root) {
    var button = root.querySelector("[data-verify-this]");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        button.disabled = true;
        fetch(button.dataset.verifyThis, { credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(function (r) { return r.text(); })
          .then(function (text) { show(root, text, "this match's export"); })
          .finally(function () { button.disabled = false; });
      });
    }
    var file = root.querySelector("[data-verify-file]");
    if (file) {
      file.addEventListener("change", function () {
        var chosen = file.files && file.files[0];
        if (!chosen) return;
        chosen.text().then(function (text) { show(root, text, chosen.name); });
      });
    }
  }

  window.starpostVerify = { check: checkText, canonical: function (text) { return canonical(parse(text)); } };
  document.querySelectorAll("[data-verifier]").forEach(setUp);
})();
