"""Rulings compile by meaning (issue 24): the claim reader, asides, contradicting variants, users'
wording files, and what import and run say about an uncovered sentence."""

import json
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest

from harness.cli import uncovered_line
from rulings.cards import CardPool
from rulings.claims import bind, claim_from_record, parse
from rulings.compile import RulingCoverage, compile_corpus
from rulings.corpus import Corpus, Ruling, normalize, ruling_sha
from rulings.describing import read_paragraph
from rulings.importer import merge, read_rulings
from rulings.meaning import set_aside, tokens
from rulings.templates import TEMPLATES, template_text
from rulings.text import sentences
from rulings.user_wordings import UserWordingError, checked_claims, read_user_wordings
from rulings.why import original_sentence

DATA = Path(__file__).parent / "data" / "real-rulings"
AFTER_BLOCKERS = claim_from_record(
    {"modality": "only", "action": "activate", "object": "{keyword}-ability", "timing": "after-blockers"}, "test"
)


def ruling(text: str, cards: tuple[str, ...] = ("Fallen Shinobi",), rid: str = "test.r") -> Ruling:
    return Ruling(
        id=rid,
        text=text,
        sha=ruling_sha(text),
        cards=cards,
        sources=("x",),
        cr=("702.49",),
        tags=("combat",),
        status="executable",
    )


def coverage_of(text: str, cards: tuple[str, ...] = ("Fallen Shinobi",), pool: CardPool | None = None):
    (coverage,) = compile_corpus(Corpus((ruling(text, cards),)), pool).coverage
    return coverage


# --- normalization and asides ----------------------------------------------------------------


def test_contractions_tense_and_word_forms_meet():
    assert tokens("it can't be activated") == tokens("it cannot be activated") == tokens("it can not be activated")
    assert tokens("it won't enter") == tokens("it will not enter")
    assert tokens("abilities activated") == tokens("ability activates")
    assert tokens("~'s ability") == ("~", "'s", "ability")


def test_asides_are_set_aside_and_kept():
    split = set_aside("of course, the ninja isn't put onto the battlefield (see below) until the ability resolves.")
    assert split.claim == "the ninja isn't put onto the battlefield until the ability resolves."
    assert split.asides == ("(see below)", "of course")
    assert set_aside("that's because the ability uses the stack.").claim == ""


def test_a_quoted_example_and_a_sentence_that_only_explains_are_asides():
    split = set_aside('it is played using any other applicable restrictions such as "cast ~ only during combat."')
    assert split.claim == "it is played using any other applicable restrictions"
    assert split.asides == ('such as "cast ~ only during combat."',)
    assert set_aside("the only thing that's different is you're playing it from the exile zone.").claim == ""
    # A parenthetical that may restrict the claim stays in it (see below): only an example is set aside.
    assert "only" in set_aside("you can cast it (only if it's an instant).").claim


def test_another_form_of_the_same_zone_is_the_same_claim():
    assert (
        parse("if you don't cast it, it remains exiled.").claim
        == parse("if you don't cast it, it stays in exile.").claim
    )
    assert parse("it remains exiled.").claim.zone == "exile"


def test_a_rule_stated_as_a_consequence_reads_whole_and_its_variants_read_otherwise():
    before = "if ~ assigns combat damage during the first combat damage step, and then it loses first strike before the second combat damage step, it won't assign combat damage again in the second combat damage step."
    declared = claim_from_record(
        {
            "modality": "not",
            "action": "deal-damage+remove",
            "condition": "first-strike",
            "timing": "before-regular-damage-step+first-strike-damage-step+regular-damage-step",
        },
        "test",
    )
    assert bind(declared, parse(before).claim, {}) == {}
    for changed in (before.replace("won't", "will"), before.replace("before the second", "after the second")):
        reading = parse(changed)
        assert not reading.complete or bind(declared, reading.claim, {}) is None, changed


