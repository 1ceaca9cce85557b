// The settings page: how this account is told of its games (e-mail, webhook, which events, a
// digest), its vacations, and what this browser does (a sound, notifications) when a game
// starts waiting for you.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
import { prefs, savePrefs } from "./live.js";

const EVENTS = [
  ["turn", "It is my turn"],
  ["reminder", "My time is running out"],
  ["start", "A game starts"],
  ["end", "A game ends"],
  ["invite", "I am invited"],
  ["chat", "Someone chats in my game while I am away (one an hour per game) or mentions me (@name)"],
];

function eventBoxes(prefix, chosen) {
  return EVENTS.map(([e, label]) => h("label.check", h("input", { type: "checkbox", id: `${prefix}-${e}`, value: e, checked: chosen.includes(e) }), ` ${label}`));
}

function checked(root, prefix) {
  return EVENTS.map(([e]) => e).filter((e) => root.querySelector(`#${prefix}-${e}`).checked);
}

export function settingsPage(root, { onAuthError }) {
  const out = h("div.settings", h("p.quiet", "Loading…"));
  clear(root).append(out);
  const fail = (e, where) => {
    if (e.status === 401) return onAuthError();
    where.textContent = e.message;
  };

  async function load() {
    let n;
    let v;
    try {
      [n, v] = await Promise.all([api.notifySettings(), api.vacation()]);
    } catch (e) {
      return fail(e, out);
    }
    clear(out).append(notifyForm(n), vacationBox(v), browserBox());
  }

  function notifyForm(n) {
    const msg = h("p.note", { role: "status" });
    const email = h("input#notify-email", { type: "email", value: n.email || "", placeholder: "you@example.org" });
    const digest = h("select#notify-digest",
      [[0, "A mail each time"], [60, "At most one an hour"], [1440, "At most one a day"], [10080, "At most one a week"]]
        .map(([m, label]) => h("option", { value: m, selected: n.digest_minutes === m }, label)));
    const url = h("input#notify-webhook", { type: "url", value: n.webhook?.url || "", placeholder: "https://discord.com/api/webhooks/…" });
    const format = h("select#notify-format", ["json", "discord", "slack"].map((f) => h("option", { value: f, selected: (n.webhook?.format || "json") === f }, f)));
    const form = h("form.panel", {
      onsubmit: async (e) => {
        e.preventDefault();
        msg.textContent = "";
        const body = {
          email: email.value.trim() || null,
          email_events: checked(form, "email"),
          digest_minutes: Number(digest.value),
          webhook: url.value.trim() ? { url: url.value.trim(), format: format.value } : null,
          webhook_events: checked(form, "hook"),
        };
        try {
          const saved = await api.saveNotifySettings(body);
          msg.textContent = saved.email && !saved.email_verified
            ? "Saved. Open the link in the mail we sent to confirm your address."
            : "Saved.";
          secret.textContent = saved.webhook ? saved.webhook.secret : "";
        } catch (e2) {
          fail(e2, msg);
        }
      },
    },
    h("h2", "Notifications"),
    h("label", { for: "notify-email" }, "E-mail"), email,
    h("p.quiet", n.email ? (n.email_verified ? "Confirmed." : "Not confirmed yet: open the link in the mail we sent.") : ""),
    h("fieldset", h("legend", "Mail me when"), eventBoxes("email", n.email_events)),
    h("label", { for: "notify-digest" }, "How often"), digest,
    h("label", { for: "notify-webhook" }, "Webhook (Discord, Slack or your own)"), url,
    h("label", { for: "notify-format" }, "Format"), format,
    h("fieldset", h("legend", "Call it when"), eventBoxes("hook", n.webhook_events)));
    const secret = h("code#notify-secret", n.webhook ? n.webhook.secret : "");
    form.append(h("p.quiet", "Signing secret (X-Loyang-Signature): ", secret),
      h("button.primary#notify-save", { type: "submit" }, "Save"), msg);
    return form;
  }

  function vacationBox(v) {
    const msg = h("p.note", { role: "status" });
    const days = h("input#vacation-days", { type: "number", min: 1, max: Math.max(1, v.left), value: Math.min(7, Math.max(1, v.left)) });
    const box = h("section.panel", h("h2", "Vacation"),
      h("p", `Your clocks stand while you are away. ${v.left} of ${v.days_per_year} days left this year.`));
    if (v.away) {
      box.append(h("p#vacation-state", `Away until ${new Date(v.away.until * 1000).toLocaleString()}.`),
        h("button#vacation-end", { type: "button", onclick: async () => {
          try { await api.endVacation(); load(); } catch (e) { fail(e, msg); }
        } }, "I am back"));
    } else {
      box.append(h("label", { for: "vacation-days" }, "Days"), days,
        h("button#vacation-start", { type: "button", disabled: v.left < 1, onclick: async () => {
          try { await api.startVacation(Number(days.value)); load(); } catch (e) { fail(e, msg); }
        } }, "Go on vacation"));
    }
    box.append(msg);
    return box;
  }

  function browserBox() {
    const p = prefs();
    const sound = h("input#pref-sound", { type: "checkbox", checked: p.sound, onchange: () => savePrefs({ ...prefs(), sound: sound.checked }) });
    const state = h("span.quiet");
    const supported = "Notification" in window;
    const browser = h("input#pref-browser", {
      type: "checkbox",
      checked: p.browser && supported && Notification.permission === "granted",
      disabled: !supported,
      onchange: async () => {
        let on = browser.checked;
        if (on && Notification.permission !== "granted") on = (await Notification.requestPermission()) === "granted";
        browser.checked = on;
        state.textContent = on || Notification.permission !== "denied" ? "" : " (blocked in this browser's settings)";
        savePrefs({ ...prefs(), browser: on });
      },
    });
    return h("section.panel", h("h2", "This browser"),
      h("p", "The tab's title and icon show how many games wait for you."),
      h("label.check", sound, " Play a sound when a game starts waiting for me"),
      h("label.check", browser, " Show a notification when the tab is in the background", state));
  }

  load();
  return () => {};
}
