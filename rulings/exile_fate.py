"""Where an exiled card nobody played goes, read as a fact and judged by the rules rather than
matched as a bag of words (issue 24, ninth round).

A permission to play an exiled card moves nothing when it ends (the card was exiled by the
effect; 406.6, 611.2): a card you did not play stays in exile. Rulings say so as a fate -- *which
cards* (the exiled cards not played, in the permission's time), and *where they are then* ("stay
in exile", "remain exiled indefinitely", "don't return to your hand", "are left in exile"). This
reader takes such a sentence apart into the two, each from a small grammar of its own forms, and
judges the fate: staying in exile, or not going to another zone, is the rule; going to a hand, a
library or a graveyard is its contradiction, read and refused. The permission's time, when the
sentence names it, is part of the statement: "this turn" is true of a permission that ends this
turn, "by the end of your next turn" of one that lasts until then (sixteenth round), and the
template's card test tells them apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from protocol.model import CardData
from rulings.reader_text import first_statement

STATE = "stay-exiled"
#: The same fate with the permission's time named: this turn (a permission that ends this turn), or the end of
#: your next turn (one that lasts until then). The template's card test tells which cards each is true of.
THIS_TURN = "stay-exiled-this-turn"
NEXT_TURN = "stay-exiled-next-turn"
STATES = (STATE, THIS_TURN, NEXT_TURN)
EXPLAINS = "explains"
#: A time of the current turn in a fate sentence ("this turn", "once the turn ends", "by end of turn").
_THIS_TURN_SAID = re.compile(r"\b(?:this|that|the same) turn\b|\bthe turn ends\b|\bend of (?:the |that |this )?turn\b")
#: The end of your next turn as the permission's window (not "on your next turn", a later turn).
_NEXT_TURN_SAID = re.compile(r"\b(?:by|before) the end of your next turn\b|\byour next turn ends\b")
#: A later turn the card can't be played on ("you can't play it later"): after the turn it was exiled in.
_LATER_SAID = re.compile(r"\b(?:later|future turns?|next turn)\b")

_EXILED = (
    r"(?:exiled (?:with|by) ~(?:'s (?:triggered |activated |first |second |third |last |)ability)?|exiled this way"
    # (eighteenth round: "exiled with it", the card named in the sentence before the clause)
    r"|exiled (?:with|by) it"
    r"|you exiled(?: this way| with ~)?)"
)
_CARDS = (
    rf"(?:(?:any|the|those|all|each|an?|that) |(?:one|any|either|each) of (?:the|those) )?(?:other )?(?:exiled |chosen )?"
    rf"(?:cards?|spells?)(?: {_EXILED})?"
)
_PLAY = r"(?:play|cast|played|cast)"
_NOT = r"(?:do not|does not|did not|have not|has not|had not|are not|were not|is not|was not|never)"
#: The permission's time: this turn, or until it ends (a later turn is another rule: not read).
_WINDOW = (
    r"(?: (?:this|that) turn| (?:before|by) the end of (?:the|this|that) turn| (?:before|by) the time (?:the|your|that) "
    r"permission (?:ends|expires)| before (?:the|your|that) permission (?:ends|expires)| this way"
    # twelfth round: "during that turn", "in time", "before the turn ends", "by end of turn"
    r"| during (?:this|that|the same) turn| in time| before (?:the|this|that) turn ends| (?:before|by) end of turn"
    # sixteenth round: a permission until the end of your next turn (the state says which: THIS_TURN / NEXT_TURN)
    r"| (?:before|by) the end of your next turn| before your next turn ends| by the time your next turn ends"
    # eighteenth round: a permission until your next end step
    r"| by the time your next end step begins| before your next end step(?: begins)?)?"
)
_UNPLAYED = (
    rf"(?:{_CARDS} (?:that|which) (?:you )?{_NOT} (?:yet )?(?:been )?{_PLAY}{_WINDOW}|{_CARDS} (?:not|never) {_PLAY}{_WINDOW}|"
    rf"(?:any|the) cards? you {_NOT} {_PLAY}{_WINDOW}"
    # twenty-fifth round: with where it is said first ("any card exiled with ~ you don't play before the turn ends")
    rf"|{_CARDS} you {_NOT} {_PLAY}{_WINDOW}"
    # tenth round: "any that you didn't play", "those you don't cast"
    rf"|(?:any|those|the ones?)(?: of them)? (?:that |which )?you {_NOT} {_PLAY}{_WINDOW}"
    # the card not chosen to be played is one nobody played
    rf"|(?:the|any) cards? you {_NOT} choose)"
)
_PRONOUN = r"(?:it|they|the card|the cards|that card|those cards|the exiled cards?)"
_IF_UNPLAYED = (
    rf"(?:if you (?:do not|choose not to|never|decide not to|have not|did not) {_PLAY} (?:it|them|{_CARDS}|{_PRONOUN})"
    # twelfth round: in the passive ("if the exiled card isn't played this turn")
    rf"|if (?:{_CARDS}|{_PRONOUN}) (?:is|are|was|were) (?:not|never) (?:played|cast)){_WINDOW}, "
)
#: Twelfth round: the permission gone with the turn ("you can't play it later"), the other half of the rule.
_LATER = (
    r"(?:later|on a later turn|on later turns|after (?:this|that) turn|after the turn ends|on (?:a )?future turns?"
    r"|in a later turn|on your next turn|next turn"
    # nineteenth round: "you can't play it anymore" (once the permission's turn has ended)
    r"|anymore|any longer"
    # twentieth round: after the window the sentence before named ("... remain exiled. You can't play them after that.")
    r"|after that)"
)
_NO_LONGER = (
    r"(?:you (?:cannot|can no longer|will not be able to|are not able to|may not|can not) (?:play|cast)"
    rf" (?:it|them|that card|those cards|the card|the cards) {_LATER}"
    # nineteenth round: in the passive, its subject the card of the clause before ("it will remain exiled and cannot be
    # played on a later turn")
    rf"|(?:cannot|can no longer|can not|will not) be (?:played|cast) {_LATER})"
)
#: Twenty-fifth round: the same said bare after the fate ("it remains exiled and you can't play it"): the time is the
#: condition's, the window gone.
_NO_LONGER_AFTER_FATE = rf"(?:{_NO_LONGER}|you (?:cannot|can no longer|will not be able to|are not able to|can not) (?:play|cast) (?:it|them))"
_WHEN = r"(?:(?:once|after|when) (?:the|that) turn ends|at (?:the )?end of (?:the )?turn|when (?:the|that) permission ends), "
_ZONE = (
    r"(?:(?:(?:your|its owner's|their owner's|their owners'|a player's) )?(?:hands?|library|libraries|graveyards?)"
    # twentieth round: "it doesn't return to its owner" (to its owner's hand)
    r"|its owner|their owners?)"
)
_ZONES = rf"{_ZONE}(?:(?:,| or|, or) {_ZONE})*"
#: Fates that are the rule: it stays in exile, or it goes to no other zone.
_STAYS = (
    # (twentieth round: "also remains exiled")
    r"(?:will )?(?:also )?(?:remains?|stays?|is left|are left|continues? to be|will be left|is stuck|are stuck) (?:in exile|exiled)"
    r"(?: indefinitely| forever| permanently| for the rest of the game)?"
    # tenth round: "... after the turn ends"
    r"(?: after (?:the|that) turn ends| once (?:the|that) turn ends| at (?:the )?end of (?:the|that) turn"
    # sixteenth round: after a permission until the end of your next turn
    r"| after your next turn ends| once your next turn ends)?(?: too| as well)?"
)
_GOES_NOWHERE = (
    rf"(?:(?:will not|do not|does not|cannot) (?:return|go|be put|be returned|come back)"
    # tenth round: in the passive ("they aren't put into your hand", "aren't returned to your hand at end of turn")
    r"|(?:are|is) not (?:returned|put|moved|sent)|(?:do|does) not get (?:returned|put))"
    rf"(?: back)? (?:to|into) {_ZONES}(?: at (?:the )?end of (?:the )?turn| when the turn ends)?"
    # eighteenth round: a second zone with a verb of its own ("won't return to your library or go to your graveyard")
    rf"(?: or (?:go|be put) (?:to|into) (?:{_ZONES}|any other zone))?"
)
#: Fates that contradict it.
_GOES = rf"(?:will )?(?:returns?|goes|go|is put|are put|is returned|are returned|comes back|come back)(?: back)? (?:to|into) {_ZONES}"
_ASIDE = (
    r"(?:,? even (?:though|if|after) (?:the|your|that) permission to (?:play|cast) (?:it|them) (?:has ended|ends|has expired|expires)"
    # nineteenth round: the card that exiled it still there ("..., even if ~ is still on the battlefield"): the permission
    # ended with the turn all the same
    r"|,? even if ~ is still on the battlefield)?"
)
#: ... and the permission's end as the reason (", as ~'s ability doesn't allow you to play it after that turn"): said again,
#: its "that turn" the permission's own (left out before the time the sentence names is read).
_ENDS_AS_REASON = re.compile(
    r",? (?:as|because|since) ~(?:'s (?:[a-z]+ )?ability)? (?:does not|will not) (?:allow|let) you (?:to )?(?:play|cast) (?:it|them)"
    r" (?:after that turn|after that|later|after (?:the|that) turn ends)$"
)

_FATE = (
    rf"(?P<fate>{_STAYS}|{_GOES_NOWHERE}|(?P<goes>{_GOES}))"
    # eighteenth round: where it does not go, said after where it stays ("it stays in exile; it won't return to your
    # library")
    rf"(?:(?:;|,? and) (?:it|they) {_GOES_NOWHERE})?"
)
_FRAMES = (
    re.compile(rf"(?:{_WHEN})?{_UNPLAYED} {_FATE}{_ASIDE}(?:,? and {_NO_LONGER_AFTER_FATE})?"),
    re.compile(rf"(?:{_WHEN})?{_IF_UNPLAYED}{_PRONOUN} {_FATE}{_ASIDE}(?:,? and {_NO_LONGER_AFTER_FATE})?{_ASIDE}"),
    re.compile(rf"{_IF_UNPLAYED}{_NO_LONGER}(?:,? and {_PRONOUN} {_FATE})?"),
    # thirteenth round: the condition after the fate ("the exiled card stays in exile if you don't play it before the
    # turn ends")
    re.compile(
        rf"(?:{_CARDS}|{_PRONOUN}) {_FATE}{_ASIDE} if you (?:do not|choose not to|never|decide not to) {_PLAY}"
        rf" (?:it|them){_WINDOW}"
    ),
    # said after the statement, through a pronoun: "It stays in exile." / "It won't return to your hand."
    re.compile(rf"(?P<bare>){_PRONOUN} {_FATE}"),
    # tenth round: "~ doesn't put the cards you don't play anywhere else"
    re.compile(rf"~ (?:does not|will not) (?:put|move|return) {_UNPLAYED} (?P<fate>anywhere else|(?:in)?to {_ZONES})"),
    # tenth round: the exiled cards, played or not, go to no other zone when the permission ends ("cards
    # exiled with ~ aren't returned to your hand at end of turn"): an explanation next to the statement
    re.compile(rf"(?P<bare>){_CARDS} (?P<fate>{_GOES_NOWHERE})"),
)


#: Eighteenth round: the cards that are included named in passing ("..., including land cards (which you can't play this
#: way), remain in exile"): a case of the claim, no claim of its own.
_INCLUDING = re.compile(
    r",? including (?:any )?[a-z]+ cards(?: \(which you (?:cannot|can not) (?:play|cast) this way\))?,?(?= )"
)


@lru_cache(maxsize=8192)
def _read(text: str) -> str | None:
    text = _ENDS_AS_REASON.sub("", _INCLUDING.sub("", text))
    for frame in _FRAMES:
        found = frame.fullmatch(text)
        if found is None:
            continue
        if found.groupdict().get("goes"):
            return None  # the card moved: the rule's contradiction
        if found.groupdict().get("bare") is not None:
            return EXPLAINS
        if _NEXT_TURN_SAID.search(text):
            return None if _THIS_TURN_SAID.search(text) else NEXT_TURN
        return THIS_TURN if _THIS_TURN_SAID.search(text) or _LATER_SAID.search(text) else STATE
    return None


def read_fate(texts: Iterable[str], cards: Iterable[CardData] = ()) -> str | None:
    """The statement one reading of a sentence makes of an unplayed exiled card's fate, "explains"
    for a fate said through a pronoun alone, or None."""
    return first_statement(texts, _read, STATES)
