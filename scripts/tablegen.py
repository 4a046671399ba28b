"""What the table generators (gen_card_table.py, gen_wakhan_table.py) share: reading the TSVs,
the command line `[--check] [DATA_DIR] [OUT_FILE]`, and writing or checking the output."""
import csv
import sys
from pathlib import Path


def camel(s):
    """'top_left' -> 'kTopLeft', the C++ constant name of a TSV value."""
    return "k" + "".join(w.capitalize() for w in s.split("_"))


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_args(default_out):
    """Returns (check, data_dir, out_file); paths default to the repository's."""
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = len(args) != len(sys.argv) - 1
    root = Path(__file__).parent.parent
    data = Path(args[0]) if args else root / "data"
    out = Path(args[1]) if len(args) > 1 else root / default_out
    return check, data, out


def emit(lines, out, data, check, script):
    """With check, exits non-zero when out differs from lines; otherwise writes out atomically."""
    text = "\n".join(lines) + "\n"
    if check:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            sys.exit(f"error: {out} is out of date with {data}; run scripts/{script}")
        return
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
