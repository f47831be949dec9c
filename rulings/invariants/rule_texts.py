"""The sentences of rules that hold for any card with a mechanic: what the rule templates of
:mod:`rulings.invariants.classes`, :mod:`rulings.invariants.rebound` and
:mod:`rulings.invariants.exile` read. Each entry: ``claims`` (name -> sentence patterns, over the
normal form of :mod:`rulings.text`) and ``explains``. Written from the seed rulings and the real
wordings of other cards' rulings (the test corpus under ``tests/data``); a wording not listed
stays uncovered, quoting its sentence."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NotRequired, TypedDict

from protocol.model import CardData
from rulings.rule_templates import Applies, has_subtype, mentions


class RuleText(TypedDict):
    """The keyword arguments of ``rule_template`` one entry supplies (typed, so ``**entry`` is checked)."""

    claims: Mapping[str, str | tuple[str, ...]]
    explains: NotRequired[tuple[str, ...]]


IS_CLASS = has_subtype("Class")
#: What a ruling calls the exiled cards, and playing them.
_EXILED = r"(?:the exiled cards?|those cards|that card|these cards|the cards exiled this way)"
_PLAY = r"(?:play|cast)"
HAS_REBOUND = mentions("rebound", "rebound")

CLASS: dict[str, RuleText] = {
    "class.level-bars": RuleText(
        claims={
            "level-bar-is-ability": (
                r"each represents an activated ability with the listed cost that advances the class to the level "
                r"listed in that bar\.",
                r"the other 2 are level abilities, one activated ability to advance the class to level 2 and another "
                r"to advance the class to level 3\.",
            )
        },
        explains=(
            r"class cards have multiple text box sections\.",
            r"other than the top section, each section contains a class level bar that includes a cost and a "
            r"level number\.",
            r"each class has 5 abilities\.",
            r"the 3 in the major sections of its text box are class abilities\.",
            r"class abilities can be static, activated, or triggered abilities\.",
        ),
    ),
    "class.starts-at-level-1": RuleText(
        claims={
            "starts-at-level-1": (
                r"each class starts at level 1 and has the abilities in the top section of its text box\.",
                r"each class starts with only the first of 3 class abilities\.",
            ),
            "gains-level-abilities": (
                r"once a class advances to level 2 or level 3, it has all of the abilities listed in the associated "
                r"section of its text box as well\.",
                r"as the first level ability resolves, the class becomes level 2 and gains the second class "
                r"ability\.",
                r"as the second level ability resolves, the class becomes level 3 and gains the third class "
                r"ability\.",
            ),
        },
    ),
    "class.no-repeat-level": RuleText(
        claims={
            "no-repeat": (
                r"you can't activate an ability that advances a class to a particular level if that class is already "
                r"that level or higher\.",
                r"you can't activate the first level ability of a class unless that class is level 1\.",
                r"similarly, you can't activate the second level ability of a class unless that class is level 2\.",
            )
        },
        explains=(
            r"for example, if a class is already level 2, you can't activate the ability that advances it to "
            r"level 2 again\.",
        ),
    ),
    "class.level-up-uses-stack": RuleText(
        claims={
            "normal-ability": (
                r"an ability that advances a class to a higher level is a normal activated ability\.",
                r"gaining a level is a normal activated ability\.",
            ),
            "uses-stack": r"it uses the stack and can be responded to\.",
        },
    ),
    "class.keeps-previous-levels": RuleText(
        claims={"keeps": r"gaining a level won't remove abilities that a class had at a previous level\."},
    ),
    "class.levels-tracked-separately": RuleText(
        claims={
            "many-classes": (
                r"there's no restriction on how many class permanents you can control, whether they're the same or "
                r"different classes\.",
                r"you can multiclass or even control multiple class enchantments of the same class\.",
            ),
            "own-level": r"each class permanent tracks its own level separately\.",
        },
    ),
}

_FROM_HAND = r"if a spell with rebound that you cast from your hand "
REBOUND: dict[str, RuleText] = {
    "rebound.not-resolving-goes-to-graveyard": RuleText(
        claims={
            "no-rebound": (
                _FROM_HAND + r"doesn't resolve for any reason, including being countered, the spell will be put into "
                r"its owner's graveyard and you won't get to cast it again on your next turn\.",
                _FROM_HAND + r"doesn't resolve for any reason \(due being countered by a spell like cancel, or because "
                r"all of its targets are illegal\), rebound has no effect\.",
                _FROM_HAND + r"is countered or doesn't resolve \(most likely because its targets have become "
                r"illegal\), none of its effects will happen, including rebound\.",
                _FROM_HAND + r"is countered for any reason, that spell won't resolve and none of its effects will "
                r"happen, including rebound\.",
                _FROM_HAND + r"doesn't resolve for any reason, including being countered, that spell won't resolve "
                r"and none of its effects will happen, including rebound\.",
                _FROM_HAND + r"doesn't resolve for any reason \(either because another spell or ability counters it "
                r"or because all its targets are illegal as it tries to resolve\), none of its effects will happen, "
                r"including rebound\.",
            ),
            "to-graveyard": (
                r"the spell is simply put into your graveyard\.",
                r"the spell will be put into its owner's graveyard and you won't get to cast it again on your next "
                r"turn\.",
                r"you won't get to cast it again next turn\.",
            ),
        },
    ),
    "rebound.recast-optional": RuleText(
        claims={
            "optional": (
                r"casting the card again due to (?:rebound's|the) delayed triggered ability is optional\.",
                r"if you are unable to cast a card from exile this way, or you choose not to, nothing happens when "
                r"the delayed triggered ability resolves\.",
            ),
            "stays-exiled": (
                r"if you choose not to cast the card, or if you can't (?:because an effect prohibits it|\(perhaps "
                r"because there are no legal targets available\)), the card will stay exiled\.",
                r"the card remains exiled for the rest of the game, and you won't get another chance to cast the "
                r"card\.",
            ),
            "no-second-chance": r"you won't get another chance to cast it on a future turn\.",
        },
        explains=(r"if you do cast the card, it's put into its owner's graveyard as normal once it resolves\.",),
    ),
}

_PERMISSION = re.compile(r"\byou may (?:play|cast)\b")
_THIS_TURN = ("this turn", "until end of turn")
_LASTING = ("for as long as", "next turn")


def grants_exile_play(*, lasting: bool = True, on_resolution: bool = True) -> Applies:
    """The card exiles cards and lets you play (or cast) them. ``lasting=False``: not a
    permission that outlasts the turn ("for as long as ...", "until the end of your next turn");
    ``on_resolution=False``: not one used only while the card resolves (with no "this turn"),
    where the cards' timing is ignored."""

    def applies(card: CardData) -> str | None:
        text = card.text.lower()
        if "exile" not in text or not _PERMISSION.search(text):
            return "no permission to play cards it exiles in its oracle text"
        if not lasting and any(w in text for w in _LASTING):
            return "its permission lasts beyond the turn (the rule is about a permission that ends)"
        if not on_resolution and not any(w in text for w in _THIS_TURN + _LASTING):
            return "its cards are cast while it resolves, when their normal timing is ignored"
        return None

    return applies