@pytest.mark.parametrize(
    "text, template",
    [
        ("Creatures with defender can't attack.", "defender.cant-attack"),
        ("Creatures with vigilance don't tap to attack.", "vigilance.attacks-untapped"),
        (
            "A creature with toughness greater than 0 that has been dealt damage by a source with deathtouch since the "
            "last time state-based actions were checked is destroyed.",
            "deathtouch.destroys",
        ),
        ("A creature with indestructible can't be destroyed.", "indestructible.not-destroyed"),
        ("A creature with indestructible isn't destroyed by lethal damage.", "indestructible.not-destroyed"),
        (
            "Damage dealt by a source with lifelink causes that source's controller to gain that much life.",
            "lifelink.gain-life",
        ),
        (
            "If a creature has haste, it can attack even if it has not been controlled by its controller continuously "
            "since their most recent turn began.",
            "haste.attacks-at-once",
        ),
        ("Only creatures with flying or reach can block a creature with flying.", "reach.blocks-flying"),
        ("A creature with flying can be blocked only by creatures with flying or reach.", "reach.blocks-flying"),
        ("A creature with reach can block a creature with flying.", "reach.blocks-flying"),
        ("Only two or more creatures can block a creature with menace.", "menace.two-or-more-blockers"),
        ("A creature with menace can't be blocked except by two or more creatures.", "menace.two-or-more-blockers"),
        (
            "Giving a creature flying after it has become blocked won't cause it to become unblocked.",
            "flying.block-stands",
        ),
        (
            "Gaining menace after blockers are declared won't cause a creature to become unblocked.",
            "menace.block-stands",
        ),
        ("If a creature gains vigilance after it attacks, it won't become untapped.", "vigilance.changes-after-attack"),
        ("If a creature loses vigilance after it attacks, it won't become tapped.", "vigilance.changes-after-attack"),
        (
            "If a creature loses first strike after first-strike combat damage has been dealt, it won't deal combat "
            "damage in the second combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        (
            "If a creature gains double strike after first-strike combat damage has been dealt, it will deal combat "
            "damage in the second combat damage step.",
            "first-strike.changed-after-first-damage",
        ),
        ("If an attacking creature loses haste, it won't be removed from combat.", "haste.attack-stands"),
    ],
)
def test_a_keyword_rule_in_another_word_form_compiles_by_meaning(text, template):
    c = coverage_of(text, cards=())
    assert c.coverage == "template" and c.template == template, c.reason


@pytest.mark.parametrize(
    "text",
    [
        "Creatures with defender can attack.",
        "Creatures with vigilance tap to attack.",
        "A creature with toughness greater than 0 that has been dealt damage by a source with deathtouch since the "
        "last time state-based actions were checked isn't destroyed.",
        "Attacking doesn't cause creatures with vigilance to untap.",
        "Creatures with haste can't attack.",
        "A creature with indestructible can be destroyed.",
        "A creature with indestructible is destroyed by lethal damage.",
        "Damage dealt by a source with lifelink causes an opponent to gain that much life.",
        "Damage dealt by a source with lifelink doesn't cause that source's controller to gain that much life.",
        "Damage dealt by a source with deathtouch causes that source's controller to gain that much life.",
        # Roles exchanged: the same words, who blocks whom reversed.
        "A creature with flying or reach can't be blocked except by creatures with flying.",
        "A creature with reach can't be blocked except by creatures with flying and/or reach.",
        "A creature with flying can't block except creatures with flying and/or reach.",
        "A creature with flying can block a creature with reach.",
        "A creature with flying can be blocked by a creature with reach only.",
        "Only creatures with flying can block a creature with flying or reach.",
        "A creature can't be blocked except by two or more creatures with menace.",
        "Two or more creatures with menace can block only one creature.",
        "A creature with menace can't block except two or more creatures.",
        # A block or an attack that stands, changed: negated, another time, the change reversed.
        "Gaining menace after blockers are declared will cause a creature to become unblocked.",
        "Gaining menace before blockers are declared won't cause a creature to become unblocked.",
        "Giving a creature flying before it has become blocked won't cause it to become unblocked.",
        "If a creature loses vigilance after it attacks, it will become tapped.",
        "If a creature gains vigilance after it attacks, it will become untapped.",
        "If a creature gains vigilance before it attacks, it won't become untapped.",
        "If a creature gains vigilance after it attacks, it won't become tapped.",
        "If a creature gains first strike after first-strike combat damage has been dealt, it won't deal combat damage "
        "in the second combat damage step.",
        "If a creature loses first strike after first-strike combat damage has been dealt, it will deal combat damage "
        "in the second combat damage step.",
        "If a creature loses first strike before first-strike combat damage has been dealt, it won't deal combat damage "
        "in the second combat damage step.",
        "If an attacking creature loses haste, it will be removed from combat.",
        "If an attacking creature gains haste, it won't be removed from combat.",
        "A creature that loses haste before it has been declared as an attacking creature doesn't stop attacking.",
    ],
)
def test_a_keyword_rule_changed_does_not_compile(text):
    assert coverage_of(text, cards=()).coverage == "uncovered"


