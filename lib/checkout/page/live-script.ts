/**
 * The page's only script (inline, nonce'd, ~1.5 KB), written for the browsers of cheap phones
 * (ES2017, no framework). Everything it does, the page also does without it:
 * - counts down to `expiresAt` (<time id="countdown" data-expires>) and, at zero, refreshes;
 * - while the payment is on its way to the phone (<main data-poll>), asks
 *   /checkout/<token>/status every 2 s; when the stage changes it refreshes;
 * - "refresh" fetches the page again and swaps <main> in place, so the role=status live region
 *   (outside <main>) announces the new state to screen readers instead of a silent reload;
 * - on a final state with a redirect (<p id="redirect" data-href data-seconds>) it counts down
 *   and goes back to the merchant (a <noscript> meta refresh does this without JavaScript);
 * - "I did not get the prompt" (<section data-reveal-in="<seconds>" hidden>) appears at its time (the
 *   no-JS page refreshes every few seconds and the server shows it then);
 * - a redirect flow's operator link (<a id="operator">) is followed at once (the link works without it),
 *   except Wave's on a computer (data-qr, a wide screen with a mouse): the customer scans its QR code
 *   with the phone, and the page keeps polling;
 * - a form is sent once: a second tap while the first is on its way does nothing;
 * - while the customer has not picked a method, the number typed picks the method of its operator
 *   (radios' data-prefixes, the longest block wins; a block of an operator without a method here,
 *   data-other-prefixes on the field, picks none). A radio the customer picks is never changed.
 *   Without it the server does the same on submit.
 * It reads only data attributes we rendered; it never builds markup from the response.
 */
export const LIVE_SCRIPT = `
(function () {
  var d = document, timers = [], refreshing = false;
  var pad = function (n) { return (n < 10 ? "0" : "") + n; };
  var clock = function (s) {
    s = Math.max(0, s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (h > 0 ? h + ":" + pad(m) : pad(m)) + ":" + pad(s % 60);
  };
  function stop() { timers.forEach(clearTimeout); timers = []; }
  function later(fn, ms) { timers.push(setTimeout(fn, ms)); }

  function refresh() {
    if (refreshing) return;
    refreshing = true;
    stop();
    fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then(function (res) { return res.text(); })
      .then(function (text) {
        // Parsed inside a <template>: inert (no style applied, no script run, nothing checked
        // against the page's CSP) until <main> is moved into the page.
        var template = d.createElement("template");
        template.innerHTML = text;
        var next = template.content;
        var main = next.getElementById("main");
        if (!main) throw new Error("no main");
        var brand = next.getElementById("brand");
        if (brand) d.getElementById("brand").textContent = brand.textContent;
        d.getElementById("main").replaceWith(d.importNode(main, true));
        d.title = next.querySelector("title").textContent;
        d.getElementById("live").textContent = next.getElementById("live").textContent;
        refreshing = false;
        start();
      })
      .catch(function () { location.replace(location.pathname); });
  }

  function start() {
    var main = d.getElementById("main");
    var time = d.getElementById("countdown");
    if (time) {
      var end = Date.parse(time.getAttribute("data-expires"));
      var tick = function () {
        var left = Math.ceil((end - Date.now()) / 1000);
        time.textContent = clock(left);
        time.setAttribute("datetime", "PT" + Math.max(0, left) + "S");
        if (left <= 0) refresh(); else later(tick, 1000);
      };
      tick();
    }
    if (main.hasAttribute("data-poll")) {
      var stage = main.getAttribute("data-stage");
      var check = function () {
        fetch(location.pathname + "/status", { cache: "no-store", credentials: "same-origin" })
          .then(function (res) { return res.ok ? res.json() : null; })
          .then(function (body) { if (body && (body.stage !== stage || (body.operatorUrl && !d.getElementById("operator")))) refresh(); else later(check, 2000); })
          .catch(function () { later(check, 2000); });
      };
      later(check, 1500);
    }
    // Relative to the render (seconds), so a phone's wrong clock does not matter.
    var stuck = d.querySelector("[data-reveal-in]");
    if (stuck && stuck.hidden) later(function () { stuck.hidden = false; }, 1000 * Number(stuck.getAttribute("data-reveal-in")));
    var operator = d.getElementById("operator");
    var desktop = window.matchMedia && matchMedia("(min-width: 48rem) and (pointer: fine)").matches;
    if (operator && !(operator.hasAttribute("data-qr") && desktop)) { location.assign(operator.getAttribute("href")); return; }
    var redirect = d.getElementById("redirect");
    if (redirect) {
      var href = redirect.getAttribute("data-href");
      var go = Date.now() + 1000 * Number(redirect.getAttribute("data-seconds"));
      var seconds = d.getElementById("redirect-seconds");
      var count = function () {
        var left = Math.max(0, Math.ceil((go - Date.now()) / 1000));
        seconds.textContent = String(left);
        if (left === 0) location.assign(href); else later(count, 250);
      };
      count();
    }
  }

  d.addEventListener("input", function (event) {
    var field = event.target;
    if (field.id !== "phone" || !field.form) return;
    var picked = field.form.querySelector("input[name=provider]:checked");
    if (picked && !picked.hasAttribute("data-auto")) return;
    var cc = d.getElementById("phone-prefix").textContent.replace("+", "");
    var n = field.value.replace(/[^0-9+]/g, "");
    n = n.charAt(0) === "+" ? n.slice(1) : n.slice(0, 2) === "00" ? n.slice(2) : cc + n;
    // A number dialled at home with its trunk prefix ("0712…" in Kenya): drop the trunk.
    var trunk = field.getAttribute("data-trunk") || "", nsn = Number(field.getAttribute("data-nsn-length"));
    if (trunk && n.indexOf(cc + trunk) === 0 && n.length === cc.length + trunk.length + nsn) n = cc + n.slice(cc.length + trunk.length);
    var best = null, len = 0;
    var consider = function (el, list) {
      (list || "").split(" ").forEach(function (p) {
        if (p && p.length > len && n.indexOf(cc + p) === 0) { best = el; len = p.length; }
      });
    };
    consider(null, field.getAttribute("data-other-prefixes"));
    Array.prototype.forEach.call(field.form.querySelectorAll("input[data-prefixes]"), function (r) { consider(r, r.getAttribute("data-prefixes")); });
    if (picked && picked !== best) { picked.checked = false; picked.removeAttribute("data-auto"); }
    if (best && best !== picked) { best.checked = true; best.setAttribute("data-auto", "1"); }
  });
  d.addEventListener("change", function (event) {
    var r = event.target;
    if (r.name === "provider") Array.prototype.forEach.call(d.querySelectorAll("[data-auto]"), function (a) { a.removeAttribute("data-auto"); });
  });
  d.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.getAttribute("data-sent")) { event.preventDefault(); return; }
    form.setAttribute("data-sent", "1");
    var button = form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-disabled", "true");
  });
  // Back/forward cache: a page shown again must accept its forms again and restart its timers.
  addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    Array.prototype.forEach.call(d.querySelectorAll("form[data-sent]"), function (f) {
      f.removeAttribute("data-sent");
      var b = f.querySelector("[aria-disabled]");
      if (b) b.removeAttribute("aria-disabled");
    });
    stop();
    start();
  });
  start();
})();
`.trim();
