#!/usr/bin/env python3
"""A person plays a game against an outside bot account over a real server.

    bot_account_test.py --url URL --examples DIR

Starts examples/bot_account.py (it signs up as a bot account and waits for invitations);
signs up a person, who invites the bot to a 2-player game and plays it with random legal
commands over the WebSocket while the bot, in its own process, plays its seat. Checks that the
bot account is shown as one (its profile, the game's seats, the leaderboard's rows carry
`bot_account`), that the game was not rated, and what a bot account may not do: sit at a rated
game with people (`403 bot_unrated`), enter a tournament or play the daily challenge
(`403 bot_account`). Prints "bot account game finished" and exits 0 when all holds.
"""
import argparse
import asyncio
import os
import random
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--examples", required=True)
    args = parser.parse_args()
    sys.path.insert(0, args.examples)
    from random_client import api, log_in, play  # noqa: E402 (the example's own client code)

    base = args.url.rstrip("/")
    bot = subprocess.Popen([sys.executable, os.path.join(args.examples, "bot_account.py"), "--url", base,
                            "--name", "robo", "--games", "1", "--seed", "4"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # The bot has signed up once its profile says so.
        for _ in range(300):
            status, profile = api(base, "GET", "/api/players/robo")
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200 and profile["bot_account"] is True, profile

        ann = log_in(base, "ann", "ann-password")
        status, ann_profile = api(base, "GET", "/api/players/ann", token=ann)
        assert ann_profile["bot_account"] is False, ann_profile

        # What a bot account may not do (another one, through the API).
        status, made = api(base, "POST", "/api/accounts", {"name": "robo2", "password": "robo2-password", "bot": True})
        assert status == 201 and made["bot_account"] is True, made
        status, body = api(base, "POST", "/api/sessions", {"name": "robo2", "password": "robo2-password"})
        robo2 = body["token"]
        status, rated = api(base, "POST", "/api/games", {"players": 2, "rated": True}, ann)
        assert status == 201, rated
        status, refused = api(base, "POST", f"/api/games/{rated['id']}/join", {}, robo2)
        assert status == 403 and refused["error"]["code"] == "bot_unrated", refused
        status, refused = api(base, "POST", "/api/daily", {}, robo2)
        assert status == 403 and refused["error"]["code"] == "bot_account", refused
        status, cup = api(base, "POST", "/api/tournaments",
                          {"name": "People's cup", "format": "swiss", "rounds": 1,
                           "time_control": {"type": "per_move", "seconds": 86400}}, ann)
        assert status == 201, cup
        status, refused = api(base, "POST", f"/api/tournaments/{cup['id']}/join", {}, robo2)
        assert status == 403 and refused["error"]["code"] == "bot_account", refused
        status, body = api(base, "POST", "/api/accounts", {"name": "robo3", "password": "robo3-password", "bot": 1})
        assert status == 400 and body["error"]["code"] == "bad_request", body

        # Ann invites the bot; it joins by itself and the game starts.
        status, game = api(base, "POST", "/api/games", {"players": 2, "invite": ["robo"]}, ann)
        assert status == 201, game
        for _ in range(300):
            status, summary = api(base, "GET", f"/api/games/{game['id']}", token=ann)
            if summary["status"] == "active":
                break
            time.sleep(0.1)
        assert summary["status"] == "active", summary
        seats = {s["player"]: s for s in summary["seats"]}
        assert seats["robo"]["bot_account"] is True and seats["robo"]["bot"] is False, seats
        assert seats["ann"]["bot_account"] is False, seats
        assert summary["rated"] is False, summary

        ws_url = "ws" + base[len("http"):] + "/ws"
        view = asyncio.run(play(ws_url, ann, game["id"], random.Random(9), False))
        assert view["game"]["phase"] == "finished", view["game"]["phase"]
        output, _ = bot.communicate(timeout=60)
        print("bot: " + output.replace("\n", "\nbot: "))
        assert bot.returncode == 0, f"the bot exited with {bot.returncode}"
        assert f"game {game['id']} finished" in output, output
        status, board = api(base, "GET", "/api/leaderboard")
        assert all("bot_account" in row for row in board["players"]), board
        print(f"bot account game finished: game {game['id']}")
        return 0
    finally:
        if bot.poll() is None:
            bot.kill()
            print("bot: " + (bot.communicate()[0] or "").replace("\n", "\nbot: "))


if __name__ == "__main__":
    sys.exit(main())
