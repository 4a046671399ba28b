"""The PyTorch round trip: pamir's self-play shards, a net trained in PyTorch, pamir's weight
file, and that net searching in a pamir tournament against `best`.

1. `pamir selfplay` writes training shards (docs/shards.md).
2. PamirNet is the network of nets/weights.h in torch.nn (an input layer, residual blocks, a
   policy and a value head), trained with the loss of nets/trainer.h: cross-entropy of the
   policy over the legal actions and of the value over the game's seats.
3. export() lays its parameters out as pamir.weight_layout() says and pamir.save_weights()
   writes the file.
4. The file is checked: the priors pamir's search reads from it (pamir.analyze) are the
   priors PyTorch computes, on positions of a game.
5. pamir.tournament() seats ISMCTS with eval=net:FILE against `best` (the shipped net).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/torch_round_trip.py --pamir build/pamir

Needs Debian's python3-torch (scripts/setup installs it). --small is the version CTest runs.
"""

import argparse
import pathlib
import sys
import tempfile

import numpy as np

try:
    import torch
except ImportError:
    print("skipped: no PyTorch (Debian's python3-torch)")
    sys.exit(77)  # CTest's SKIP_RETURN_CODE

import pamir

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from play_and_train import self_play  # noqa: E402  (the shards, as the NumPy example makes them)


class PamirNet(torch.nn.Module):
    """nets/weights.h's network: h = relu(input(x)); per block h = relu(h + w2(relu(w1(h))));
    policy and value logits from h."""

    def __init__(self, features, actions, seats, width, blocks):
        super().__init__()
        self.input = torch.nn.Linear(features, width)
        self.blocks = torch.nn.ModuleList(
            torch.nn.ModuleList([torch.nn.Linear(width, width), torch.nn.Linear(width, width)]) for _ in range(blocks))
        self.policy = torch.nn.Linear(width, actions)
        self.value = torch.nn.Linear(width, seats)

    def forward(self, x):
        h = torch.relu(self.input(x))
        for w1, w2 in self.blocks:
            h = torch.relu(h + w2(torch.relu(w1(h))))
        return self.policy(h), self.value(h)


def load_rows(shards, features, actions):
    """Dense tensors of every row: features, the policy target and legal mask over all
    actions, the value target (seat-rotated) and the player count."""
    xs, policies, legals, values, players = [], [], [], [], []
    for path in shards:
        z = np.load(path)
        for r in range(len(z["num_players"])):
            x = np.zeros(features, np.float32)
            f = slice(z["feature_begin"][r], z["feature_begin"][r + 1])
            np.add.at(x, z["feature_index"][f], z["feature_value"][f])
            legal = slice(z["legal_begin"][r], z["legal_begin"][r + 1])
            policy, mask = np.zeros(actions, np.float32), np.zeros(actions, bool)
            policy[z["legal_action"][legal]] = z["policy"][legal]
            mask[z["legal_action"][legal]] = True
            xs.append(x), policies.append(policy), legals.append(mask)
        values.append(z["value"]), players.append(z["num_players"])
    return (torch.tensor(np.stack(xs)), torch.tensor(np.stack(policies)), torch.tensor(np.stack(legals)),
            torch.tensor(np.concatenate(values)), torch.tensor(np.concatenate(players).astype(np.int64)))


def losses(net, x, policy, legal, value, players):
    policy_logits, value_logits = net(x)
    log_policy = torch.log_softmax(policy_logits.masked_fill(~legal, -1e9), 1)
    policy_loss = -torch.where(legal, policy * log_policy, torch.zeros_like(log_policy)).sum(1).mean()
    seats = torch.arange(value.shape[1]).unsqueeze(0) < players.unsqueeze(1)
    log_value = torch.log_softmax(value_logits.masked_fill(~seats, -1e9), 1)
    value_loss = -torch.where(seats, value * log_value, torch.zeros_like(log_value)).sum(1).mean()
    return policy_loss, value_loss