def paid_permission(card: CardData) -> str | None:
    """A ruling saying the exiled cards' costs must still be paid speaks of a paid permission."""
    if "without paying" in card.text.lower():
        return "its permission waives the cards' mana costs, the ruling says they must be paid"
    return None


#: Playing cards exiled with a permission (Fallen Shinobi, and any card that lets you play cards
#: it exiled: "you may play those cards this turn", "until end of turn, you may cast ...").
EXILE: dict[str, RuleText] = {
    "play-from-exile.timing-unchanged": RuleText(
        claims={
            "timing-unchanged": (
                rf"~'s (?:triggered |activated |static )?ability doesn't change when you can {_PLAY} {_EXILED}\.",
                rf"(?:this|that|~'s) effect doesn't change when you can {_PLAY} {_EXILED}\.",
            ),
            "costs-paid": rf"if you choose to {_PLAY} {_EXILED} this turn, you must still pay all costs and follow "
            r"all timing restrictions required by that card\.",
            "sorcery-timing": (
                r"for example, if a (?:sorcery|creature) card is exiled, you can cast it only during your main "
                r"phase (?:when|while) the stack is empty\.",
            ),
            "land-timing": (
                r"if a land card is exiled, you can play it only during your main phase and only if you have an "
                r"available land play remaining\.",
                r"if it's a land, you can't play it unless you have a land play available\.",
            ),
        },
    ),
    "play-from-exile.cast-once": RuleText(
        claims={
            "leaves-exile": r"(?:casting|playing) (?:an|the) exiled card causes it to leave exile\.",
            "only-once": r"you can't cast it (?:multiple times|more than once)\.",
        },
    ),
    "play-from-exile.uncast-stay-exiled": RuleText(
        claims={
            "stay-exiled": (
                rf"any cards? (?:you don't {_PLAY}|not (?:cast|played))(?:, including land cards,)? (?:will )?"
                r"remains? (?:in exile|exiled)\.",
                rf"if you (?:don't|choose not to) {_PLAY} {_EXILED}, (?:it|they) remains? (?:in exile|exiled)\.",
            ),
            "permission-gone": (
                r"it won't be available to be played on future turns\.",
                r"they can't be (?:cast|played) on later turns\.",
            ),
        },
    ),
}
