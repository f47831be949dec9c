"""Users' wording files: new wording for a checked claim, without editing the package.

A corpus directory may hold ``wordings/*.toml``; each file lists sentence patterns and the claim
record each one states::

    [[wording]]
    pattern = "only once blockers are out may ninjutsu be used\\."
    claim = { action = "activate", modality = "only", object = "{keyword}-ability", timing = "after-blockers" }

``pattern`` is a regular expression over one sentence's normal form (lower case, the card's name
as ``~``, numbers as digits: :mod:`rulings.text`; asides set aside: :mod:`rulings.meaning`),
matched against the whole sentence. ``claim`` is a record of :class:`rulings.claims.Claim`. A
wording is accepted only if its claim is one an invariant family checks (declared in
``rulings/wordings/*.toml``), so a user's file can add words, never a rule nothing tests; every
error names the file, the entry and why, with the closest checked claims when the claim is none.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

from rulings.claims import CLAIM_FIELDS, IMPLIED, Claim, ClaimError, bind, claim_from_record, closeness
from rulings.corpus import CorpusError
from rulings.templates import EXPLAINS, TEMPLATES, UserWording


class UserWordingError(CorpusError):
    """A user's wording file is malformed or maps a pattern to a claim nothing checks (a corpus
    error: every command that reports a bad corpus in one line reports this one too)."""


def checked_claims() -> list[tuple[str, Claim]]:
    """Every claim an invariant family checks, as ``("template.statement", claim)``."""
    return [
        (f"{tpl.id}.{state}", claim)
        for tpl in TEMPLATES
        for state, claims in tpl.wordings.claims.items()
        if state != EXPLAINS
        for claim in claims
    ]


def closest_claims(claim: Claim, limit: int = 3) -> list[tuple[float, str, Claim]]:
    """The checked claims closest to ``claim`` (best first, one per statement): (closeness,
    name, claim)."""
    ranked = sorted(
        ((closeness(declared, claim), name, declared) for name, declared in checked_claims()),
        key=lambda t: (-t[0], t[1]),
    )
    best: dict[str, tuple[float, str, Claim]] = {}
    for entry in ranked:
        best.setdefault(entry[1], entry)
    return list(best.values())[:limit]


def slot_names() -> set[str]:
    """The names of the families' slots ("keyword", "symbol"); any other braced name in a claim,
    such as the mana symbol in "{q}-symbol", is a value."""
    return {name for tpl in TEMPLATES for name in tpl.wordings.slots}


def is_checked(claim: Claim) -> bool:
    """True if some family's template checks ``claim`` (with some values of its slots)."""
    return any(
        bind(declared, claim, tpl.wordings.slots) is not None
        for tpl in TEMPLATES
        for declared in (c for state, claims in tpl.wordings.claims.items() if state != EXPLAINS for c in claims)
    )


def read_user_wordings(path: Path) -> list[UserWording]:
    """The wordings of one file, each checked (see the module docstring)."""
    where = f"{path.parent.name}/{path.name}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise UserWordingError(f"{where}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"wording"})
    if unknown:
        raise UserWordingError(f"{where}: unknown table(s) {unknown} (expected [[wording]] entries)")
    entries = data.get("wording")
    if not isinstance(entries, list) or not entries:
        raise UserWordingError(f"{where}: no [[wording]] entry in the file")
    out: list[UserWording] = []
    for n, entry in enumerate(entries, 1):
        at = f"{where}: wording {n}"
        if not isinstance(entry, dict) or set(entry) - {"pattern", "claim"}:
            raise UserWordingError(f"{at}: must be a table with exactly 'pattern' and 'claim'")
        pattern = entry.get("pattern")
        if not isinstance(pattern, str) or not pattern.strip():
            raise UserWordingError(f"{at}: 'pattern' must be a non-empty string (a sentence's regular expression)")
        try:
            regex = re.compile(pattern.strip())
        except re.error as exc:
            raise UserWordingError(f"{at}: pattern is not a regular expression ({exc}): {pattern!r}") from None
        if "claim" not in entry:
            raise UserWordingError(f"{at}: needs a 'claim' record (the claim the sentence states)")
        try:
            claim = claim_from_record(entry["claim"], at)
        except ClaimError as exc:
            raise UserWordingError(str(exc)) from None
        implied = next((c for name in CLAIM_FIELDS for c in claim.concepts(name) if c.endswith(IMPLIED)), None)
        if implied is not None:
            raise UserWordingError(
                f"{at}: a wording's claim states what its sentence says: {implied!r} marks a concept a family's "
                f"declared claim may leave implied; write {implied.removesuffix(IMPLIED)!r} if the sentence names it"
            )
        slot = next((v for v in vars(claim).values() if set(re.findall(r"\{([a-z_]+)\}", v)) & slot_names()), None)
        if slot is not None:
            raise UserWordingError(
                f"{at}: a wording's claim names values, not a family's slots: {slot!r} "
                "(write the value the sentence states, such as 'ninjutsu-ability' or '{q}-symbol')"
            )
        if not is_checked(claim):
            near = "; ".join(f"{name} ({c.describe()})" for _, name, c in closest_claims(claim))
            raise UserWordingError(
                f"{at}: no invariant family checks the claim ({claim.describe()}); "
                f"a wording may only restate a checked claim. Closest checked claims: {near}"
            )
        out.append(UserWording(regex, claim, at))
    return out


def load_user_wordings(paths: Iterable[Path]) -> tuple[UserWording, ...]:
    """Every wording of the given files, in order."""
    return tuple(w for path in paths for w in read_user_wordings(path))
