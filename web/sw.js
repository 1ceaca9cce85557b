// The service worker: shows the server's Web Push notifications (a turn, a vote, a message...)
// while no page of the game is open, and opens the game (or the conversation) they name when
// clicked. The server encrypts each message for this browser's subscription (RFC 8291); the
// browser decrypts it before it reaches here, as {title, body, url, tag, event}.
/* eslint-env serviceworker */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = { body: event.data ? event.data.text() : "" };
  }
  // A later turn of the same game replaces the one before it: only the latest matters.
  event.waitUntil(self.registration.showNotification(m.title || "Loyang", {
    body: m.body || "",
    tag: m.tag || undefined,
    renotify: Boolean(m.tag),
    icon: "/favicon.svg",
    data: { url: m.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin);
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    // A page of this server already open: it goes to the game there.
    for (const c of open) {
      if (new URL(c.url).origin === target.origin && "focus" in c) {
        await c.focus();
        if ("navigate" in c) await c.navigate(target.href);
        return;
      }
    }
    await self.clients.openWindow(target.href);
  })());
});
