"""The Python package's API reference (pdoc), and its check: every public module, class, function and
method has a docstring, and pdoc builds it without a warning.

    python3 scripts/python-reference.py [--check] [--out DIR]

`--check` builds nothing: it exits 1 naming any undocumented ones. Without it the HTML goes to DIR
(default reports/api/python). `npm run docs:api` runs it beside TypeDoc; python/tests/test_reference.py
builds it. pdoc is in the package's test extra (pip install -e 'python[test]').
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The package of this checkout, whatever tengym is installed elsewhere.
sys.path.insert(0, str(ROOT / "python" / "src"))

# The public modules, with the extra each needs beyond the package's own dependencies.
MODULES = {"tengym": None, "tengym.rllib": None, "tengym.bench": None, "tengym.sb3": "train"}


def importable(name: str, extra: str | None) -> bool:
    """Whether a module imports; a module whose extra is missing is left out of the reference, saying so."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        if extra is None or (e.name or "").startswith("tengym"):
            raise
        print(f"tengym: {name} left out of the reference: it needs {e.name} (pip install -e 'python[{extra}]')")
        return False
    return True


def undocumented(module_names: list[str]) -> list[str]:
    """The public classes, functions and methods of the modules that have no docstring of their own."""
    import pdoc.doc

    missing: list[str] = []

    def public(ns: pdoc.doc.Namespace) -> list[pdoc.doc.Doc]:
        """A module's `__all__`, or its own names without a leading underscore; a class's own such members."""
        exported = getattr(ns.obj, "__all__", None) if isinstance(ns, pdoc.doc.Module) else None
        if exported is not None:
            return [ns.members[n] for n in exported if n in ns.members]
        return [m for m in ns.own_members if not m.name.startswith("_")]

    def visit(ns: pdoc.doc.Namespace) -> None:
        for member in public(ns):
            if isinstance(member, pdoc.doc.Module):
                continue
            if isinstance(member, (pdoc.doc.Class, pdoc.doc.Function)) and not member.docstring.strip():
                missing.append(member.qualname if isinstance(ns, pdoc.doc.Class) else f"{ns.name}.{member.name}")
            if isinstance(member, pdoc.doc.Class):
                visit(member)

    for name in module_names:
        module = pdoc.doc.Module(importlib.import_module(name))
        if not module.docstring.strip():
            missing.append(name)
        visit(module)
    return missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="check only: every public name documented")
    parser.add_argument("--out", default=str(ROOT / "reports" / "api" / "python"), help="the HTML's folder")
    args = parser.parse_args()
    try:
        import pdoc
    except ModuleNotFoundError:
        print("tengym: the Python reference needs pdoc: pip install -e 'python[test]'", file=sys.stderr)
        return 1
    warnings.simplefilter("error")  # pdoc's warnings (a failed import, an unresolvable annotation) fail it
    names = [name for name, extra in MODULES.items() if importable(name, extra)]
    missing = undocumented(names)
    if missing:
        print("tengym: no docstring: " + ", ".join(missing), file=sys.stderr)
        return 1
    if not args.check:
        pdoc.render.configure(docformat="markdown", search=False)
        pdoc.pdoc(*names, output_directory=Path(args.out))
        print(f"tengym: wrote the Python reference to {args.out}")
    else:
        print(f"tengym: {len(names)} Python modules, every public name documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
