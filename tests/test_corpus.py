"""The ruling corpus: the shipped files match their seed pages, and every mistake a hand-edited
corpus file can hold is reported as one line naming the file, the entry and the field."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from rulings import corpus as corpus_module
from rulings.corpus import (
    Corpus,
    CorpusError,
    Ruling,
    load_corpus,
    load_ruling_file,
    normalize,
    ruling_sha,
)

SEEDS = Path(corpus_module.__file__).parent / "seeds"
CARD_OF_PAGE = {
    "000_63fbc1d6b88a67a8.txt": "Panglacial Shinobi",
    "001_18ea9cec321a067d.txt": "Fallen Shinobi",
    "002_a9c6aac82cb666f6.txt": "Aven Mindcensor",
    "003_2dfd964b4a2105f3.txt": "Jeskai Baller",
    "004_e6b834abc090f183.txt": "Ninja Teen",
}
INFORMATIONAL = {"playtest.generous-assumption", "playtest.tournament-legality", "playtest.modified-symbols"}


def seed_paragraphs() -> dict[str, set[str]]:
    """Each distinct paragraph of the seed pages -> the pages that carry it."""
    pages: dict[str, set[str]] = defaultdict(set)
    for page in sorted(SEEDS.glob("*.txt")):
        header, *paragraphs = page.read_text(encoding="utf-8").split("\n\n")
        assert header == "Search"
        for paragraph in paragraphs:
            pages[paragraph].add(page.name)
    return pages


@pytest.fixture(scope="module")
def shipped() -> Corpus:
    return load_corpus()


# --- the shipped corpus --------------------------------------------------------------------


def test_seed_pages_are_shipped():
    assert sorted(p.name for p in SEEDS.glob("*.txt")) == sorted(CARD_OF_PAGE)


def test_shipped_corpus_lives_in_topic_files(shipped):
    assert len(shipped) > 0 and len({r.id for r in shipped}) == len(shipped)
    assert all(r.file.startswith("rulings/corpus/") and r.file.endswith(".toml") for r in shipped)
    topics = ("generic-mana", "ninjutsu", "library-search", "play-from-exile", "rebound", "class", "sneak", "playtest")
    assert {f"{topic}.toml" for topic in topics} <= {Path(r.file).name for r in shipped}


def test_every_seed_paragraph_is_exactly_one_ruling_with_its_pages(shipped):
    paragraphs = seed_paragraphs()
    assert set(paragraphs) <= {r.text for r in shipped}
    for paragraph, pages in paragraphs.items():
        (ruling,) = [r for r in shipped if r.text == paragraph]
        assert {s for s in ruling.sources if s in CARD_OF_PAGE} == pages, ruling.id
        assert list(ruling.sources) == sorted(ruling.sources), ruling.id
        assert {CARD_OF_PAGE[p] for p in pages} <= set(ruling.cards), ruling.id


def test_a_ruling_citing_a_seed_page_is_printed_there(shipped):
    paragraphs = seed_paragraphs()
    for ruling in shipped:
        for page in set(ruling.sources) & set(CARD_OF_PAGE):
            assert page in paragraphs.get(ruling.text, set()), ruling.id


def test_eight_generic_rulings_are_on_every_page(shipped):
    generic = [r for r in shipped if set(r.sources) >= set(CARD_OF_PAGE)]
    assert len(generic) == 8
    assert {Path(r.file).name for r in generic} == {"generic-mana.toml"}


def test_every_sha_matches_its_text(shipped):
    for ruling in shipped:
        assert ruling.sha == ruling_sha(ruling.text), ruling.id


def test_only_the_playtest_notes_are_informational_and_they_say_why(shipped):
    assert {r.id for r in shipped if not r.executable} == INFORMATIONAL
    for ruling in shipped:
        if ruling.executable:
            assert ruling.reason is None
        else:
            assert ruling.reason and ruling.reason.strip()


def test_the_two_after_blockers_paragraphs_are_two_rulings(shipped):
    singular, plural = shipped.get("ninjutsu.after-blockers"), shipped.get("ninjutsu.after-blockers-plural")
    assert singular.text.startswith("The ninjutsu ability can be activated only after blockers")
    assert plural.text.startswith("Ninjutsu abilities can be activated only after blockers")
    assert singular.sha != plural.sha


def test_corpus_lookups(shipped):
    assert shipped.get("mana.undefined-type").cards[: len(CARD_OF_PAGE)] == tuple(CARD_OF_PAGE.values())
    with pytest.raises(KeyError, match=r"no-such\.ruling"):
        shipped.get("no-such.ruling")
    aven = shipped.by_source("002_a9c6aac82cb666f6.txt")
    assert len(aven) >= 8 + 4
    assert all("002_a9c6aac82cb666f6.txt" in r.sources for r in aven)
    assert list(shipped) == list(shipped.rulings)


# --- normalize and sha ---------------------------------------------------------------------


def test_normalize_straightens_quotes_and_collapses_whitespace():
    assert normalize("  It\u2019s \u201cX\u201d\u00a0and\t\n \u2018y\u2019  ") == "It's \"X\" and 'y'"
    assert normalize("\uff21") == "A"  # NFKC folds compatibility forms


def test_sha_ignores_typography_but_not_words():
    assert ruling_sha("Don\u2019t  tap.") == ruling_sha("Don't tap.")
    assert ruling_sha("Don't tap.") != ruling_sha("Do tap.")
    assert re.fullmatch(r"[0-9a-f]{16}", ruling_sha("x"))


# --- loading files -------------------------------------------------------------------------

TEXT = "The ninjutsu ability can be activated only after blockers have been declared."


def entry(**overrides: object) -> dict[str, object]:
    """A valid entry, with fields replaced (or removed, with the value ``None``)."""
    fields: dict[str, object] = {
        "id": "ninjutsu.after-blockers",
        "text": TEXT,
        "sha": ruling_sha(TEXT),
        "cards": ["Fallen Shinobi"],
        "sources": ["001_18ea9cec321a067d.txt"],
        "cr": ["702.49c", "509.1h"],
        "tags": ["combat", "timing"],
        "status": "executable",
    }
    fields.update(overrides)
    return {k: v for k, v in fields.items() if v is not None}


def toml(*entries: dict[str, object]) -> str:
    # JSON strings and arrays of strings/numbers are valid TOML values.
    return "\n".join(
        "[[ruling]]\n" + "".join(f"{key} = {json.dumps(value)}\n" for key, value in e.items()) for e in entries
    )


def write(directory: Path, name: str, content: str) -> Path:
    path = directory / name
    path.write_text(content, encoding="utf-8")
    return path


def test_a_valid_file_loads(tmp_path):
    other = "After the search is complete, the entire library is shuffled."
    path = write(
        tmp_path,
        "a.toml",
        toml(
            entry(note="why not"),
            entry(id="search.shuffle", text=other, sha=ruling_sha(other), status="informational", reason="because"),
        ),
    )
    first, second = load_ruling_file(path)
    assert first == Ruling(
        id="ninjutsu.after-blockers",
        text=TEXT,
        sha=ruling_sha(TEXT),
        cards=("Fallen Shinobi",),
        sources=("001_18ea9cec321a067d.txt",),
        cr=("702.49c", "509.1h"),
        tags=("combat", "timing"),
        status="executable",
        note="why not",
        file=str(path),
    )
    assert first.executable and not second.executable and second.reason == "because"


def test_literal_multiline_text_is_kept_verbatim(tmp_path):
    text = "It\u2019s \u201cfine\u201d, isn't it?\u00a0Yes."
    body = toml(entry(text=None, sha=ruling_sha(text))) + f"text = '''{text}'''\n"
    (ruling,) = load_ruling_file(write(tmp_path, "a.toml", body))
    assert ruling.text == text


def test_load_corpus_reads_all_directories_sorted_by_name(tmp_path):
    texts = {name: f"Ruling {name}." for name in ("b", "a", "c")}
    for name, text in texts.items():
        folder = tmp_path / ("one" if name != "c" else "two")
        folder.mkdir(exist_ok=True)
        write(folder, f"{name}.toml", toml(entry(id=f"x.{name}", text=text, sha=ruling_sha(text))))
    loaded = load_corpus(tmp_path / "one", tmp_path / "two")
    assert [r.id for r in loaded] == ["x.a", "x.b", "x.c"]
    assert loaded.rulings[2].file == str(tmp_path / "two" / "c.toml")


def test_error_shows_a_relative_path_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "bad.toml", toml(entry(sha="abc")))
    with pytest.raises(CorpusError) as raised:
        load_ruling_file(Path("bad.toml"))
    assert str(raised.value).startswith("bad.toml: entry 1 (id 'ninjutsu.after-blockers'): field 'sha': ")
    with pytest.raises(CorpusError, match=r"^missing: not a directory$"):
        load_corpus(Path("missing"))


def test_sha_mismatch_says_what_the_text_hashes_to(tmp_path):
    path = write(tmp_path, "n.toml", toml(entry(), entry(id="x.y", text="Other.", sha="abc")))
    with pytest.raises(CorpusError) as raised:
        load_ruling_file(path)
    assert str(raised.value) == (
        f"{path}: entry 2 (id 'x.y'): field 'sha': is 'abc', but the text hashes to "
        f"'{ruling_sha('Other.')}' (the official wording changed? update sha)"
    )


def assert_error(path: Path, *parts: str) -> None:
    with pytest.raises(CorpusError) as raised:
        load_ruling_file(path)
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    for part in parts:
        assert part in message, message


@pytest.mark.parametrize(
    "content, parts",
    [
        pytest.param("[[ruling]]\nid = \n", ["not valid TOML", "line 2"], id="invalid-toml"),
        pytest.param("", ["no [[ruling]] list"], id="empty-file"),
        pytest.param('ruling = "x"\n', ["no [[ruling]] list"], id="ruling-not-a-list"),
        pytest.param(
            toml(entry()).replace("[[ruling]]", "[[rulings]]"), ["unknown top-level key 'rulings'"], id="misspelt"
        ),
        pytest.param("ruling = [1]\n", ["entry 1:", "not a table"], id="entry-not-a-table"),
    ],
)
def test_file_level_errors(tmp_path, content, parts):
    assert_error(write(tmp_path, "bad.toml", content), *parts)


def test_invalid_utf8_is_a_corpus_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_bytes(b"[[ruling]]\nid = '\xff'\n")
    assert_error(path, "not valid TOML")


ENTRY_2 = "entry 2 (id 'ninjutsu.after-blockers')"


@pytest.mark.parametrize(
    "overrides, where, field, problem",
    [
        *[
            pytest.param({name: None}, "entry 2:" if name == "id" else ENTRY_2, name, "missing", id=f"missing-{name}")
            for name in ("id", "text", "sha", "cards", "sources", "cr", "tags", "status")
        ],
        pytest.param({"colour": "blue"}, ENTRY_2, "colour", "unknown field", id="unknown-field"),
        pytest.param({"id": 5}, "entry 2:", "id", "must be a string", id="id-not-string"),
        pytest.param({"text": ["a"]}, ENTRY_2, "text", "must be a string", id="text-not-string"),
        pytest.param({"note": 1}, ENTRY_2, "note", "must be a string", id="note-not-string"),
        pytest.param({"cards": "Fallen Shinobi"}, ENTRY_2, "cards", "must be a list of strings", id="cards-not-list"),
        pytest.param({"tags": ["combat", 1]}, ENTRY_2, "tags", "must be a list of strings", id="tags-not-strings"),
        pytest.param({"text": "  \n "}, ENTRY_2, "text", "is empty", id="empty-text"),
        pytest.param({"id": "Ninjutsu.After"}, "entry 2 (id 'Ninjutsu.After')", "id", "slug", id="bad-id"),
        pytest.param({"id": "ninjutsu.after blockers"}, "(id 'ninjutsu.after blockers')", "id", "slug", id="id-space"),
        pytest.param({"id": "ninjutsu"}, "entry 2 (id 'ninjutsu')", "id", "slug", id="id-without-topic"),
        pytest.param({"sha": "abc"}, ENTRY_2, "sha", "the text hashes to", id="sha-mismatch"),
        pytest.param({"cr": ["702.49A"]}, ENTRY_2, "cr", "'702.49A' is not a Comprehensive Rules number", id="bad-cr"),
        pytest.param({"cr": ["CR 702"]}, ENTRY_2, "cr", "'CR 702'", id="bad-cr-prefix"),
        pytest.param({"tags": ["combat", "flying"]}, ENTRY_2, "tags", "unknown tag 'flying'", id="unknown-tag"),
        pytest.param({"status": "todo"}, ENTRY_2, "status", "'todo'", id="bad-status"),
        pytest.param({"status": "informational"}, ENTRY_2, "reason", "missing", id="informational-no-reason"),
        pytest.param({"status": "informational", "reason": " "}, ENTRY_2, "reason", "missing", id="blank-reason"),
        pytest.param({"reason": "why"}, ENTRY_2, "reason", "takes no reason", id="executable-with-reason"),
        pytest.param({"cards": []}, ENTRY_2, "cards", "is empty", id="empty-cards"),
        pytest.param({"sources": []}, ENTRY_2, "sources", "is empty", id="empty-sources"),
        pytest.param(
            {"cards": [], "sources": ["Comprehensive Rules 2026-02-27"], "cr": []},
            ENTRY_2,
            "cr",
            "names its own rule number",
            id="rule-text-without-number",
        ),
    ],
)
def test_entry_errors_name_file_entry_and_field(tmp_path, overrides, where, field, problem):
    other = "Casting an exiled card causes it to leave exile."
    first = entry(id="play-from-exile.cast-once", text=other, sha=ruling_sha(other))
    path = write(tmp_path, "bad.toml", toml(first, entry(**overrides)))
    assert_error(path, where, f"field '{field}': ", problem)


def test_duplicate_id_within_a_file_names_both_entries(tmp_path):
    path = write(tmp_path, "dup.toml", toml(entry(), entry(text="Other.", sha=ruling_sha("Other."))))
    assert_error(path, ENTRY_2, "field 'id': duplicate id", f"already used by {path}: entry 1")


def test_duplicate_id_across_files_names_both_files(tmp_path):
    first = write(tmp_path, "a.toml", toml(entry()))
    second = write(tmp_path, "b.toml", toml(entry(text="Other.", sha=ruling_sha("Other."))))
    assert load_ruling_file(second)  # each file is fine on its own
    with pytest.raises(CorpusError) as raised:
        load_corpus(tmp_path)
    assert str(raised.value) == (
        f"{second}: entry 1 (id 'ninjutsu.after-blockers'): field 'id': duplicate id, already used by {first}: entry 1"
    )


def test_duplicate_text_names_both_rulings(tmp_path):
    # The same paragraph, typeset differently, is still the same ruling.
    retyped = TEXT.replace(" ", "  ", 1)
    first = write(tmp_path, "a.toml", toml(entry()))
    write(tmp_path, "b.toml", toml(entry(id="ninjutsu.again", text=retyped, sha=ruling_sha(retyped))))
    with pytest.raises(CorpusError) as raised:
        load_corpus(tmp_path)
    message = str(raised.value)
    assert message.startswith(f"{tmp_path / 'b.toml'}: entry 1 (id 'ninjutsu.again'): field 'text': same text as ")
    assert f"{first}: entry 1 (id 'ninjutsu.after-blockers')" in message


def test_directory_errors(tmp_path):
    with pytest.raises(CorpusError, match="not a directory"):
        load_corpus(tmp_path / "missing")
    with pytest.raises(CorpusError, match=r"no \*\.toml ruling files"):
        load_corpus(tmp_path)


def test_a_rule_text_quoted_from_the_comprehensive_rules_names_no_card(tmp_path):
    text = "Multiple instances of trample on the same creature are redundant."
    rule = entry(
        id="trample.redundant",
        text=text,
        sha=ruling_sha(text),
        cards=[],
        sources=["Comprehensive Rules 2026-02-27"],
        cr=["702.19g"],
    )
    (loaded,) = load_corpus(write(tmp_path, "rules.toml", toml(rule)).parent).rulings
    assert loaded.cards == () and loaded.cr == ("702.19g",)