def test_a_braced_name_that_is_no_slot_is_a_value():
    declared = claim_from_record({"modality": "not", "action": "attack+turn-{t}"}, "t")
    assert bind(declared, parse("attacking doesn't tap it.").claim, {}) == {}
    assert bind(declared, parse("attacking doesn't untap it.").claim, {}) is None
    slotted = claim_from_record({"action": "mean+turn-{symbol}", "object": "{symbol}-symbol"}, "t")
    assert bind(slotted, parse('the tap symbol means "tap this permanent."').claim, {"symbol": ("{t}", "{q}")}) == {
        "symbol": "{t}"
    }


def test_a_swap_inside_an_aside_is_no_contradicting_variant():
    sentence = "It won't assign combat damage again (perhaps because you no longer control a red permanent)."
    assert variant(sentence, OTHER_PLAYER) is None
    assert variant("You can't cast it (perhaps because you chose not to).", OTHER_PLAYER) == (
        "An opponent can't cast it (perhaps because you chose not to)."
    )


def test_one_rule_in_other_frames_is_one_claim():
    frames = [
        "the ninjutsu ability can be activated only after blockers have been declared.",
        "you can activate a ninjutsu ability only after blockers are declared.",
        "you can't activate ninjutsu abilities unless blockers have been declared.",
        "only after blockers have been declared can you activate the ninjutsu ability.",
    ]
    claims = {parse(f).claim for f in frames}
    assert all(parse(f).complete for f in frames), [parse(f).unread for f in frames]
    assert len(claims) == 1
    assert bind(AFTER_BLOCKERS, claims.pop(), {"keyword": ("ninjutsu",)}) == {"keyword": "ninjutsu"}


def test_an_unknown_word_leaves_a_sentence_unparsed():
    reading = parse("the ninjutsu ability can be activated only after blockers have been declared, mostly.")
    assert not reading.complete and reading.unread == ("mostly",)


def test_a_declared_slot_binds_one_value_everywhere():
    declared = claim_from_record({"action": "mean+turn-{symbol}", "object": "{symbol}-symbol"}, "t")
    slots = {"symbol": ("{t}", "{q}")}
    assert bind(declared, parse('the untap symbol in an activation cost means "untap this permanent."').claim, slots)
    mixed = parse('the untap symbol in an activation cost means "tap this permanent."').claim
    assert bind(declared, mixed, slots) is None


def test_an_aside_or_a_new_frame_compiles_and_quotes_stay_the_users():
    text = (
        "You can activate a ninjutsu ability only after blockers are declared (of course). "
        "Before then, attacking creatures are neither blocked nor unblocked."
    )
    c = coverage_of(text)
    assert c.coverage == "template" and c.template == "ninjutsu.activation-after-blockers", c.reason


# --- contradicting variants -------------------------------------------------------------------

