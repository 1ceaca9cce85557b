// A loyang server for the browser benchmarks (perf.js, play-game.js): started on a free port with
// its own data directory, stopped (and the directory removed) by the caller.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";

export function freePort() {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// web: the web root served; serverPath: the loyang-server binary. Resolves once /healthz answers.
export async function startServer(web, serverPath) {
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "loyang-web-bench-"));
  const proc = spawn(serverPath, ["--port", String(port), "--address", "127.0.0.1", "--data", data, "--web", web,
    "--password-cost", "minimal", "--threads", "2"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, stop: () => { proc.kill("SIGTERM"); fs.rmSync(data, { recursive: true, force: true }); } };
}

// One JSON API call; answers the parsed body.
export async function api(port, method, p, body, token) {
  const r = await fetch(`http://127.0.0.1:${port}${p}`, {
    method, headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}

// A signed-in account: { token, account }.
export async function account(port, name) {
  await api(port, "POST", "/api/accounts", { name, password: "secret-password" });
  return api(port, "POST", "/api/sessions", { name, password: "secret-password" });
}

export const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
export const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
