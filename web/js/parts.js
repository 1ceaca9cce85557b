// Parts of a page drawn again only when what they are drawn from changed. A redraw of a
// 4-player table builds some 4,000 elements and morph.js compares each with the page; most of
// them (the other players' boards while one of them moves, the Path, the Courtyard) show the
// same thing as before. For such a part `part()` gives a placeholder (same tag and data-key,
// with `keep` set to the function that builds it) which morph.js leaves as the page has it; if
// the page has no such element, morph builds it then.
import { h } from "./dom.js";

export class Parts {
  constructor() {
    this.last = new Map(); // data-key → the inputs the part was last drawn from
    this.placeholders = []; // made since the last settle()
  }

  // Forgets every part (the page is drawn from scratch: nothing is there to keep).
  reset() {
    this.last.clear();
    this.placeholders = [];
  }

  // After the morph: a placeholder that went into the page inside a new element (which had no
  // live twin to keep) is replaced by its part, built now.
  settle() {
    for (const el of this.placeholders) if (el.isConnected) el.replaceWith(el.keep());
    this.placeholders = [];
  }

  // tag: the part's tag (as make() builds it); key: its data-key, unique on the page;
  // inputs: what it is drawn from, compared one by one with ===; make(): builds it.
  part(tag, key, inputs, make) {
    const prev = this.last.get(key);
    this.last.set(key, inputs);
    if (prev && prev.length === inputs.length && prev.every((x, i) => x === inputs[i])) {
      const el = h(tag, { "data-key": key });
      el.keep = make;
      this.placeholders.push(el);
      return el;
    }
    return make();
  }
}