NEGATE = (
    (r"\bcan't\b", "can"),
    (r"\bcannot\b", "can"),
    (r"\bwon't\b", "will"),
    (r"\bdoesn't\b", "does"),
    (r"\bdon't\b", "do"),
    (r"\bisn't\b", "is"),
    (r"\bnever\b", "always"),
    (r"\bcan\b", "can't"),
    (r"\bwill\b", "won't"),
    (r"\bis\b", "isn't"),
    (r"\bare\b", "aren't"),
    (r"\bonly\b", "also"),
)
OTHER_ZONE = (
    (r"\bhand\b", "graveyard"),
    (r"\bgraveyard\b", "hand"),
    (r"\blibrary\b", "graveyard"),
    (r"\bfrom exile\b", "from your graveyard"),
    (r"\bin exile\b", "in your graveyard"),
    (r"\bexiled\b", "in your graveyard"),
    (r"\bbattlefield\b", "graveyard"),
    (r"\bcommand zone\b", "graveyard"),
    (r"\bstack\b", "graveyard"),
)
OTHER_TIME = (
    (r"\bafter\b", "before"),
    (r"\bbefore\b", "after"),
    (r"\buntil\b", "after"),
    (r"\bupkeep\b", "end step"),
    (r"\bnext turn\b", "this turn"),
    (r"\bthis turn\b", "next turn"),
    (r"\bfuture turn\b", "past turn"),
    (r"\bdeclare blockers step\b", "declare attackers step"),
    (r"\bduring\b", "before"),
    (r"\bmain phase\b", "end step"),
    (r"\bas it resolves\b", "as it is cast"),
)
OTHER_PLAYER = (
    (r"\byour\b", "an opponent's"),
    (r"\byou\b", "an opponent"),
    (r"\bits controller\b", "an opponent"),
    (r"\bits owner's\b", "an opponent's"),
)
#: Who does what to whom reversed: the passive made active and the active passive (the blocked
#: creature becomes the blocker).
ROLE_SWAP = (
    (r"\bbe blocked by\b", "block"),
    (r"\bbe blocked except by\b", "block except"),
    (r"\bbecome blocked by\b", "block"),
    (r"\bis blocked by\b", "blocks"),
    (r"\bblocked by\b", "blocking"),
    (r"\bcan block\b", "can be blocked by"),
    (r"\bblocks\b", "is blocked by"),
)
#: Another step of combat: the first-strike damage step for the regular one, blockers for attackers.
OTHER_STEP = (
    (r"\bfirst-strike combat damage step\b", "regular combat damage step"),
    (r"\bfirst combat damage step\b", "second combat damage step"),
    (r"\bsecond combat damage step\b", "first combat damage step"),
    (r"\b(?:regular|normal) combat damage step\b", "first-strike combat damage step"),
    (r"\b(?:regular|normal) combat damage\b", "first-strike combat damage"),
    (r"\bfirst-strike (?:combat )?damage\b", "regular combat damage"),
    (r"\bdeclare attackers step\b", "declare blockers step"),
    (r"\bdeclare blockers step\b", "declare attackers step"),
    (r"\battackers\b", "blockers"),
    (r"\bblockers\b", "attackers"),
    (r"\bas an attacker\b", "as a blocker"),
)
#: Another number of creatures (twenty-first round): the rules of blocks and trample turn on whether one blocker or all of
#: them is gone, on one blocker or two or more. Whether a count swap contradicts depends on the rule ("lethal damage to
#: each creature blocking it" / "to one creature blocking it" does; "it remains blocked even if one of / all of its
#: blockers are destroyed" does not), so these are no kind of :data:`KINDS` (whose variants must never compile): the
#: dev-set variant benchmark counts them (:data:`COUNT_KINDS`) under a ceiling.
OTHER_COUNT = (
    (r"\bthe only creature\b", "one of the creatures"),
    (r"\bits only blocker\b", "one of its blockers"),
    (r"\ball (?:of )?(?:the )?creatures blocking\b", "one of the creatures blocking"),
    (r"\ball of its blockers\b", "one of its blockers"),
    (r"\beach creature blocking\b", "one creature blocking"),
    (r"\bevery creature blocking\b", "one creature blocking"),
    (r"\bone of (?:the|its|those) (?:creatures|blockers)\b", "all of its blockers"),
    (r"\btwo or more creatures\b", "one creature"),
    (r"\bby one creature\b", "by two creatures"),
    (r"\bby only one creature\b", "by two creatures"),
    (r"\bby two creatures\b", "by one creature"),
)
KINDS = {
    "negated": NEGATE,
    "another zone": OTHER_ZONE,
    "another time": OTHER_TIME,
    "another player": OTHER_PLAYER,
    "roles swapped": ROLE_SWAP,
    "another step": OTHER_STEP,
}
COUNT_KINDS = {"another count": OTHER_COUNT}
#: Keywords whose places in a sentence say who has them.
KEYWORDS = re.compile(
    r"\b(flying|reach|menace|trample|vigilance|deathtouch|lifelink|haste|defender|indestructible|first strike|"
    r"double strike)\b",
    re.IGNORECASE,
)


