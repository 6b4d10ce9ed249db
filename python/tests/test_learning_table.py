"""The learning table's Python rows (python/examples/learning_table.py): a short row replayed from its command
matches the one on record, so that a row of docs/learning.md can be trusted to come from its command."""

import importlib.util
import json
import shlex
from pathlib import Path

import pytest

missing = [m for m in ("torch", "sb3_contrib") if importlib.util.find_spec(m) is None]
HERE = Path(__file__).resolve().parent
ROW = HERE / "data" / "learning-row" / "seven-up.maskable-ppo.seed1.json"
SCRIPT = HERE.parent / "examples" / "learning_table.py"


def _script():
    spec = importlib.util.spec_from_file_location("learning_table", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(
    bool(missing),
    reason=f"the [train] extra is not installed (missing {', '.join(missing)}): pip install -e 'python[train]'",
)
def test_a_short_row_replays_from_its_command(tmp_path):
    recorded = json.loads(ROW.read_text())
    argv = shlex.split(recorded["command"])[2:]
    _script().main([*argv, "--dir", str(tmp_path)])
    replayed = json.loads((tmp_path / ROW.name).read_text())
    # The times are the machine's; the torch version is the install's.
    for key in ("wallSeconds", "cpuSeconds", "backend"):
        recorded.pop(key)
        replayed.pop(key)
    assert replayed == recorded


def test_an_unknown_id_is_refused_by_name(capsys):
    if missing:
        pytest.skip("the script checks its imports first")
    with pytest.raises(SystemExit):
        _script().main(["--ids", "no-such-game"])
    assert "no such env id: no-such-game" in capsys.readouterr().err
