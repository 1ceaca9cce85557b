// The settings page: the account's language and time zone, how this account is told of its
// games (e-mail, webhook, which events, a digest), its vacations, and what this browser does (a
// sound, notifications) when a game starts waiting for you.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
import { prefs, savePrefs } from "./live.js";
import { t, lang, available, timeZone, dateTime } from "./i18n.js";

// The notification events, each with the key of its words.
const EVENTS = [
  ["turn", "settings.event_turn"],
  ["reminder", "settings.event_reminder"],
  ["start", "settings.event_start"],
  ["end", "settings.event_end"],
  ["invite", "settings.event_invite"],
  ["chat", "settings.event_chat"],
  ["vote", "settings.event_vote"],
  ["opponent", "settings.event_opponent"],
  ["nudge", "settings.event_nudge"],
  ["message", "settings.event_message"],
];

// How long turn notifications wait while the game is open (minutes after the last move).
const HOLDS = [0, 5, 10, 30, 60];

// A base64url text (the server's VAPID public key) as the bytes PushManager takes.
function base64urlBytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

function eventBoxes(prefix, chosen) {
  return EVENTS.map(([e, key]) => h("label.check", h("input", { type: "checkbox", id: `${prefix}-${e}`, value: e, checked: chosen.includes(e) }), ` ${t(key)}`));
}

function checked(root, prefix) {
  return EVENTS.map(([e]) => e).filter((e) => root.querySelector(`#${prefix}-${e}`).checked);
}