def keywords_exchanged(sentence: str, cards: tuple[str, ...] = ()) -> str | None:
    """``sentence`` with the first two different keywords it names exchanged ("a creature with
    flying can't be blocked except by creatures with reach" -> "... with reach ... with flying"):
    the subject's keyword given to the object and back. None if that claims nothing else."""
    found = list(KEYWORDS.finditer(sentence))
    for a in found:
        for b in found:
            if b.start() <= a.start() or a.group().lower() == b.group().lower():
                continue
            if re.fullmatch(r"\s*(?:,|or|and|and/or|nor)\s*", sentence[a.end() : b.start()]):
                continue  # "first strike or double strike": one list, one side; exchanging says the same
            changed = (
                sentence[: a.start()] + b.group() + sentence[a.end() : b.start()] + a.group() + sentence[b.end() :]
            )
            if claimed(changed, cards) != claimed(sentence, cards):
                return changed
    return None


def claimed(sentence: str, cards: tuple[str, ...]) -> str:
    """What a sentence claims: its template form with the asides set aside."""
    return set_aside(template_text(sentence, cards)).claim


def variant(sentence: str, swaps: tuple[tuple[str, str], ...], cards: tuple[str, ...] = ()) -> str | None:
    """``sentence`` with the first swap that changes what it claims made once (case kept at the
    start), or None. A swap inside an aside ("(perhaps because you no longer control ...)", a
    quoted example after "such as") leaves the claim as it was: it contradicts nothing, so the next
    place is tried."""
    for pattern, replacement in swaps:
        for found in re.finditer(pattern, sentence, flags=re.IGNORECASE):
            new = replacement if not found.group()[0].isupper() else replacement[0].upper() + replacement[1:]
            changed = sentence[: found.start()] + new + sentence[found.end() :]
            if claimed(changed, cards) != claimed(sentence, cards):
                return changed
    return None


def real_corpus() -> tuple[list[Ruling], CardPool]:
    imported, pool = read_rulings(DATA / "scryfall-rulings.json", DATA / "scryfall-cards.json")
    rulings, _ = merge(imported, [], ())
    return rulings, pool


def compiled_statements() -> Iterator[tuple[Ruling, CardPool | None, str]]:
    """Every compiled paragraph of the seed corpus and of the real-rulings test corpus, with each
    sentence its template reads as a statement (as the ruling writes it)."""
    seed = compile_corpus()
    real, pool = real_corpus()
    for suite, cards in ((seed, None), (compile_corpus(Corpus(tuple(real)), pool), pool)):
        for original, sentence in statements_of(suite.coverage, cards):
            yield original, cards, sentence


def statements_of(coverage: Iterable[RulingCoverage], cards: CardPool | None) -> Iterator[tuple[Ruling, str]]:
    """Each compiled paragraph of ``coverage`` with each sentence its template reads as a statement, as the ruling
    writes it (also used by ``benchmarks/dev_set_variants.py``)."""
    by_id = {t.id: t for t in TEMPLATES}
    for c in coverage:
        if c.coverage != "template" or c.template is None:
            continue
        tpl = by_id[c.template]
        data = tuple(d for name in c.ruling.cards if cards is not None and (d := cards.get(name)) is not None)
        split = sentences(template_text(c.ruling.text, c.ruling.cards))
        for part in read_paragraph(c.ruling.text, split, c.ruling.cards, data):
            # a statement (as written, in one of its readings or clause by clause), or a sentence
            # set aside as describing the card or as an example: a variant of any must not compile
            stated = part.describing is not None or part.example is not None
            for text in (part.text, *part.readings):
                found = tpl._read_by_wording(text, {}) or tpl._read_by_claim(text, {}, (), data)
                stated = stated or (found is not None and found[0] is not None)
            if part.clauses and tpl._read_clauses(part.clauses, {}, (), data, []) is not None:
                stated = True
            if stated:
                yield c.ruling, original_sentence(c.ruling, part.text)


def contradicting_variants(
    sentence: str, cards: tuple[str, ...], kinds: Mapping[str, tuple[tuple[str, str], ...]] = KINDS
) -> Iterator[tuple[str, str]]:
    """(kind, variant) for each kind of contradiction (of ``kinds``, and keywords exchanged) that changes what
    ``sentence`` claims."""
    for kind, swaps in [*kinds.items(), ("keywords exchanged", None)]:
        changed = keywords_exchanged(sentence, cards) if swaps is None else variant(sentence, swaps, cards)
        if changed is not None:
            yield kind, changed


