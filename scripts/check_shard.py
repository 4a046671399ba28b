#!/usr/bin/env python3
"""Loads training shards (docs/shards.md) and checks their layout.

Uses NumPy when it is installed (np.load, exactly as a training script would); otherwise
reads the archive with zipfile (which verifies every member's CRC-32) and struct. Prints one
line per shard; exits 1 if any shard is bad.
"""
import struct
import sys
import zipfile

DTYPES = {"<i8": "q", "<i4": "i", "<u2": "H", "<f4": "f", "<f8": "d", "|u1": "B"}


def arrays_without_numpy(path):
    out = {}
    with zipfile.ZipFile(path) as z:
        bad = z.testzip()
        if bad:
            raise ValueError(f"member {bad} fails its CRC-32 check")
        for name in z.namelist():
            data = z.read(name)
            assert data[:6] == b"\x93NUMPY", f"{name} is not .npy"
            header_len = struct.unpack("<H", data[8:10])[0]
            header = eval(data[10:10 + header_len].decode("latin1"))  # a Python dict literal
            code = DTYPES[header["descr"]]
            body = data[10 + header_len:]
            count = len(body) // struct.calcsize(code)
            out[name[:-4]] = list(struct.unpack("<%d%s" % (count, code), body)), header["shape"]
    return out


def arrays_with_numpy(path):
    import numpy as np
    with np.load(path) as z:
        return {k: (z[k].reshape(-1).tolist(), z[k].shape) for k in z.files}


def check(path, load):
    a = load(path)
    version, num_features, num_actions, seats = a["format"][0]
    assert version in (1, 2), f"format version {version}"
    rows = len(a["num_players"][0])
    # Version 2 added the auxiliary targets, each shaped like the value.
    for name in ("value", "result", "vp_margin") if version >= 2 else ("value",):
        assert a[name][1] == (rows, seats), f"{name} shape {a[name][1]}"
    for begin, items in (("feature_begin", "feature_index"), ("legal_begin", "legal_action")):
        offsets = a[begin][0]
        assert len(offsets) == rows + 1 and offsets[0] == 0 and offsets[-1] == len(a[items][0]), begin
        assert all(x <= y for x, y in zip(offsets, offsets[1:])), begin
    assert all(0 <= i < num_features for i in a["feature_index"][0]), "feature index out of range"
    assert all(0 <= i < num_actions for i in a["legal_action"][0]), "action out of range"
    offsets, policy = a["legal_begin"][0], a["policy"][0]
    for r in range(rows):
        total = sum(policy[offsets[r]:offsets[r + 1]])
        assert abs(total - 1) < 1e-3, f"row {r}: policy sums to {total}"
        assert abs(sum(a["value"][0][r * seats:(r + 1) * seats]) - 1) < 1e-3, f"row {r}: value does not sum to 1"
        if version >= 2:
            assert abs(sum(a["result"][0][r * seats:(r + 1) * seats]) - 1) < 1e-3, f"row {r}: result does not sum to 1"
            assert abs(sum(a["vp_margin"][0][r * seats:(r + 1) * seats])) < 1e-3, f"row {r}: vp_margin does not sum to 0"
    return rows, len(a["games"][0])


def main():
    if len(sys.argv) < 2:
        print("usage: check_shard.py SHARD.npz...", file=sys.stderr)
        return 2
    try:
        import numpy  # noqa: F401
        load, how = arrays_with_numpy, "numpy"
    except ImportError:
        load, how = arrays_without_numpy, "zipfile"
    failed = 0
    for path in sys.argv[1:]:
        try:
            rows, games = check(path, load)
            print(f"{path}: ok ({rows} rows from {games} games, read with {how})")
        except Exception as e:  # any failure is reported as one line
            print(f"{path}: BAD: {e}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
