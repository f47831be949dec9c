"""Why a ruling is uncovered, said so a user can act on it.

The reason quotes the first sentence the closest template cannot read **as the user wrote it**
(typography aside), then says which of two cases it is:

- a claim the harness checks, in other words: the claim reader read part of the sentence and it
  is close to checked claims, ranked closest first; a wording file in the user's corpus
  (:mod:`rulings.user_wordings`) can map the sentence to one of them;
- a rule nothing checks: the sentence reads as a claim no family checks, or is close to none.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulings.claims import parse
from rulings.corpus import Ruling, normalize
from rulings.meaning import set_aside
from rulings.templates import TEMPLATES, Reading, Template, UserWording, template_text
from rulings.text import sentences
from rulings.user_wordings import closest_claims, is_checked

#: Below this closeness a partly read sentence is "a rule nothing checks" (no claim is near).
CLOSE_ENOUGH = 0.5


def original_sentence(ruling: Ruling, sentence: str) -> str:
    """``sentence`` (normal form) as the ruling's text writes it: the sentence at the same place
    of the text split the same way (normalizing does not move sentence ends)."""
    normal = sentences(template_text(ruling.text, ruling.cards))
    written = sentences(normalize(ruling.text))
    if len(normal) == len(written) and sentence in normal:
        return written[normal.index(sentence)]
    return sentence


def kind_of(sentence: str) -> str:
    """Which of the two cases an unread sentence (normal form) is, with the closest checked
    claims ranked."""
    split = set_aside(sentence)
    reading = parse(split.claim)
    ranked = closest_claims(reading.claim)
    listed = "; ".join(
        f"{i}. {name} ({c.describe()}, closeness {score:.2f})" for i, (score, name, c) in enumerate(ranked, 1)
    )
    if reading.complete:
        if is_checked(reading.claim):
            return f"it states a checked claim ({reading.claim.describe()}), but not of the template its other sentences state"
        return f"a rule nothing checks: it reads as ({reading.claim.describe()}); closest checked claims: {listed}"
    if ranked and ranked[0][0] >= CLOSE_ENOUGH and ranked[0][2].concepts("action") & reading.claim.concepts("action"):
        return (
            f"maybe a checked claim in other words (words not read: {' '.join(reading.unread)}); "
            f"closest checked claims: {listed}; a wording file in the corpus's wordings/ can map it to one"
        )
    return f"a rule nothing checks (no checked claim is close; words not read: {' '.join(reading.unread)})"


def uncovered_reason(ruling: Ruling, user: Iterable[UserWording] = ()) -> str:
    """Why no template compiles ``ruling`` (see the module docstring)."""
    user = tuple(user)
    best: tuple[Template, Reading] | None = None
    for tpl in TEMPLATES:
        reading = tpl.read(ruling, user)
        if best is None or reading.read > best[1].read:
            best = (tpl, reading)
    if best is None or best[1].read == 0:
        first = sentences(template_text(ruling.text, ruling.cards))
        sentence = first[0] if first else ruling.text
        return f'no template reads "{original_sentence(ruling, sentence)}": {kind_of(sentence)}'
    tpl, reading = best
    if reading.unread:
        sentence = reading.unread[0]
        return f'template {tpl.id} does not read "{original_sentence(ruling, sentence)}": {kind_of(sentence)}'
    return f"template {tpl.id} reads only explanations here, no statement"
