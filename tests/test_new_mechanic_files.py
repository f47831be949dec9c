"""A new mechanic touches at most five files besides its tests and corpus entries.

The rule holds only while nothing else needs a hand-written entry per mechanic: invariant and
mutant modules are discovered, the engine's supported set follows from its components, and the
one hand-written list (the reference engine's ``COMPONENTS``) names every component module. These
tests drop new modules into the discovered packages and check the wiring, so a new import list
or a second registry makes them fail; the last one keeps CONTRIBUTING.md's file table true.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import engines.mutants as mutants_package
import engines.reference as reference_package
import rulings.invariants as invariants_package
from engines.mutants import all_mutants, module_names
from engines.reference import SUPPORTED, parse_card
from engines.reference import oracle as oracle_module
from engines.reference.engine import COMPONENTS, implemented_mechanics
from engines.reference.lines import ComponentLine
from engines.reference.oracle import UnsupportedCard, register_shape
from protocol.model import CardData

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, list[str]]]:
    """A directory to drop modules into, and the dotted names imported from it (forgotten after)."""
    imported: list[str] = []
    yield tmp_path, imported
    for name in imported:
        sys.modules.pop(name, None)


def test_a_new_invariant_module_is_imported_without_being_listed(dropped, monkeypatch):
    folder, imported = dropped
    (folder / "zz_new_family.py").write_text("LOADED = True\n")
    monkeypatch.setattr(invariants_package, "__path__", [*invariants_package.__path__, str(folder)])
    imported.append("rulings.invariants.zz_new_family")
    names = invariants_package.load_all()
    assert names[-1] == "zz_new_family" and list(names) == sorted(names)
    assert sys.modules["rulings.invariants.zz_new_family"].LOADED is True
    # Every family module of the shipped package is found the same way.
    shipped = {m.name for m in pkgutil.iter_modules(invariants_package.__path__[:1])}
    assert {"ninjutsu", "search", "mana", "rebound", "exile", "classes", "sneak"} <= shipped <= set(names)


def test_mutant_modules_are_found_by_name_with_no_list_to_keep(tmp_path):
    for name in ("zeta", "alpha", "sneak", "ninjutsu", "_private"):
        (tmp_path / f"{name}.py").write_text("MUTANTS = ()\n")
    assert module_names([str(tmp_path)]) == ("alpha", "ninjutsu", "sneak", "zeta")
    shipped = {p.stem for p in Path(mutants_package.__path__[0]).glob("*.py") if not p.stem.startswith("_")}
    assert module_names() == tuple(sorted(shipped))  # every module of the package, nothing else


def test_a_new_mutant_module_is_run_without_being_listed(dropped, monkeypatch):
    folder, imported = dropped
    before = list(all_mutants())
    (folder / "zz_new_mechanic.py").write_text(
        "from engines.mutants import Mutant\n"
        "MUTANTS = (Mutant('zz-window-never-open', breaks='ninjutsu.after-blockers', bug='never offered',\n"
        "    replaces={'ninjutsu.window_open': lambda self, *args: False}),)\n"
    )
    monkeypatch.setattr(mutants_package, "__path__", [*mutants_package.__path__, str(folder)])
    imported.append("engines.mutants.zz_new_mechanic")
    after = list(all_mutants())
    assert after == [*before, "zz-window-never-open"]


def test_a_mutant_module_without_mutants_is_an_error(dropped, monkeypatch):
    folder, imported = dropped
    (folder / "zz_empty.py").write_text("X = 1\n")
    monkeypatch.setattr(mutants_package, "__path__", [*mutants_package.__path__, str(folder)])
    imported.append("engines.mutants.zz_empty")
    with pytest.raises(ValueError, match=r"zz_empty.*defines no MUTANTS"):
        all_mutants()


@pytest.mark.parametrize("package", [invariants_package, mutants_package])
def test_the_discovered_packages_list_none_of_their_modules_by_hand(package):
    """An ``import`` of a sibling module in the package's ``__init__`` is a registry by hand."""
    tree = ast.parse(Path(package.__file__).read_text())
    siblings = {m.name for m in pkgutil.iter_modules(package.__path__)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            named = {a.name for a in node.names} if node.module == package.__name__ else set()
            named |= (
                {node.module.removeprefix(package.__name__ + ".")}
                if node.module.startswith(package.__name__ + ".")
                else set()
            )
            assert not named & siblings, f"{package.__name__} imports {sorted(named & siblings)} by hand"


def test_supported_follows_from_the_components_one_owner_per_mechanic():
    assert implemented_mechanics() == SUPPORTED
    owners: dict[str, str] = {}
    for component in COMPONENTS:
        name = vars(component)["name"]
        for mechanic in vars(component)["mechanics"]:
            assert mechanic not in owners, f"{mechanic} is claimed by {owners[mechanic]} and {name}"
            owners[mechanic] = name


def test_every_component_module_is_in_the_component_list():
    """``COMPONENTS`` is the one hand-written list: a component class defined in a module of the
    reference engine and left out of it would silently do nothing."""
    listed = set(COMPONENTS)
    for info in pkgutil.iter_modules(reference_package.__path__):
        module = importlib.import_module(f"{reference_package.__name__}.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and callable(getattr(value, "register", None))
                and isinstance(vars(value).get("name"), str)
            ):
                assert value in listed, f"component {value.__name__} of {info.name}.py is not in COMPONENTS"


@dataclass(frozen=True)
class _Chant(ComponentLine):
    """A made-up line a new component reads: "Chant N"."""

    n: int


def _chant(card: CardData, text: str, printed: str) -> _Chant | None:
    m = re.fullmatch(r"chant (\d+)", text)
    return _Chant(int(m.group(1))) if m else None


def test_a_component_reads_its_own_oracle_lines_without_editing_the_reader(monkeypatch):
    monkeypatch.setattr(oracle_module, "_COMPONENT_SHAPES", [])
    monkeypatch.setattr(oracle_module, "_COMPONENT_KEYWORDS", set())
    card = CardData(
        "Chanter Of Tests",
        ("Creature",),
        mana_cost="{1}",
        text="Chant 3",
        power="1",
        toughness="1",
        keywords=("Chant",),
    )
    try:
        with pytest.raises(UnsupportedCard):
            parse_card(card)
        register_shape(_chant, keywords=("chant",))
        assert parse_card(card).records(_Chant) == (_Chant(3),)
        register_shape(lambda card, text, printed: _Chant(0) if text.startswith("chant") else None)
        with pytest.raises(ValueError, match="read by two component shapes"):
            parse_card(card)
    finally:
        parse_card.cache_clear()


def test_contributing_names_at_most_five_files_for_a_new_mechanic_and_they_exist():
    text = (ROOT / "CONTRIBUTING.md").read_text()
    section = text.split("## Add a new mechanic", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| \d+ \| `([^`]+)` \|", section, re.MULTILINE)
    assert 1 <= len(rows) <= 5, rows
    for path in rows:
        assert (ROOT / path.replace("<mechanic>", "sneak")).is_file(), path
