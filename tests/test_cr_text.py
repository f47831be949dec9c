"""The Comprehensive Rules parser (rulings/cr_text.py) and the rules file shipped with the package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rulings import cr_text
from rulings.cr_explain import EXPLANATIONS_FILE
from rulings.cr_text import (
    CR_FILE,
    RulesTextError,
    is_under,
    number_key,
    parse_rules,
    shipped_rules,
)

ROOT = Path(__file__).resolve().parents[1]
#: The project's read-only copy of the rules, beside the clone (absent in some checkouts).
SHARED = ROOT.parent / "shared" / "cr" / CR_FILE.name

#: 702.19b as published, character for character (curly apostrophes included).
TRAMPLE_B = (
    "The controller of an attacking creature with trample first assigns damage to the creature(s) "
    "blocking it. Once all those blocking creatures are assigned lethal damage, any excess damage is "
    "assigned as its controller chooses among those blocking creatures and the player, planeswalker, or "
    "battle the creature is attacking. When checking for assigned lethal damage, take into account "
    "damage already marked on the creature and damage from other creatures that\u2019s being assigned "
    "during the same combat damage step, but not any abilities or effects that might change the amount "
    "of damage that\u2019s actually dealt. The attacking creature\u2019s controller need not assign lethal "
    "damage to all those blocking creatures but in that case can\u2019t assign any damage to the player "
    "or planeswalker it\u2019s attacking."
)


def test_finds_702_19b_exactly_with_its_examples() -> None:
    rule = shipped_rules().get("702.19b")
    assert rule is not None
    assert rule.text == TRAMPLE_B
    assert len(rule.examples) == 2
    assert rule.examples[0].startswith("A 2/2 creature that can block an additional creature")
    assert rule.examples[1].endswith("between the blocking creature and the defending player.")
    assert shipped_rules().get("702.19").text == "Trample"
    assert shipped_rules().effective == "February 27, 2026"


def test_every_lettered_subrule_of_510() -> None:
    """Counted from the raw text by a pattern of its own, not by the parser."""
    raw = CR_FILE.read_text(encoding="utf-8-sig")
    expected = re.findall(r"^(510\.\d+[a-z]) ", raw, flags=re.MULTILINE)
    assert expected == ["510.1a", "510.1b", "510.1c", "510.1d", "510.1e", "510.3a"]
    parsed = [r.number for r in shipped_rules().under("510") if re.fullmatch(r"510\.\d+[a-z]", r.number)]
    assert parsed == expected
    assert [r.number for r in shipped_rules().under("510")] == [
        "510",
        "510.1",
        "510.1a",
        "510.1b",
        "510.1c",
        "510.1d",
        "510.1e",
        "510.2",
        "510.3",
        "510.3a",
        "510.4",
    ]


def test_glossary_and_contents_are_not_rules() -> None:
    rules = shipped_rules()
    # "506. Combat Phase" is in the contents and in the rules: once, as the rule.
    assert [r.number for r in rules.rules].count("506") == 1
    last = rules.rules[-1]
    assert last.number.startswith("9")  # the casual variants end the rules; the glossary is not read
    glossary_entry = "To turn a face-up ongoing scheme card face down and put it on the bottom"
    assert glossary_entry in CR_FILE.read_text(encoding="utf-8")
    assert not any(glossary_entry in r.text or r.text == "Glossary" for r in rules.rules)
    assert len(rules.rules) == len({r.number for r in rules.rules})


def test_examples_and_continuations_belong_to_the_rule_above() -> None:
    rules = shipped_rules()
    blockers = rules.get("509.1b")
    assert blockers is not None
    assert "\nA restriction may be created by an evasion ability" in blockers.text
    assert blockers.examples == ("An attacking creature with flying and shadow can\u2019t be blocked by a creature "
                                 "with flying but without shadow.",)  # fmt: skip
    # 606.5 is printed without the dot after its number: still a rule.
    assert rules.get("606.5") is not None


def test_parser_reads_a_small_document_and_rejects_strange_lines() -> None:
    doc = "\n".join(
        [
            "Magic: The Gathering Comprehensive Rules",
            "These rules are effective as of May 1, 2030.",
            "Contents",
            "100. General",
            "Glossary",
            "Credits",
            "1. Game Concepts",
            "100. General",
            "100.1. First rule.",
            "Example: an example.",
            "100.1a A subrule.",
            "",
            "Glossary",
            "100.9. Not a rule: the glossary.",
        ]
    )
    rules = parse_rules(doc)
    assert [(r.number, r.text, r.examples) for r in rules.rules] == [
        ("100", "General", ()),
        ("100.1", "First rule.", ("an example.",)),
        ("100.1a", "A subrule.", ()),
    ]
    assert rules.effective == "May 1, 2030"
    with pytest.raises(RulesTextError, match=r"line 9: not a rule"):
        parse_rules(doc.replace("100.1. First rule.", "Something else"))
    with pytest.raises(RulesTextError, match="out of order"):
        parse_rules(doc.replace("100.1a A subrule.", "099.1a A subrule."))


def test_numbers_order_and_nesting() -> None:
    assert sorted(["702.20", "702.19b", "702.2", "702.19"], key=number_key) == ["702.2", "702.19", "702.19b", "702.20"]
    assert is_under("506.2a", "506.2") and is_under("506.2a", "506") and is_under("506.2", "506.2")
    assert not is_under("506.20", "506.2") and not is_under("506.2", "506.2a") and not is_under("507", "506")


def test_shipped_files_are_package_data() -> None:
    """`pip install .` (not only -e) must carry the rules text and the explanations file."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["rulings"]
    package = Path(cr_text.__file__).parent
    for data in (CR_FILE, EXPLANATIONS_FILE):
        relative = data.relative_to(package)
        assert any(relative.match(g) for g in globs), f"{relative} is not in rulings' package-data"


@pytest.mark.skipif(not SHARED.exists(), reason=f"no shared copy of the rules at {SHARED} (outside the project's CI)")
def test_shipped_rules_equal_the_shared_copy() -> None:
    assert CR_FILE.read_bytes() == SHARED.read_bytes()
