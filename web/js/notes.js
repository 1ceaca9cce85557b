// A player's private notes on one game (GET/PUT /api/games/ID/notes): nobody else reads them.
// Saved a moment after typing stops, when the box loses focus, with the Save button, and when
// the page is left; the status line says whether what is shown is stored. They are read when the
// panel is first opened; a game this browser knows to have notes opens the panel at once.
import * as community from "./community-api.js";
import { h } from "./dom.js";
import { t, dateTime, time } from "./i18n.js";
import { errorText } from "./api.js";

const MAX_CHARS = 5000;
const MAX_LINES = 200;
const DEBOUNCE = 1500; // milliseconds after the last key
const HAS_NOTES = (game) => `loyang.notes.${game}`; // localStorage: "1" where notes were read or saved

function remember(game, text) {
  try {
    if (text) localStorage.setItem(HAS_NOTES(game), "1");
    else localStorage.removeItem(HAS_NOTES(game));
  } catch { /* no storage: the panel opens on request only */ }
}

export class NotesPanel {
  constructor(gameId) {
    this.gameId = gameId;
    this.saved = null; // the text the server has (null: not loaded yet)
    this.timer = null;
    this.saving = null; // the promise of the save under way
    this.input = h("textarea#notes-input", { rows: "4", disabled: true, "aria-describedby": "notes-status",
      placeholder: t("notes.placeholder") });
    this.input.addEventListener("input", () => this.changed());
    this.input.addEventListener("blur", () => this.save());
    this.status = h("span.notes-status#notes-status", { role: "status" }, "");
    this.button = h("button#notes-save", { type: "button", disabled: true, onclick: () => this.save() }, t("community.save"));
    this.el = h("details.notes#notes", h("summary", t("notes.my_notes"), " ", h("span.quiet", t("notes.private"))),
      h("label", { for: "notes-input" }, t("notes.label")),
      this.input,
      h("div.notes-foot", this.status, this.button));
    this.loading = null;
    this.el.addEventListener("toggle", () => { if (this.el.open) this.load(); });
    let known = false;
    try { known = localStorage.getItem(HAS_NOTES(gameId)) === "1"; } catch { /* no storage */ }
    if (known) {
      this.el.open = true;
      this.load();
    }
  }

  load() {
    this.loading ??= this.read();
    return this.loading;
  }

  async read() {
    this.setStatus(t("community.loading"));
    try {
      const r = await community.notes(this.gameId);
      this.saved = r.text || "";
      remember(this.gameId, this.saved);
      if (!this.input.value) this.input.value = this.saved;
      this.input.disabled = false;
      if (this.saved) this.el.open = true;
      this.setStatus(r.updated_at ? t("notes.saved_on", { when: dateTime(r.updated_at * 1000) }) : t("notes.nothing_yet"));
    } catch (e) {
      this.setStatus(t("notes.load_failed", { error: errorText(e) }), true);
      this.loading = null; // opening the panel again tries again
    }
  }

  setStatus(text, bad = false) {
    this.status.textContent = text;
    this.status.classList.toggle("bad", bad);
  }

  tooLong() {
    const t = this.input.value;
    return [...t].length > MAX_CHARS || t.split("\n").length > MAX_LINES;
  }

  changed() {
    const dirty = this.saved !== null && this.input.value !== this.saved;
    this.button.disabled = !dirty;
    clearTimeout(this.timer);
    if (!dirty) { this.setStatus(t("notes.saved")); return; }
    if (this.tooLong()) { this.setStatus(t("notes.too_long", { chars: String(MAX_CHARS), lines: MAX_LINES }), true); return; }
    this.setStatus(t("notes.not_saved_yet"));
    this.timer = setTimeout(() => this.save(), DEBOUNCE);
  }

  // Stores what the box holds, unless it is stored already (one save at a time).
  async save() {
    clearTimeout(this.timer);
    if (this.saving) await this.saving;
    const text = this.input.value;
    if (this.saved === null || text === this.saved || this.tooLong()) return;
    this.setStatus(t("notes.saving"));
    this.saving = community.saveNotes(this.gameId, text).then(() => {
      this.saved = text;
      remember(this.gameId, text);
      if (this.input.value === text) {
        this.button.disabled = true;
        this.setStatus(t("notes.saved_at", { time: time(Date.now(), { timeStyle: "medium" }) }));
      }
    }, (e) => {
      this.setStatus(t("notes.not_saved", { error: errorText(e) }), true);
    });
    await this.saving;
    this.saving = null;
  }

  // The page is left: what was typed since the last save is kept.
  destroy() {
    if (this.saved !== null && this.input.value !== this.saved) this.save();
  }
}
