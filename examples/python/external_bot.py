#!/usr/bin/python3
"""An outside agent for pamir (docs/engine-protocol.md, "Outside agents").

Enter it in a tournament:

    build/pamir tournament --players 2 --games 20 --threads 2 --out runs/bot \\
        --agents "external:/usr/bin/python3 examples/python/external_bot.py;random"

It reads `position <message>` and `go` on standard input and answers `action <id>`. By default
it plays a uniformly random legal action and needs only the standard library. With
`--search SPEC` it loads the message's world into the pamir Python module (build/python on
PYTHONPATH) and asks that agent, e.g. `--search ismcts:iters=200`.
"""
import argparse
import json
import random
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--search", help="a pamir agent spec to search with (needs the pamir module)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    agent = None
    if args.search:
        import pamir  # the module is needed only to search

        agent = pamir.agent(args.search, seed=args.seed)
    message = None
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "position":
            message = json.loads(rest)
            print("ok", flush=True)
        elif command == "go":
            if message is None:
                print("error: go before position", flush=True)
            elif agent is not None:
                world = pamir.Game.from_json(json.dumps(message["world"]))
                print(f"action {agent.choose(world)}\nok", flush=True)
            else:
                action_id, _name = rng.choice(message["legal"])
                print(f"action {action_id}\nok", flush=True)
        elif command == "quit":
            print("ok", flush=True)
            return
        else:
            print(f"error: unknown command '{command}'", flush=True)


if __name__ == "__main__":
    main()