@pytest.mark.slow
def test_no_contradicting_variant_of_a_compiled_sentence_compiles():
    variants: dict[int, dict[str, tuple[Ruling, str]]] = {}
    pools: dict[int, CardPool | None] = {}
    for original, cards, sentence in compiled_statements():
        for kind, changed in contradicting_variants(sentence, original.cards):
            text = normalize(original.text)
            if text.replace(sentence, changed, 1) == text:
                continue
            text = text.replace(sentence, changed, 1)
            pools[id(cards)] = cards
            at = variants.setdefault(id(cards), {})
            at.setdefault(text, (ruling(text, original.cards, f"variant.{len(at)}"), f"{kind}: {changed!r}"))
    assert sum(len(v) for v in variants.values()) >= 150
    compiled: list[str] = []
    for key, found in variants.items():
        suite = compile_corpus(Corpus(tuple(r for r, _ in found.values())), pools[key])
        what = {r.id: why for r, why in found.values()}
        compiled += [f"{what[c.ruling.id]} ({c.template})" for c in suite.coverage if c.coverage != "uncovered"]
    assert compiled == [], "\n".join(compiled)


# --- users' wording files ---------------------------------------------------------------------

NEW_WORDING = "Only once blockers are out may you activate a ninjutsu ability."
PARAGRAPH = NEW_WORDING + " Before then, attacking creatures are neither blocked nor unblocked."


def corpus_dir(tmp_path: Path, wording: str | None) -> Path:
    corpus = tmp_path / "corpus"
    (corpus / "wordings").mkdir(parents=True)
    (corpus / "mine.toml").write_text(
        "[[ruling]]\n"
        'id = "mine.after-blockers"\n'
        f"text = '''{PARAGRAPH}'''\n"
        f'sha = "{ruling_sha(PARAGRAPH)}"\n'
        'cards = ["Fallen Shinobi"]\n'
        'sources = ["my notes"]\n'
        'cr = ["702.49c"]\n'
        'tags = ["combat"]\n'
        'status = "executable"\n',
        encoding="utf-8",
    )
    if wording is not None:
        (corpus / "wordings" / "mine.toml").write_text(wording, encoding="utf-8")
    return corpus