export function settingsPage(root, { onAuthError }) {
  const out = h("div.settings", h("p.quiet", t("community.loading")));
  clear(root).append(out);
  const fail = (e, where) => {
    if (e.status === 401) return onAuthError();
    where.textContent = api.errorText(e);
  };

  // The account's language and time zone; a server without them yet (404) leaves what this page
  // shows in now.
  const current = () => ({ language: lang(), time_zone: timeZone() });
  async function readLocale() {
    if (typeof api.locale !== "function") return current();
    try {
      const l = await api.locale();
      return { language: l?.language || lang(), time_zone: l?.time_zone || timeZone() };
    } catch (e) {
      if (e.status === 401) throw e;
      return current();
    }
  }

  async function load() {
    let n;
    let v;
    let l;
    try {
      [l, n, v] = await Promise.all([readLocale(), api.notifySettings(), api.vacation()]);
    } catch (e) {
      return fail(e, out);
    }
    clear(out).append(localeForm(l), notifyForm(n), vacationBox(v), browserBox());
  }

  function localeForm(l) {
    // Not a .note: the notifications' status line is the page's first .note.
    const msg = h("p.error#settings-locale-error", { role: "alert" });
    const languages = available();
    const language = h("select#settings-language", languages.map((x) =>
      h("option", { value: x.code, lang: x.code, selected: x.code === l.language }, x.name)));
    if (!languages.some((x) => x.code === l.language)) language.value = lang();
    const zones = [...(Intl.supportedValuesOf ? Intl.supportedValuesOf("timeZone") : [])];
    if (!zones.includes(l.time_zone)) zones.push(l.time_zone);
    zones.sort();
    const zone = h("select#settings-time-zone", zones.map((z) =>
      h("option", { value: z, selected: z === l.time_zone }, z.replace(/_/g, " "))));
    const save = h("button.primary#settings-locale-save", { type: "submit" }, t("community.save"));
    return h("form.panel#settings-locale", {
      onsubmit: async (e) => {
        e.preventDefault();
        msg.textContent = "";
        const body = { language: language.value, time_zone: zone.value };
        save.disabled = true;
        try {
          await api.setLocale(body);
          try {
            localStorage.setItem("loyang.lang", body.language);
            localStorage.setItem("loyang.tz", body.time_zone);
          } catch { /* no storage: the account's setting still holds */ }
          // Every text on the page is in the new language after a reload.
          location.reload();
        } catch (e2) {
          save.disabled = false;
          fail(e2, msg);
        }
      },
    },
    h("h2", t("settings.locale_title")),
    h("label", { for: "settings-language" }, t("settings.language")), language,
    h("label", { for: "settings-time-zone" }, t("settings.time_zone")), zone,
    save, msg);
  }

  function notifyForm(n) {
    const msg = h("p.note", { role: "status" });
    const email = h("input#notify-email", { type: "email", value: n.email || "", placeholder: t("settings.email_placeholder") });
    const digest = h("select#notify-digest",
      [[0, "settings.digest_each"], [60, "settings.digest_hour"], [1440, "settings.digest_day"], [10080, "settings.digest_week"]]
        .map(([m, key]) => h("option", { value: m, selected: n.digest_minutes === m }, t(key))));
    const holds = HOLDS.includes(n.hold_minutes ?? 10) ? HOLDS : [...HOLDS, n.hold_minutes].sort((a, b) => a - b);
    const hold = h("select#notify-hold", holds.map((m) => h("option", { value: m, selected: (n.hold_minutes ?? 10) === m },
      m === 0 ? t("settings.hold_never") : t("settings.hold_minutes", { n: m }))));
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
          hold_minutes: Number(hold.value),
          webhook: url.value.trim() ? { url: url.value.trim(), format: format.value } : null,
          webhook_events: checked(form, "hook"),
          push_events: checked(form, "push"),
        };
        try {
          const saved = await api.saveNotifySettings(body);
          msg.textContent = saved.email && !saved.email_verified ? t("settings.saved_confirm") : t("settings.saved");
          secret.textContent = saved.webhook ? saved.webhook.secret : "";
        } catch (e2) {
          fail(e2, msg);
        }
      },
    },
    h("h2", t("settings.notifications_title")),
    h("label", { for: "notify-email" }, t("settings.email")), email,
    h("p.quiet", n.email ? (n.email_verified ? t("settings.email_confirmed") : t("settings.email_not_confirmed")) : ""),
    h("fieldset", h("legend", t("settings.mail_me_when")), eventBoxes("email", n.email_events)),
    h("label", { for: "notify-digest" }, t("settings.how_often")), digest,
    h("label", { for: "notify-hold" }, t("settings.hold")), hold,
    h("label", { for: "notify-webhook" }, t("settings.webhook")), url,
    h("label", { for: "notify-format" }, t("settings.format")), format,
    h("fieldset", h("legend", t("settings.call_it_when")), eventBoxes("hook", n.webhook_events)),
    h("fieldset", h("legend", t("settings.push_me_when")), eventBoxes("push", n.push_events || [])));
    const secret = h("code#notify-secret", n.webhook ? n.webhook.secret : "");
    form.append(h("p.quiet", t("settings.signing_secret"), " ", secret),
      h("button.primary#notify-save", { type: "submit" }, t("community.save")), msg);
    return form;
  }

  function vacationBox(v) {
    const msg = h("p.note", { role: "status" });
    const days = h("input#vacation-days", { type: "number", min: 1, max: Math.max(1, v.left), value: Math.min(7, Math.max(1, v.left)) });
    const box = h("section.panel", h("h2", t("settings.vacation_title")),
      h("p", t("settings.vacation_intro", { left: v.left, total: v.days_per_year })));
    if (v.away) {
      box.append(h("p#vacation-state", t("settings.away_until", { when: dateTime(v.away.until * 1000) })),
        h("button#vacation-end", { type: "button", onclick: async () => {
          try { await api.endVacation(); load(); } catch (e) { fail(e, msg); }
        } }, t("settings.vacation_end")));
    } else {
      box.append(h("label", { for: "vacation-days" }, t("settings.vacation_days")), days,
        h("button#vacation-start", { type: "button", disabled: v.left < 1, onclick: async () => {
          try { await api.startVacation(Number(days.value)); load(); } catch (e) { fail(e, msg); }
        } }, t("settings.vacation_start")));
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
        state.textContent = on || Notification.permission !== "denied" ? "" : ` ${t("settings.notifications_blocked")}`;
        savePrefs({ ...prefs(), browser: on });
      },
    });
    return h("section.panel", h("h2", t("settings.browser_title")),
      h("p", t("settings.browser_intro")),
      h("label.check", sound, " ", t("settings.play_sound")),
      h("label.check", browser, " ", t("settings.show_notification"), state),
      pushToggle());
  }

  // Web Push: this device is told (by the service worker, web/sw.js) even with no page open.
  function pushToggle() {
    const state = h("span.quiet#push-state", { role: "status" });
    const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    const box = h("input#pref-push", { type: "checkbox", disabled: !supported });
    const subscription = async () => (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription();
    if (supported) subscription().then((s) => { box.checked = Boolean(s); }).catch(() => {});
    else state.textContent = ` ${t("settings.push_unsupported")}`;
    box.addEventListener("change", async () => {
      state.textContent = "";
      box.disabled = true;
      try {
        if (box.checked) {
          if ((await Notification.requestPermission()) !== "granted") throw new Error(t("settings.notifications_blocked"));
          const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
          await navigator.serviceWorker.ready;
          const { public_key: key } = await api.call("GET", "/api/notify/push", undefined, false);
          const s = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(key) });
          await api.call("POST", "/api/account/push", s.toJSON());
          state.textContent = ` ${t("settings.push_on")}`;
        } else {
          const s = await subscription();
          if (s) {
            await api.call("DELETE", "/api/account/push", { endpoint: s.endpoint }).catch((e) => {
              if (e.status !== 404) throw e;
            });
            await s.unsubscribe();
          }
          state.textContent = ` ${t("settings.push_off")}`;
        }
      } catch (e) {
        if (e.status === 401) return onAuthError();
        box.checked = !box.checked;
        state.textContent = ` ${e.status ? api.errorText(e) : t("settings.push_failed")}`;
      } finally {
        box.disabled = false;
      }
    });
    return h("label.check", box, " ", t("settings.push_device"), state);
  }

  load();
  return () => {};
}
