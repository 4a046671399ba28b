"""pamir.weight_layout, save_weights and load_weights: pamir's weight files from Python."""
import filecmp

import numpy as np
import pamir
import pytest


def test_the_layout_tiles_the_file_without_gaps():
    for game in pamir.games():
        info = pamir.game_info(game)
        layout = pamir.weight_layout(game, width=16, blocks=2)
        names = [name for name, _, _ in layout]
        assert names[:2] == ["input", "input_bias"] and names[-1] == "value_bias"
        assert layout[0][2] == [info["num_features"], 16]
        end = 0
        for name, offset, shape in layout:
            assert offset == end, name
            end += int(np.prod(shape))


def test_a_shipped_net_reads_and_writes_back_byte_for_byte(tmp_path):
    shipped = pamir.models_dir() + "/pamir-2p.weights"
    w = pamir.load_weights(shipped)
    assert w["data"].dtype == np.float32
    layout = pamir.weight_layout("pamir", w["width"], w["blocks"])
    name, offset, shape = layout[-1]
    assert w["data"].size == offset + int(np.prod(shape))
    copy = tmp_path / "copy.weights"
    pamir.save_weights(str(copy), w["data"], w["width"], w["blocks"])
    assert filecmp.cmp(copy, shipped, shallow=False)


def test_bad_weights_are_one_line_errors(tmp_path):
    with pytest.raises(ValueError, match="one row of"):
        pamir.save_weights(str(tmp_path / "x.weights"), np.zeros(10, np.float32), 16, 1)
    with pytest.raises(ValueError, match="width"):
        pamir.weight_layout("pamir", width=0)
    corrupt = tmp_path / "corrupt.weights"
    corrupt.write_bytes(b"PAMIRNET" + b"\0" * 100)
    with pytest.raises(RuntimeError):
        pamir.load_weights(str(corrupt))
    # A Pax Pamir net is refused as Pax Expanse's.
    with pytest.raises(RuntimeError):
        pamir.load_weights(pamir.models_dir() + "/pamir-2p.weights", game="expanse")