def train(net, rows, steps, batch, seed):
    generator = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)
    for step in range(1, steps + 1):
        pick = torch.randint(len(rows[0]), (batch,), generator=generator)
        policy_loss, value_loss = losses(net, *(t[pick] for t in rows))
        optimizer.zero_grad()
        (policy_loss + value_loss).backward()
        optimizer.step()
        if step == 1 or step % max(1, steps // 5) == 0:
            print(f"  step {step:4d}: policy loss {policy_loss.item():.3f}, value loss {value_loss.item():.3f}")


def export(net, path, width, blocks, game):
    """The parameters in pamir's order (pamir.weight_layout), written as a weight file."""
    tensors = {"input": net.input.weight.T, "input_bias": net.input.bias,
               "policy": net.policy.weight, "policy_bias": net.policy.bias,
               "value": net.value.weight, "value_bias": net.value.bias}
    for i, (w1, w2) in enumerate(net.blocks):
        tensors.update({f"block{i}.w1": w1.weight, f"block{i}.b1": w1.bias,
                        f"block{i}.w2": w2.weight, f"block{i}.b2": w2.bias})
    layout = pamir.weight_layout(game, width, blocks)
    name, offset, shape = layout[-1]
    data = np.zeros(offset + int(np.prod(shape)), np.float32)
    for name, offset, shape in layout:
        t = tensors[name].detach().numpy()
        assert list(t.shape) == list(shape), (name, t.shape, shape)
        data[offset:offset + t.size] = t.ravel()
    pamir.save_weights(str(path), data, width, blocks, game)


def check_priors(net, path, positions):
    """pamir's search reads the priors PyTorch computes from the exported file."""
    worst = 0.0
    for game in positions:
        x = torch.tensor(game.observation())
        with torch.no_grad():
            logits = net(x.unsqueeze(0))[0][0]
        legal = torch.tensor(game.legal_actions())
        ours = torch.softmax(logits[legal], 0).numpy()
        theirs = {m["action"]: m["prior"] for m in pamir.analyze(game, f"ismcts:iters=1,eval=net:{path}")["moves"]}
        worst = max(worst, max(abs(p - theirs[int(a)]) for a, p in zip(legal, ours)))
    print(f"  priors of {len(positions)} positions: largest difference between PyTorch and pamir {worst:.2e}")
    if worst > 1e-4:
        sys.exit("error: the exported net does not give PyTorch's priors")


def positions_of_a_game(seed, count):
    game, rng, out = pamir.Game(2, seed=seed), np.random.default_rng(seed), []
    while not game.is_over() and len(out) < count:
        out.append(game.clone())
        for _ in range(1 + int(rng.integers(5))):
            if game.is_over():
                break
            game.apply(int(rng.choice(game.legal_actions())))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pamir", default=str(pathlib.Path(__file__).resolve().parents[2] / "build" / "pamir"))
    parser.add_argument("--work", default=None,
                        help="folder for the shards and the net, kept (default: a temporary one, removed at the end)")
    parser.add_argument("--small", action="store_true", help="a minute's version (CTest)")
    args = parser.parse_args()
    if args.work:
        run(args, pathlib.Path(args.work))
    else:
        with tempfile.TemporaryDirectory(prefix="pamir-torch-round-trip-") as work:
            run(args, pathlib.Path(work))


def run(args, work):
    games, steps, width, blocks, tournament_games, iters = (
        (8, 40, 32, 1, 4, 30) if args.small else (256, 1500, 128, 1, 100, 400))
    info = pamir.game_info("pamir")
    torch.manual_seed(1)

    print("1. self-play shards")
    shards = self_play(args.pamir, work / "shards", games)
    rows = load_rows(shards, info["num_features"], info["num_actions"])
    print(f"  {len(rows[0])} rows")

    print(f"2. a net of width {width} trained in PyTorch")
    net = PamirNet(info["num_features"], info["num_actions"], rows[3].shape[1], width, blocks)
    train(net, rows, steps, batch=min(256, len(rows[0])), seed=1)

    print("3. exported to pamir's weight format")
    path = work / "torch.weights"
    export(net, path, width, blocks, "pamir")
    print(f"  {path} ({path.stat().st_size} bytes)")

    print("4. read back by pamir's search")
    check_priors(net, path, positions_of_a_game(seed=3, count=5 if args.small else 40))

    print(f"5. a tournament: ISMCTS with this net against best, both at {iters} iterations")
    result = pamir.tournament(agents=[f"ismcts:iters={iters},eval=net:{path}", f"best:iters={iters}"],
                              players=2, games=tournament_games, seed=1, threads=0)
    for standing in result.standings:
        print(f"  {standing.spec}: win share {standing.win_share:.3f} over {standing.seats} seats")


if __name__ == "__main__":
    main()
