"""The keyword registry (``protocol.keyword_registry``) and the places that read it: the
reference engine's oracle reader (which still refuses every keyword it does not implement),
``protocol.keywords``' variants, the templates' ``{self}`` macro and the phase adapter's names."""

from __future__ import annotations

import re

import pytest

from engines.phase.actions import NINJUTSU_VARIANTS as PHASE_NINJUTSU
from engines.phase.events import STRIKE_KEYWORDS as PHASE_STRIKES
from engines.reference.oracle import NINJUTSU_VARIANTS, UnsupportedCard, implemented_keywords, parse_card
from generators import cards
from protocol.keyword_registry import (
    COMBAT_KEYWORDS,
    DOUBLE_STRIKE,
    FIRST_STRIKE,
    KEYWORD_ABILITIES,
    NINJUTSU,
    KeywordAbility,
    KeywordKind,
    LineForm,
    UnknownKeyword,
    alternation,
    keyword_ability,
    of_kind,
    read_keyword_line,
)
from protocol.keywords import RETURN_AN_ATTACKER, keywords_in_text
from protocol.model import CardData
from rulings.templates import MACROS


@pytest.mark.parametrize("keyword", KEYWORD_ABILITIES.values(), ids=list(KEYWORD_ABILITIES))
def test_each_keyword_reads_back_its_own_line(keyword: KeywordAbility) -> None:
    cost = "{1}{U}" if keyword.form is LineForm.COST else ""
    line = keyword.line(cost)
    assert line.startswith(keyword.printed)
    assert keyword.read(line.lower()) == cost.lower()
    assert read_keyword_line(line.lower()) == (keyword, cost.lower())
    assert keyword_ability(keyword.printed) is keyword
    if keyword.family is not None:
        assert keyword.name.endswith(keyword.family) and keyword_ability(keyword.family).kind is keyword.kind


def test_a_cost_keyword_needs_a_cost_and_a_bare_one_takes_none() -> None:
    with pytest.raises(ValueError):
        NINJUTSU.line()
    assert NINJUTSU.read("ninjutsu") is None
    assert FIRST_STRIKE.read("first strike {1}") is None
    assert read_keyword_line("whenever this creature attacks, you gain 1 life.") is None


def test_unknown_keywords_are_named() -> None:
    with pytest.raises(UnknownKeyword, match="Bushido"):
        keyword_ability("Bushido")


def test_keywords_agree_with_their_mechanics() -> None:
    """A keyword's mechanic stands for the same rule, and an evasion rule names registered keywords."""
    for keyword in KEYWORD_ABILITIES.values():
        if keyword.mechanic is not None:
            assert keyword.mechanic.cr == keyword.cr, keyword.name
        for name in keyword.blockable_by:
            assert keyword_ability(name).kind is KeywordKind.EVASION
    assert {k.kind for k in COMBAT_KEYWORDS} == {KeywordKind.EVASION, KeywordKind.DAMAGE, KeywordKind.ATTACK}


def test_the_return_attacker_variants_are_the_registry_family() -> None:
    assert {v.keyword for v in RETURN_AN_ATTACKER.values()} == set(of_kind(KeywordKind.RETURN_ATTACKER))
    for variant in RETURN_AN_ATTACKER.values():
        assert keywords_in_text(variant.keyword.line("{2}{B}")) == (variant.name,)


def test_the_reader_reads_its_keywords_from_the_registry() -> None:
    assert set(NINJUTSU_VARIANTS) == {
        k.name for k in of_kind(KeywordKind.RETURN_ATTACKER) if k.family_name == "ninjutsu"
    }
    implemented = [KEYWORD_ABILITIES[name] for name in sorted(implemented_keywords()) if name in KEYWORD_ABILITIES]
    assert {"first strike", "double strike", "menace", "rebound", "ninjutsu", "sneak"} <= {k.name for k in implemented}
    for keyword in implemented:
        line = keyword.line("{1}{U}" if keyword.form is LineForm.COST else "")
        if keyword.kind is KeywordKind.SPELL:
            card = CardData(f"Test {keyword.name}", ("Instant",), text=line, keywords=(keyword.printed,))
        else:
            card = _creature(f"Test {keyword.name}", line, keyword.printed)
        assert len(parse_card(card).lines) == 1
    creature = cards.creature(2, 2, double_strike=True)
    assert parse_card(creature).has(DOUBLE_STRIKE) and not parse_card(creature).has(FIRST_STRIKE)


@pytest.mark.parametrize(
    "keyword", [k for k in KEYWORD_ABILITIES.values() if k.name not in implemented_keywords()], ids=lambda k: k.name
)
def test_the_reader_still_refuses_a_keyword_it_does_not_implement(keyword: KeywordAbility) -> None:
    """The registry lists the keyword; the reader refuses it as it refuses one the registry does
    not know: by its keyword, and by its line."""
    cost = "{1}{U}" if keyword.form is LineForm.COST else ""
    for card in (_creature("Listed", "", keyword.printed), _creature("Unknown", "", "Bushido")):
        with pytest.raises(UnsupportedCard, match="keyword not implemented"):
            parse_card(card)
    with pytest.raises(UnsupportedCard, match="no ability of this shape"):
        parse_card(_creature("Printed", keyword.line(cost)))


def _creature(name: str, text: str, *keywords: str) -> CardData:
    return CardData(name, ("Creature",), text=text, keywords=keywords, power="1", toughness="1")


def test_the_self_macro_names_a_card_by_its_return_attacker_keyword() -> None:
    macro = re.compile(MACROS["self"])
    for keyword in of_kind(KeywordKind.RETURN_ATTACKER):
        assert macro.fullmatch(f"the creature put onto the battlefield with {keyword.name}")
    assert not macro.fullmatch("the creature with flying")
    assert alternation([NINJUTSU, DOUBLE_STRIKE]) == "(?:double strike|ninjutsu)"


def test_the_phase_adapter_names_keywords_in_camel_case() -> None:
    assert {"FirstStrike", "DoubleStrike"} == PHASE_STRIKES
    assert PHASE_NINJUTSU == {"Ninjutsu": "ninjutsu", "CommanderNinjutsu": "commander ninjutsu"}
