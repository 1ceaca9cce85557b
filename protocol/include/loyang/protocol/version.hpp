#pragma once
/// The version of the client protocol (WebSocket messages, HTTP bodies, views, events, patches'
/// targets), as docs/protocol.md, "Versions and compatibility", defines it: a whole number that
/// changes only with a change that can break a client written for the one before.

namespace loyang::protocol {

/// The version this server speaks, sent in every `welcome` and in the documents served at
/// /api/openapi.json and /api/asyncapi.json (`info.version`).
inline constexpr int protocol_version = 1;

/// The oldest version a client may ask for in its `hello`; a server keeps speaking the previous
/// version for at least six months after a new one (docs/protocol.md).
inline constexpr int oldest_protocol_version = 1;

}  // namespace loyang::protocol
