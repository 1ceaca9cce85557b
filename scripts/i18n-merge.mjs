// Merges the part catalogs web/i18n/parts/<area>.<code>.json into web/i18n/<code>.json
// (keys sorted), so that several people can add keys at once without editing one file.
//   node scripts/i18n-merge.mjs
import fs from "node:fs";
import path from "node:path";

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "web", "i18n");
const parts = path.join(dir, "parts");
const languages = JSON.parse(fs.readFileSync(path.join(dir, "languages.json"), "utf8"));
for (const { code } of languages) {
  const file = path.join(dir, `${code}.json`);
  const merged = {};
  const files = fs.existsSync(parts) ? fs.readdirSync(parts).filter((f) => f.endsWith(`.${code}.json`)).sort() : [];
  if (!files.length && fs.existsSync(file)) continue;
  for (const f of files) {
    const part = JSON.parse(fs.readFileSync(path.join(parts, f), "utf8"));
    for (const [k, v] of Object.entries(part)) {
      if (k in merged && merged[k] !== v) throw new Error(`${f}: ${k} is in two parts with different messages`);
      merged[k] = v;
    }
  }
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((k) => [k, merged[k]]));
  fs.writeFileSync(file, JSON.stringify(sorted, null, 1) + "\n");
  console.log(`${code}: ${Object.keys(sorted).length} keys from ${files.length} parts`);
}
