"""The miss anatomy benchmark (issue 24) never shows a held-out half's texts, and names the fields a
reading differs in from the closest declared claim."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from rulings.claims import Claim

ROOT = Path(__file__).resolve().parent.parent


def benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("miss_anatomy", ROOT / "benchmarks" / "miss_anatomy.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("held_out", ["real:measured", "para:combat/B", "para:other/B", "dev:T", "dev:V", "dev:K"])
def test_a_held_out_half_is_never_shown(held_out, monkeypatch, capsys):
    anatomy = benchmark()
    monkeypatch.setattr(sys, "argv", ["miss_anatomy.py", held_out, "--show"])
    with pytest.raises(SystemExit) as stopped:
        anatomy.main()
    assert stopped.value.code == 2
    assert "held out" in capsys.readouterr().err


def test_the_differences_name_extra_and_missing_concepts_per_field():
    anatomy = benchmark()
    declared = Claim(modality="not", action="become+turn-{t}", condition="vigilance", timing="after-attackers")
    parsed = Claim(modality="is", action="attack+become+turn-{t}", condition="vigilance")
    assert sorted(anatomy.differences(declared, parsed)) == ["action-extra", "modality", "timing-missing"]
    assert anatomy.differences(declared, declared) == []
    slotted = Claim(action="activate", object="{keyword}-ability")
    assert anatomy.differences(slotted, Claim(action="activate", object="ninjutsu-ability")) == []
