// @loyang/client: the protocol's generated types, the WebSocket client, the HTTP helpers and
// the JSON Patch applier, in one import.
export * from "./protocol.js";
export * from "./client.js";
export * from "./http.js";
export { applyPatch, jsonEqual, parsePointer, PatchError, type Operation } from "./patch.js";
