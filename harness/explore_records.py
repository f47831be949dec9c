"""The "rulings" an exploration checks: the Comprehensive Rules its global invariants cite.

A results file lists the rulings its invariants encode, and the report quotes them beside each
verdict. A global invariant encodes rules of the game, not a card's ruling, so an exploration's
results list each rule its invariants cite (``CR 704.3``), with the rule's text from the shipped
edition of the Comprehensive Rules and the invariants citing it.
"""

from __future__ import annotations

from harness.plan import explored
from reports.results import RulingRecord
from rulings.cr_text import shipped_rules


def rule_records(profile: str) -> tuple[RulingRecord, ...]:
    """One record per rule cited by the global invariants of ``profile``, in the order cited."""
    rules = shipped_rules()
    citing: dict[str, list[str]] = {}
    for inv in explored(profile):
        for ruling in inv.rulings:
            citing.setdefault(ruling, []).append(inv.id)
    records = []
    for ruling, invariants in citing.items():
        number = ruling.removeprefix("CR ")
        rule = rules.get(number)
        records.append(
            RulingRecord(
                id=ruling,
                text=rule.text if rule is not None else f"rule {number}",
                sources=(f"Comprehensive Rules, effective {rules.effective}",),
                cr=(number,),
                tags=("global",),
                coverage="bound",
                invariants=tuple(invariants),
            )
        )
    return tuple(records)


__all__ = ["rule_records"]
