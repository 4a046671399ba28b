"""Steps per second of the Python binding: random games played from Python, each step one
legal_actions() call, a random pick (random.Random.choice) and one apply().

    PYTHONPATH=build/python /usr/bin/python3 examples/python/bench_steps.py [--players 3] [--seconds 5]
"""

import argparse
import random
import time

import pamir


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        game = pamir.Game(args.players, seed=rng.getrandbits(64))
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    print(f"{args.players} players: {steps} steps in {games} games, {elapsed:.2f} s: "
          f"{steps / elapsed:,.0f} steps/s ({games / elapsed:,.1f} games/s)")


if __name__ == "__main__":
    main()