WORDING_FILE = (
    "[[wording]]\n"
    "pattern = '''only once blockers are out may you activate a ninjutsu ability\\.'''\n"
    'claim = { action = "activate", modality = "only", object = "ninjutsu-ability", timing = "after-blockers" }\n'
)


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harness.cli", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
def test_a_users_wording_file_covers_a_new_wording_end_to_end(tmp_path):
    without = cli("rulings", "--corpus", str(corpus_dir(tmp_path / "a", None)), "--json", cwd=tmp_path)
    (row,) = json.loads(without.stdout)["rulings"]
    assert row["coverage"] == "uncovered"
    assert f'"{NEW_WORDING}"' in row["uncovered_reason"]
    assert "ninjutsu.activation-after-blockers.after-blockers" in row["uncovered_reason"]

    done = cli("rulings", "--corpus", str(corpus_dir(tmp_path / "b", WORDING_FILE)), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (row,) = json.loads(done.stdout)["rulings"]
    assert row["coverage"] == "template" and row["template"] == "ninjutsu.activation-after-blockers"
    assert row["invariants"]


@pytest.mark.parametrize(
    "body, error",
    [
        ("[[wording]]\npattern = 'x'\n", "needs a 'claim' record"),
        ("[[wording]]\npattern = '(x'\nclaim = { action = 'cast' }\n", "not a regular expression"),
        (
            "[[wording]]\npattern = 'x'\nclaim = { action = 'cast', colour = 'red' }\n",
            "unknown claim field(s) ['colour']",
        ),
        ("[[wording]]\npattern = 'x'\nclaim = { action = 'cast', modality = 'perhaps' }\n", "modality 'perhaps'"),
        ("[[wording]]\npattern = 'x'\nclaim = { modality = 'can' }\n", "needs an action"),
        (
            "[[wording]]\npattern = 'x'\nclaim = { action = 'activate', object = 'sneak-ability', zone = 'graveyard' }\n",
            "no invariant family checks the claim",
        ),
        ("[[wrong]]\n", "unknown table(s) ['wrong']"),
        (
            "[[wording]]\npattern = 'x'\nclaim = { action = 'activate', object = '{keyword}-ability' }\n",
            "not a family's slots",
        ),
        ("[[wording]]\npattern = 'x'\nclaim = { action = 'cast' }\nextra = 1\n", "exactly 'pattern' and 'claim'"),
    ],
)
def test_a_bad_wording_file_is_an_error_that_says_why(tmp_path, body, error):
    path = tmp_path / "w.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(UserWordingError) as caught:
        read_user_wordings(path)
    assert error in str(caught.value) and "w.toml: " in str(caught.value)


def test_a_wording_may_name_a_mana_symbol_a_slot_stands_for(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(
        "[[wording]]\npattern = 'q means untap\\.'\nclaim = { action = 'mean+turn-{q}', object = '{q}-symbol' }\n",
        encoding="utf-8",
    )
    (wording,) = read_user_wordings(path)
    assert wording.claim.object == "{q}-symbol"


def test_a_claim_nothing_checks_names_the_closest_checked_claims(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(
        "[[wording]]\npattern = 'x'\nclaim = { action = 'activate', modality = 'only', "
        "object = 'ninjutsu-ability', timing = 'upkeep' }\n",
        encoding="utf-8",
    )
    with pytest.raises(UserWordingError, match=r"Closest checked claims: ninjutsu\.activation-after-blockers"):
        read_user_wordings(path)


def test_every_declared_claim_is_a_claim_the_reader_can_give():
    """A declared concept the lexicon never produces could never be matched: a typo in a file."""
    from rulings.claims import LEXICON

    known = LEXICON.concepts()
    for name, claim in checked_claims():
        for field, concepts in known.items():
            for concept in claim.concepts(field):
                concept = concept.removesuffix("?")  # an implied concept: the reader gives it too
                if field == "subject" and concept == "you":
                    continue
                assert concept in concepts or "{" in concept, (name, field, concept)


# --- what import and run say ------------------------------------------------------------------


def test_import_says_which_checked_claim_an_uncovered_sentence_is_closest_to(tmp_path):
    rulings = [
        {
            "object": "ruling",
            "oracle_id": "1f3c2b00-0000-4ae1-9650-9553accac52e",
            "source": "wotc",
            "published_at": "2024-01-01",
            "comment": NEW_WORDING,
        },
        {
            "object": "ruling",
            "oracle_id": "1f3c2b00-0000-4ae1-9650-9553accac52e",
            "source": "wotc",
            "published_at": "2024-01-01",
            "comment": "Ninjas are known to enjoy tea in the afternoon.",
        },
    ]
    (tmp_path / "r.json").write_text(json.dumps(rulings), encoding="utf-8")
    done = cli(
        "rulings",
        "import",
        str(tmp_path / "r.json"),
        "--cards",
        str(DATA / "scryfall-cards.json"),
        "--out",
        str(tmp_path / "c" / "new.toml"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("uncovered")]
    assert len(lines) == 2
    near = next(line for line in lines if NEW_WORDING in line)
    assert "maybe a checked claim in other words" in near
    assert "1. ninjutsu.activation-after-blockers.after-blockers" in near
    tea = next(line for line in lines if "tea in the afternoon" in line)
    assert '"Ninjas are known to enjoy tea in the afternoon."' in tea and "a rule nothing checks" in tea


@pytest.mark.slow
def test_run_says_how_many_rulings_are_uncovered_and_which_command_says_why(tmp_path):
    corpus = corpus_dir(tmp_path, None)
    from rulings.corpus import load_corpus

    suite = compile_corpus(load_corpus(corpus))
    line = uncovered_line(suite, [corpus], [])
    assert (
        line
        == f"mtg-conformance: 1 ruling uncovered (no invariant tests them); why: mtg-conformance rulings --uncovered --corpus {corpus}"
    )
    assert uncovered_line(compile_corpus(), [], []) == "mtg-conformance: 0 rulings uncovered"
    why = cli("rulings", "--uncovered", "--corpus", str(corpus), cwd=tmp_path)
    assert "mine.after-blockers" in why.stdout and NEW_WORDING in why.stdout


def test_the_original_sentence_is_quoted_not_its_normal_form():
    r = ruling("Fallen Shinobi’s ability can’t be used. It’s TRUE.")
    assert original_sentence(r, sentences(template_text(r.text, r.cards))[1]) == "It's TRUE."


@pytest.mark.slow
def test_a_run_prints_the_uncovered_count_and_the_command_on_its_console(tmp_path):
    corpus = corpus_dir(tmp_path, None)
    covered = "The ninjutsu ability can be activated only after blockers have been declared."
    (corpus / "covered.toml").write_text(
        "[[ruling]]\n"
        'id = "mine.covered"\n'
        f"text = '''{covered}'''\n"
        f'sha = "{ruling_sha(covered)}"\n'
        'cards = ["Fallen Shinobi"]\n'
        'sources = ["my notes"]\n'
        'cr = ["702.49c"]\n'
        'tags = ["combat"]\n'
        'status = "executable"\n',
        encoding="utf-8",
    )
    done = cli(
        "run",
        "--corpus",
        str(corpus),
        "--profile",
        "ci",
        "-n",
        "1",
        "--invariant",
        "mine",
        "--out",
        str(tmp_path / "out"),
        cwd=tmp_path,
    )
    lines = done.stdout.splitlines()
    assert lines[1] == (
        "mtg-conformance: 1 ruling uncovered (no invariant tests them); "
        f"why: mtg-conformance rulings --uncovered --corpus {corpus}"
    ), done.stdout + done.stderr


def test_negated_clauses_do_not_cancel_and_one_more_negation_changes_the_claim():
    both = parse("it doesn't use the stack and can't be responded to.").claim
    neither = parse("it uses the stack and can be responded to.").claim
    one = parse("it uses the stack and can't be responded to.").claim
    assert len({both.modality, neither.modality, one.modality}) == 3
    assert (neither.modality, one.modality, both.modality) == ("can", "cannot", "cannot*2")


def test_a_parenthetical_that_may_restrict_the_claim_is_not_set_aside():
    assert set_aside("you can cast it (but only if you control a ninja).").asides == ()
    text = (
        "You can activate a ninjutsu ability only after blockers are declared (but only if you control a Ninja). "
        "Before then, attacking creatures are neither blocked nor unblocked."
    )
    assert coverage_of(text).coverage == "uncovered"


def test_a_bad_wording_file_in_a_corpus_is_one_line_and_exit_2(tmp_path):
    corpus = corpus_dir(tmp_path, "[[wording]]\npattern = 'x'\nclaim = { action = 'cast' }\n")
    done = cli("rulings", "--corpus", str(corpus), cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert "wordings/mine.toml: wording 1: no invariant family checks the claim" in line


def test_import_reads_the_wording_files_of_the_corpus_it_writes_into(tmp_path):
    ruling_json = [
        {
            "object": "ruling",
            "oracle_id": "1f3c2b00-0000-4ae1-9650-9553accac52e",
            "source": "wotc",
            "published_at": "2024-01-01",
            "comment": PARAGRAPH,
        }
    ]
    (tmp_path / "r.json").write_text(json.dumps(ruling_json), encoding="utf-8")
    (tmp_path / "c" / "wordings").mkdir(parents=True)
    (tmp_path / "c" / "wordings" / "mine.toml").write_text(WORDING_FILE, encoding="utf-8")
    done = cli(
        "rulings",
        "import",
        str(tmp_path / "r.json"),
        "--cards",
        str(DATA / "scryfall-cards.json"),
        "--out",
        str(tmp_path / "c" / "new.toml"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "compiled" in done.stdout and "ninjutsu.activation-after-blockers" in done.stdout, done.stdout


def test_a_negation_inside_a_relative_clause_negates_no_claim():
    """Fourteenth round: "a creature that hasn't dealt combat damage" narrows a noun. Its "not" once
    counted as the clause's, so "giving it first strike ... will stop it from dealing combat damage" read
    as the claim that it won't (a false compile the contradicting variants found)."""
    from rulings.claims import parse
    from rulings.meaning import spell_out

    negated = parse(spell_out("giving first strike to a creature that hasn't dealt combat damage will stop it"))
    plain = parse(spell_out("giving first strike to a creature will not stop it"))
    assert negated.claim.modality != plain.claim.modality or negated.unread
    assert parse(spell_out("a creature that can't block can attack")).claim.modality == "can"
