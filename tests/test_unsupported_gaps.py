"""``unsupported`` says whose gap it is: the adapter's ``Gap`` (the engine lacks the mechanic, the
adapter does not map it yet, the engine does not know the card) goes through the runner into
results.json (version 4, older versions still read) and the report, which merges reasons that
differ only by a card's name."""

from __future__ import annotations

import json

from protocol.adapter import Gap, StateUnsupported, Support
from reports.html import render_report
from reports.results import VERSION, ResultRecord, Results, Unmet
from reports.unsupported import ANY_CARD, classify, explain, without_card_names
from tests.test_report_views import run_info

LIBRARY = (
    "phase 0.103.0 has no library ninjutsu: its card parser leaves 'Library ninjutsu {1}{U}' an Unimplemented "
    "ability, and ActivateNinjutsu refuses a card in the library: 'Ninjutsu-family card not in hand or command zone'"
)
LOAD = "the engine could not load the drawn states: phase does not implement card {name}: unparsed a graveyard line"


def unsupported(invariant: str, reason: str, *, gap: str | None = None, unmet: tuple[Unmet, ...] = ()) -> ResultRecord:
    return ResultRecord("phase", invariant, ("r",), "outcome", "unsupported", reason=reason, unmet=unmet, gap=gap)


def test_the_adapters_gap_decides_over_the_words() -> None:
    """The library ninjutsu reason names cards ("its card parser", "card not in hand"): read from
    its words it was filed as a missing card; with the adapter's gap it is the engine's lack."""
    assert classify(LIBRARY) == "card"
    assert classify(LIBRARY, "mechanic:library-ninjutsu", "engine") == "engine"
    record = unsupported("lib/1", LIBRARY, unmet=(Unmet("mechanic:library-ninjutsu", LIBRARY, "engine"),))
    (reason,) = explain([record]).reasons
    assert reason.cls == "engine"


def test_reasons_that_differ_only_by_a_cards_name_are_one() -> None:
    records = [
        unsupported("class/a", LOAD.format(name="'Ninja Teen'"), gap="card"),
        unsupported("class/b", LOAD.format(name="'Teen Class 2B-B'"), gap="card"),
        unsupported("class/c", LOAD.format(name="'Ninja Teen'"), gap="card"),
        unsupported("other/d", "the phase adapter does not map mechanic:x yet", gap="adapter"),
    ]
    explained = explain(records)
    merged = next(r for r in explained.reasons if r.cls == "card")
    assert ANY_CARD in merged.text and "Ninja Teen" not in merged.text
    assert merged.cards == ("Ninja Teen", "Teen Class 2B-B") and merged.invariants == ("class/a", "class/b", "class/c")
    assert {c: n for c, _w, n in explained.by_class} == {"engine": 0, "adapter": 1, "card": 1}
    assert without_card_names('card "A \\" B" and card \'C\'')[1] == ('A \\" B', "C")


def test_gap_is_kept_in_results_json_and_older_files_still_load() -> None:
    record = unsupported("lib/1", LIBRARY, gap="engine", unmet=(Unmet("mechanic:library-ninjutsu", LIBRARY, "engine"),))
    results = Results(run_info("phase"), (), (record,))
    data = json.loads(results.to_json())
    assert data["version"] == VERSION == 4
    assert data["results"][0]["gap"] == "engine" and data["results"][0]["unmet"][0]["gap"] == "engine"
    assert Results.from_dict(data).results[0] == record
    for old in data["results"]:  # a version 3 file has no gap anywhere
        del old["gap"]
        for unmet in old["unmet"]:
            del unmet["gap"]
    data["version"] = 3
    loaded = Results.from_dict(data).results[0]
    assert loaded.gap is None and loaded.unmet[0].gap is None
    assert explain([loaded]).reasons[0].cls == "card"  # read from the words, as before


def test_an_unknown_gap_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="gap"):
        unsupported("x/1", "why", gap="somebody")


def test_the_report_shows_whose_gap_and_the_merged_cards() -> None:
    records = (
        unsupported("class/a", LOAD.format(name="'Ninja Teen'"), gap="card"),
        unsupported("class/b", LOAD.format(name="'Teen <b>Class'"), gap="card"),
    )
    html = render_report(Results(run_info("phase"), (), records))
    assert "the engine does not know the card" in html and "<code>Ninja Teen</code>" in html
    assert "Teen &lt;b&gt;Class" in html and "Teen <b>Class" not in html  # untrusted text escaped


def test_support_and_state_unsupported_carry_a_gap() -> None:
    assert Support.no("why", Gap.ENGINE).gap is Gap.ENGINE and Support.no("why").gap is None
    assert StateUnsupported("a card", Gap.CARD).gap is Gap.CARD and StateUnsupported("x").gap is None
