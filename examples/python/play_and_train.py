"""From Python: play a game, make training shards with self-play, train a small model on them.

1. Plays one game with the module: ISMCTS against the heuristic and random agents.
2. Runs `pamir selfplay` (the C++ self-play workers, a fresh net) to write training shards
   (docs/shards.md): one row per searched decision, with the search's visit shares as the
   policy target.
3. Trains a softmax regression over each row's legal actions on those shards with NumPy alone
   (the policy a linear model can learn from the encoder's features) and prints its loss
   falling.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/play_and_train.py --pamir build/pamir
"""

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

import pamir

REPO = pathlib.Path(__file__).resolve().parents[2]


def play_one_game(ismcts_iters):
    specs = [f"ismcts:iters={ismcts_iters}", "heuristic", "random"]
    agents = [pamir.agent(spec, seed=seat) for seat, spec in enumerate(specs)]
    game = pamir.Game(players=3, seed=7)
    decisions = 0
    while not game.is_over():
        seat = game.to_move()
        action = agents[seat].choose(game)
        if decisions < 5:
            print(f"  turn {game.turn}, seat {seat} ({specs[seat]}): {game.action_name(action)}")
        game.apply(action)
        decisions += 1
    print(f"  ... {decisions} decisions; final standing:")
    for line in game.describe_result().splitlines():
        print("   ", line)
    print(f"  returns {game.returns()}  ({', '.join(specs)})")


def self_play(pamir_binary, out, games):
    if out.exists():
        shutil.rmtree(out)  # selfplay resumes into an existing folder; start afresh
    command = [str(pamir_binary), "selfplay", "--config", str(REPO / "configs" / "tiny.cfg"), "--out", str(out),
               "--set", f"games_per_generation={games}", "--set", "games_per_shard=4",
               "--set", "full_fraction=1", "--set", "threads=0"]
    print("  $", " ".join(command))
    run = subprocess.run(command, capture_output=True, text=True)  # stderr: a progress bar, or the error
    if run.returncode != 0:
        sys.exit(f"error: pamir selfplay failed: {run.stderr.strip().splitlines()[-1:]}")
    for line in run.stdout.splitlines():
        print("  " + line)
    return sorted(out.glob("*.npz"))


def load_rows(shards):
    """Dense feature rows, and per row the legal actions and the policy target over them."""
    features, legal, policy = [], [], []
    for path in shards:
        z = np.load(path)
        width = int(z["format"][1])
        fb, lb = z["feature_begin"], z["legal_begin"]
        for r in range(len(z["num_players"])):
            row = np.zeros(width, np.float32)
            np.add.at(row, z["feature_index"][fb[r]:fb[r + 1]], z["feature_value"][fb[r]:fb[r + 1]])
            features.append(row)
            legal.append(z["legal_action"][lb[r]:lb[r + 1]].astype(np.int64))
            policy.append(z["policy"][lb[r]:lb[r + 1]])
    return np.stack(features), legal, policy


def train_policy(features, legal, policy, epochs, batch_size, learning_rate, seed):
    """Softmax regression: logits = x W + b over the legal actions only. To keep it small, W has
    a column only for the actions that occur in the rows and a row only for the features that
    are ever non-zero. Adam, mini-batches; returns the mean cross-entropy per epoch."""
    actions = np.unique(np.concatenate(legal))
    column = {a: i for i, a in enumerate(actions)}
    used = np.flatnonzero(np.abs(features).sum(axis=0) > 0)
    x = features[:, used]
    rows, width = x.shape
    target = np.zeros((rows, len(actions)), np.float32)
    allowed = np.zeros((rows, len(actions)), bool)
    for r in range(rows):
        cols = [column[a] for a in legal[r]]
        target[r, cols] = policy[r]
        allowed[r, cols] = True

    rng = np.random.default_rng(seed)
    params = [np.zeros((width, len(actions)), np.float32), np.zeros(len(actions), np.float32)]
    moments = [[np.zeros_like(p), np.zeros_like(p)] for p in params]
    step = 0
    losses = []
    for _ in range(epochs):
        order = rng.permutation(rows)
        total = 0.0
        for begin in range(0, rows, batch_size):
            batch = order[begin:begin + batch_size]
            logits = np.where(allowed[batch], x[batch] @ params[0] + params[1], -np.inf)
            logits -= logits.max(axis=1, keepdims=True)
            log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
            t = target[batch]
            total += -(t * np.where(allowed[batch], log_p, 0)).sum()
            grad_logits = (np.exp(log_p) - t) / len(batch)  # softmax - target; 0 off the legal actions
            grads = [x[batch].T @ grad_logits, grad_logits.sum(axis=0)]
            step += 1
            for p, g, m in zip(params, grads, moments):
                m[0] = 0.9 * m[0] + 0.1 * g
                m[1] = 0.999 * m[1] + 0.001 * g * g
                p -= learning_rate * (m[0] / (1 - 0.9**step)) / (np.sqrt(m[1] / (1 - 0.999**step)) + 1e-8)
        losses.append(total / rows)
    return losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pamir", default=str(REPO / "build" / "pamir"), help="the pamir binary")
    parser.add_argument("--work", default=None, help="folder for the shards (default: a new temporary one)")
    parser.add_argument("--small", action="store_true", help="small sizes (a test: seconds)")
    args = parser.parse_args()
    games, iters, epochs = (8, 30, 6) if args.small else (32, 300, 10)

    start = time.perf_counter()
    print("1. a game: ISMCTS vs heuristic vs random")
    play_one_game(iters)
    print(f"2. self-play: {games} games into shards")
    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="pamir-play-and-train-"))
    shards = self_play(args.pamir, work / "shards", games)
    features, legal, policy = load_rows(shards)
    print(f"  {len(shards)} shards, {len(legal)} rows of {features.shape[1]} features")
    print("3. softmax regression on the policy targets")
    # Untrained, the model is uniform over the legal actions: its loss is the mean log of their count.
    untrained = np.mean([np.log(len(a)) for a in legal])
    print(f"  untrained: cross-entropy {untrained:.4f}")
    losses = train_policy(features, legal, policy, epochs=epochs, batch_size=128, learning_rate=0.003, seed=1)
    for epoch, loss in enumerate(losses, 1):
        print(f"  epoch {epoch}: cross-entropy {loss:.4f}")
    print(f"done in {time.perf_counter() - start:.1f} s")
    if not losses[-1] < min(untrained, losses[0]):
        sys.exit(f"error: the loss did not fall ({untrained:.4f} untrained, {losses[-1]:.4f} at the end)")


if __name__ == "__main__":
    main()
