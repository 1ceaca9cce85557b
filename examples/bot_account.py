#!/usr/bin/env python3
"""A bot account for loyang-server: it plays every game it is invited to, over the WebSocket.

It signs up as a bot (`POST /api/accounts` with `"bot": true`; the account is shown as a bot
everywhere and stays one), or logs in if it exists, and then waits for invitations: it listens
on the WebSocket (`watch_lobby`) for the lobby's live notices and, at each one (and every few
seconds anyway), joins each open game that invites it and plays each running game it sits in,
one task per game, with random legal commands (random_client.py's `play`: put your own policy
there). It stops after `--games` games (never, by default).

    python3 examples/bot_account.py --url http://127.0.0.1:8080 --name my-bot --games 1

LOYANG_TRACE=FILE traces its WebSocket messages as random_client.py's does.

Needs only the standard library and `websockets` (Debian: python3-websockets).
"""

import argparse
import asyncio
import os
import random
import sys

import websockets

from random_client import api, play, say_hello


def sign_up_bot(base, name, password):
    """Creates the bot account unless it exists, then logs in. Returns the bearer token."""
    status, body = api(base, "POST", "/api/accounts", {"name": name, "password": password, "bot": True})
    if status != 201 and body.get("error", {}).get("code") != "name_taken":
        sys.exit(f"cannot create bot account {name}: {body}")
    status, body = api(base, "POST", "/api/sessions", {"name": name, "password": password})
    if status != 201:
        sys.exit(f"cannot log in as {name}: {body}")
    token = body["token"]
    status, profile = api(base, "GET", f"/api/players/{name}", token=token)
    if status != 200 or not profile.get("bot_account"):
        sys.exit(f"{name} is not a bot account (a person's account of that name exists?)")
    return token


async def serve(base, token, name, games_wanted, rng, verbose):
    """Joins the games that invite `name` and plays those it sits in; returns after
    `games_wanted` games ended (0: never)."""
    ws_url = "ws" + base[len("http"):] + "/ws"
    playing = {}  # game id -> its task
    ended = 0
    async with websockets.connect(ws_url, max_size=None) as lobby:
        send, receive = await say_hello(lobby, f"{os.getpid()} lobby", token)
        # games_changed (a game it sits in), open_games_changed (perhaps an invitation).
        await send({"type": "watch_lobby"})
        while True:
            status, open_games = await asyncio.to_thread(api, base, "GET", "/api/games?limit=200", None, token)
            for g in open_games.get("games", []) if status == 200 else []:
                seated = any(s.get("player") == name for s in g["seats"])
                if name in g.get("invited", []) and not seated:
                    status, answer = await asyncio.to_thread(api, base, "POST", f"/api/games/{g['id']}/join", {}, token)
                    # A refusal (a rated game of people: bot_unrated; the seat went) is not ours to fix.
                    print(f"invited to game {g['id']}: " + ("joined" if status == 200 else
                                                            f"not joined ({answer['error']['code']})"))
            status, mine = await asyncio.to_thread(api, base, "GET", "/api/my/games?limit=200", None, token)
            for g in mine.get("games", []) if status == 200 else []:
                if g["status"] == "active" and g["id"] not in playing:
                    playing[g["id"]] = asyncio.create_task(play(ws_url, token, g["id"], rng, verbose))
            for game, task in list(playing.items()):
                if task.done():
                    view = task.result()  # raises what went wrong
                    mine_rank = next(r["rank"] for r in view["game"]["ranking"] if r["player"] == view["seat"])
                    print(f"game {game} finished: ranked {mine_rank} of {len(view['game']['ranking'])}")
                    del playing[game]
                    ended += 1
            if games_wanted and ended >= games_wanted:
                return
            # Until the next notice (or 5 s); the ping keeps the connection alive.
            try:
                await asyncio.wait_for(receive(), timeout=5)
            except asyncio.TimeoutError:
                await send({"type": "ping"})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the server's base URL")
    parser.add_argument("--name", default="random-bot")
    parser.add_argument("--password", default="random-bot-password")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games (0: never)")
    parser.add_argument("--seed", type=int, help="seed of the random choices")
    parser.add_argument("--verbose", action="store_true", help="print every command sent")
    args = parser.parse_args()

    base = args.url.rstrip("/")
    token = sign_up_bot(base, args.name, args.password)
    print(f"{args.name}: a bot account, waiting for invitations", flush=True)
    asyncio.run(serve(base, token, args.name, args.games, random.Random(args.seed), args.verbose))
    return 0


if __name__ == "__main__":
    sys.exit(main())
