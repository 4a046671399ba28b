#!/usr/bin/env python3
"""What a generation's training rows can teach, before any net is trained on them.

  scripts/shard_stats.py RUN_DIR [--generation G]

For each generation's shards (docs/shards.md), prints:
  - rows, games and rows per game (rows of one game share its result: the more of them, the
    easier a net memorizes games instead of positions);
  - the mean entropy of the policy targets, in nats: the lowest policy loss any net can reach
    on these rows (its training policy loss minus this is what is left to learn), and the
    loss of the uniform prior over the legal actions (what a net that learned nothing gets);
  - held-out log-losses of simple value models for the player to move, fitted on the rows of
    the even shards and measured on the odd ones (a shard holds whole games): a constant, and a logistic fit on the victory-point
    lead and the lead x turn. A net whose held-out value loss is above the logistic fit's has
    not learned what two of its inputs plainly carry.

Needs NumPy (Debian: python3-numpy); run it with /usr/bin/python3.
"""
import argparse
import glob
import os
import sys

import numpy as np

# docs/encoding.md: the players block starts at 3975, 28 entries per seat offset; entry 2 is
# victory points x 1/10. The global block starts at 4115; entry 26 is the turn x 1/50.
PLAYERS, PLAYER_STRIDE, VP = 3975, 28, 2
GLOBAL_TURN = 4115 + 26


def load_generation(paths):
    rows = {"vp0": [], "vp1": [], "turn": [], "value": [], "shard": [], "entropy": [], "uniform": []}
    games = 0
    for number, path in enumerate(paths):
        z = np.load(path)
        fb, fi, fv = z["feature_begin"], z["feature_index"], z["feature_value"]
        lb, pol = z["legal_begin"], z["policy"]
        n = len(z["num_players"])
        games += len(z["games"])
        value = z["value"][:, 0]  # the target of the player to move
        for r in range(n):
            idx = fi[fb[r]:fb[r + 1]]
            val = fv[fb[r]:fb[r + 1]]
            dense = {}
            for i, v in zip(idx, val):
                dense[i] = dense.get(i, 0.0) + v
            rows["vp0"].append(dense.get(PLAYERS + VP, 0.0) * 10)
            rows["vp1"].append(dense.get(PLAYERS + PLAYER_STRIDE + VP, 0.0) * 10)
            rows["turn"].append(dense.get(GLOBAL_TURN, 0.0) * 50)
            rows["value"].append(value[r])
            p = pol[lb[r]:lb[r + 1]]
            rows["uniform"].append(float(np.log(len(p))))
            p = p[p > 0]
            rows["entropy"].append(float(-(p * np.log(p)).sum()))
        rows["shard"].extend([number] * n)  # a shard holds whole games: split by shard
    return {k: np.asarray(v, np.float64) for k, v in rows.items()}, games


def log_loss(p, y):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def logistic_fit(x, y, steps=500, lr=0.5):
    x = np.column_stack([np.ones(len(x)), x])
    mu, sd = x[:, 1:].mean(0), x[:, 1:].std(0) + 1e-9
    x[:, 1:] = (x[:, 1:] - mu) / sd
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        w -= lr * x.T @ (p - y) / len(y)
    return lambda z: 1 / (1 + np.exp(-(np.column_stack([np.ones(len(z)), (z - mu) / sd]) @ w)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("--generation", type=int, help="only this generation")
    a = ap.parse_args()
    shards = sorted(glob.glob(os.path.join(a.run_dir, "shards", "gen*.npz")))
    if not shards:
        sys.exit(f"error: no shards in {a.run_dir}/shards")
    by_gen = {}
    for s in shards:
        by_gen.setdefault(int(os.path.basename(s)[3:6]), []).append(s)
    print("gen   rows  games  rows/game  policy: entropy uniform  value: const  logistic(lead, lead x turn)")
    for g in sorted(by_gen):
        if a.generation is not None and g != a.generation:
            continue
        d, games = load_generation(by_gen[g])
        lead = d["vp0"] - d["vp1"]
        x = np.column_stack([lead, lead * d["turn"]])
        y = d["value"]
        train, test = d["shard"] % 2 == 0, d["shard"] % 2 == 1
        const = log_loss(np.full(test.sum(), y[train].mean()), y[test])
        fit = logistic_fit(x[train], y[train])
        print(f"{g:3d} {len(y):7d} {games:6d} {len(y) / games:9.1f} {d['entropy'].mean():15.3f}"
              f" {d['uniform'].mean():7.3f}"
              f"  {const:12.3f}  {log_loss(fit(x[test]), y[test]):10.3f}")


if __name__ == "__main__":
    main()
