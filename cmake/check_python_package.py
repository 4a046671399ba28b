"""An installed pamir package, used from outside the source tree (cmake/check_wheel.cmake,
cmake/check_install.cmake): it is the one in SITE, it takes the nets shipped inside it (and,
with --plugin, carries the libtorch plugin), and it plays a game with `best`.

Usage: python3 check_python_package.py SITE [--plugin]"""
import pathlib
import sys

import pamir

package = pathlib.Path(sys.argv[1]) / "pamir"
here = pathlib.Path(pamir.__file__).parent
assert here == package, here
assert pathlib.Path(pamir.models_dir()) == package / "models", pamir.models_dir()
if "--plugin" in sys.argv[2:]:
    assert (package / "models" / "pamir-2p.weights").is_file() and (package / "libpamir_torch.so").is_file()
game = pamir.Game(2, seed=5)
agents = [pamir.agent("best:iters=20"), pamir.agent("random")]
while not game.is_over():
    game.apply(agents[game.to_move()].choose(game))
print("returns", game.returns())
