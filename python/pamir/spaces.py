"""The spaces of pamir's environments: Gymnasium's own (gymnasium.spaces) when Gymnasium is
installed, else small stand-ins with the attributes and methods learning code reads from
them (shape, dtype, low/high or n, contains, sample, seed), so that the environments look
the same either way."""

import numpy as np

try:
    from gymnasium.spaces import Box, Dict, Discrete  # noqa: F401
except ImportError:

    class _Space:
        def __init__(self, shape, dtype, seed=None):
            self.shape, self.dtype = shape, np.dtype(dtype)
            self.np_random = np.random.default_rng(seed)

        def seed(self, seed=None):
            self.np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Box(_Space):
        """Arrays of `shape` and `dtype` with every entry in [low, high] (bounds may be inf)."""

        def __init__(self, low, high, shape, dtype=np.float32, seed=None):
            super().__init__(tuple(shape), dtype, seed)
            self.low = np.full(self.shape, low, self.dtype)
            self.high = np.full(self.shape, high, self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                    and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

        def sample(self):
            low = np.where(np.isfinite(self.low), self.low, -1e6)
            high = np.where(np.isfinite(self.high), self.high, 1e6)
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(low, high + 1, self.shape).astype(self.dtype)
            return self.np_random.uniform(low, high, self.shape).astype(self.dtype)

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    class Discrete(_Space):
        """The integers 0 .. n-1."""

        def __init__(self, n, seed=None):
            super().__init__((), np.int64, seed)
            self.n = int(n)

        def contains(self, x):
            return np.issubdtype(np.asarray(x).dtype, np.integer) and 0 <= int(x) < self.n

        def sample(self, mask=None):
            """Uniform over the ids, or over those where mask (int8 of n) is 1."""
            if mask is None:
                return int(self.np_random.integers(self.n))
            allowed = np.flatnonzero(mask)
            if len(allowed) == 0:
                raise ValueError("the mask allows no action")
            return int(self.np_random.choice(allowed))

        def __repr__(self):
            return f"Discrete({self.n})"

    class Dict(_Space):
        """A dict of named spaces."""

        def __init__(self, spaces, seed=None):
            super().__init__(None, object, seed)
            self.spaces = dict(spaces)

        def __getitem__(self, key):
            return self.spaces[key]

        def contains(self, x):
            return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
                self.spaces[k].contains(v) for k, v in x.items())

        def sample(self):
            return {k: s.sample() for k, s in self.spaces.items()}

        def seed(self, seed=None):
            for i, s in enumerate(self.spaces.values()):
                s.seed(None if seed is None else seed + i)
            return [seed]

        def __repr__(self):
            return "Dict(" + ", ".join(f"{k}: {s}" for k, s in self.spaces.items()) + ")"
