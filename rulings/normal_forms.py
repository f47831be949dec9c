"""One normal form for each class of wordings the sixth round of issue 24 reads (the non-combat
families: playing exiled cards, mana abilities, the {T}/{Q} costs, Class, rebound, ninjutsu).

Each entry rewrites a class of wordings that say one thing into the one form the lexicon
(``rulings/lexicon.toml``) reads, before the tokens are read (:func:`rulings.meaning.spell_out`,
after contractions are spelled out and after the earlier rounds' forms). A rewrite only writes the
same meaning another way; it never drops a word that could change the claim (a negation, a time, a
player, a zone), so a contradicting variant still reads otherwise. Rules cited are the
Comprehensive Rules'.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Nineteenth round: the inverted condition ("should all creatures blocking it be removed from combat, ..."), said
#: with "if" and the same subject and predicate ("if all creatures blocking it are removed from combat, ...").
INVERTED_CONDITION = re.compile(r"^should ((all|both|those|each|every|the|its|a|an|any|that|~|it)\b[^,]*?) be ")


def _if_for_should(found: re.Match[str]) -> str:
    return f"if {found.group(1)} {'are' if found.group(2) in ('all', 'both', 'those') else 'is'} "


def uninverted(text: str) -> str:
    """``text`` (lower case) with an inverted condition said with "if" (:data:`INVERTED_CONDITION`)."""
    return INVERTED_CONDITION.sub(_if_for_should, text)


#: Twenty-second round: a condition said after what follows from it ("the creature stays blocked if ~ leaves the
#: battlefield after blockers are declared"). One "if" only, ending the sentence, with no comma in it; not "even if",
#: "only if", "as if" (another meaning) nor an "if" that means "whether" ("it doesn't matter if ...", "check if ...").
_CONDITION_LAST = re.compile(
    r"^(?P<main>(?!(?:if|when|once|after|before|because|although|though|unless|while|as long as|for example|for instance)\b)"
    r"[^;:]+?)(?<!\beven)(?<!\bonly)(?<!\bas)(?<!\bbut)(?<!\bmatter)(?<!\bmatters)(?<!\bcheck)(?<!\bchecks)(?<!\bsee)"
    r"(?<!\bknow)(?<!\bask)(?<!\bdetermine)(?<!\bdetermines)(?<!\bwonder)(?<!\bor)(?<!\band)(?<!,)"
    r" if (?P<cond>[^,;:]+?)(?P<end>[.?]?)$"
)


def condition_first(text: str) -> str | None:
    """``text`` (lower case, template form) with a condition said last said first ("if <cond>, <main>"), or None:
    the same claim in the order the readers' frames are written for."""
    found = _CONDITION_LAST.match(text)
    if found is None or " if " in found["main"] or re.search(r"\b(?:unless|until|whether)\b", found["main"]):
        return None
    return f"if {found['cond']}, {found['main']}{found['end']}"


#: (pattern, replacement), applied in order.
FORMS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (INVERTED_CONDITION, _if_for_should),
    # Nineteenth round: "only" before the participle it limits ("reach is only checked as blockers are declared",
    # "flying only matters as ..."): after it, where the lexicon reads the participle whole ("is checked only as ...")
    # (not "considered": "it is only considered tapped for mana if ..." says what counts as it, no moment)
    (re.compile(r"\b(is|are) only (checked|relevant)\b"), r"\1 \2 only"),
    (re.compile(r"\bonly (matters|matter)\b"), r"\1 only"),
    # Nineteenth round: a keyword named by the restriction it makes ("the restriction imposed by menace is checked only
    # once, as blockers are declared"): the keyword, checked only as blockers are declared
    (
        re.compile(
            r"\bthe (?:blocking )?(?:restriction|requirement) (?:imposed|created|set) by (menace|flying|reach)\b"
        ),
        r"\1",
    ),
    # twentieth round: ... or by the restrictions it is one of ("blocking restrictions such as menace are checked only as
    # blockers are declared")
    (
        re.compile(r"^(?:blocking |evasion )?(?:restrictions|abilities) such as (menace|flying|reach) are\b"),
        r"\1 is",
    ),
    (re.compile(r"\b(checked|relevant) only once, as\b"), r"\1 only as"),
    # Nineteenth round: the moment said of the creature ("at the time it is declared as an attacker", "at the moment
    # attackers are declared"): as attackers (or blockers) are declared
    (
        re.compile(
            r"\bat the (?:time|moment) (?:(?:it|a creature|the creature|that creature|~) is declared as an (attacker|blocker)"
            r"|(attackers|blockers) are declared)\b"
        ),
        lambda m: f"as {(m.group(1) + 's') if m.group(1) else m.group(2)} are declared",
    ),
    # ... and "only has an effect": matters only
    (re.compile(r"\bonly (?:has|have) an effect\b"), "matters only"),
    # Nineteenth round: why a change after the moment comes to nothing, said after the claim (", so it's too late to undo
    # the block"): the claim before, said again
    (
        re.compile(
            r",? (?:so|as|since|because) it(?: is|'s|\u2019s) too late (?:to (?:undo|change) (?:the|that|its|any) blocks?|for (?:menace|flying|reach|haste|vigilance|first strike|double strike)(?: or (?:flying|reach))? to matter)(?=\.?$)"
        ),
        "",
    ),
    # Seventeenth round: advice said in the imperative ("activate it before blockers are declared", "so cast ~ before
    # attackers are declared"): what one must do for the card to matter, as "you must ..." says it
    (
        re.compile(r"^(?:so,? )?(activate|cast|use) (?=(?:it|the|its|~|~'s|that|this)\b)"),
        r"you must \1 ",
    ),
    # Twenty-fourth round: a creature that "can attack without tapping", or "attacks without tapping", said as the whole
    # claim: attacking doesn't cause it to tap (702.20b), the rule's own frame
    (
        re.compile(
            r"^((?!(?:if|when|once|after|before|while|as|because|unless|even)\b)[a-z~' ]+?)"
            r" (?:can attack|attacks|attack|can still attack) without (?:tapping|becoming tapped)(?=\.?$)"
        ),
        r"attacking does not cause \1 to tap",
    ),
    # Seventeenth round: attacked "without tapping" is attacked (the creature had vigilance as it did: 702.20b), as the
    # combat facts read it
    (re.compile(r"\b(attacker|attacked|attacks|attack|attacking) without (?:tapping|becoming tapped)\b"), r"\1"),
    # Seventeenth round: exiled for good ("stays in exile for the rest of the game", "indefinitely"): stays in exile,
    # which says no end either
    (
        re.compile(
            r"\b((?:stays?|remains?) (?:in exile|exiled)) (?:for the rest of the game|indefinitely|permanently|forever)\b"
        ),
        r"\1",
    ),
    # Seventeenth round: the normal timing rules for the card the ruling's card lets you cast ("you must follow the
    # normal timing permissions and restrictions for a card cast with ~'s ability"): for playing it, as said alone
    (
        re.compile(
            r"^((?:you|its owner|that player) (?:still )?(?:must|has to|have to|need to|will have to|will need to) follow the"
            r" normal timing) (?:rules|permissions and restrictions|restrictions and permissions|permissions|restrictions)"
            r" for (?:a|the|any) (?:(?:exiled )?cards? (?:cast|played|exiled) (?:with|by|using) ~(?:'s (?:[a-z]+ )?ability)?"
            # (twentieth round: "for the exiled cards", "for cards exiled this way")
            r"|exiled cards?|cards? exiled this way)(?=\.?$)"
        ),
        r"\1 rules for playing it",
    ),
    # Twentieth round: the mode chosen, said as the premise ("if you choose ~'s second mode, you must still follow ...,"):
    # the claim is the same for the cards that mode exiles
    (re.compile(r"^if you choose (?:~'s |its |the )?(?:first|second|third|fourth|last) mode(?: of ~)?, "), ""),
    # Seventeenth round: ", including during an opponent's turn" after "any time you have priority": one of the times
    # it names
    (
        re.compile(
            r"(any time you (?:have|could have) priority),? including (?:during )?(?:an|your|each) opponents?'s? turns?(?=\.?$)"
        ),
        r"\1",
    ),
    # Seventeenth round: "(it doesn't return to its owner's library) or go to any other zone": no other zone either
    (re.compile(r",? or (?:go|goes|be put|move|moves) (?:to|into) any other zone\b"), ""),
    # Seventeenth round: "if you don't, ..." after the sentence that offers the card ("If you don't, it stays in exile.",
    # "If you don't, you won't be able to cast it later."): if you don't cast it. The negation is the elided verb's,
    # never the main clause's ("if you don't, that card returns to your hand" denies no return).
    (re.compile(r"^if you (?:do not|don't)(?: do so)?, "), "if you do not cast it, "),
    # Seventeenth round: "won't assign any combat damage": any is all of it ("won't assign combat damage")
    (re.compile(r"\b(deal|deals|assign|assigns) any (combat damage)\b"), r"\1 \2"),
    # ... and as what you will want to do ("you'll want to activate the ability before blockers are declared")
    (
        re.compile(
            r"^you(?: will| would)? (?:usually |often )?want to (activate|cast|use) (?=(?:it|the|its|~|~'s|that|this)\b)"
        ),
        r"you must \1 ",
    ),
    # Fourteenth round: the normal timing rules followed, said alone as an obligation ("You still need to follow
    # the normal timing rules."): followed for playing the card the ruling speaks of (the pronoun is its card).
    # Fifteenth: by whoever holds the permission ("its owner must follow ...", "that player must ...").
    (
        re.compile(
            r"^((?:you|its owner|their owner|the card's owner|that card's owner|the exiled card's owner|that player|the player"
            r"|each player|players|they|its controller) (?:still )?(?:must|has to|have to|needs to|need to|will have to|will need to)"
            r"(?: still)? follow the normal timing rules)"
            r"(?=\.?$)"
        ),
        r"\1 for playing it",
    ),
    # Fifteenth round: a keyword gained from the card, as the premise of a rule of having it ("if a creature with
    # trample gains deathtouch from ~, it needs to assign only 1 damage to each blocker"): it has the keyword
    (
        re.compile(
            r"\b(?:gains|gets|has gained) (deathtouch|trample|lifelink|first strike|double strike) from ~(?:'s ability)?(?![\w'])"
        ),
        r"has \1",
    ),
    # Fifteenth round: what a spell costs is its cost ("doesn't reduce what the spell costs")
    (
        re.compile(r"\bwhat (the spell|that spell|the exiled cards?|that card|the card|it|they) costs?\b"),
        lambda m: "the cost of " + ("it" if m.group(1) in ("it", "they") else m.group(1)),
    ),
    # Fifteenth round: control gained this turn is control that began this turn ("even if you gained control of it
    # only this turn" is "even if it came under your control this turn", 302.6)
    (
        re.compile(
            r"\byou (?:gained|gain|have gained) control of (it|them|that creature|the creature) (?:only )?this turn\b"
        ),
        lambda m: f"{'they' if m.group(1) == 'them' else 'it'} came under your control this turn",
    ),
    # Fourteenth round: a permission given is a thing let done ("it gives you permission to play it" is "it
    # lets you play it"; "doesn't give you permission to" is "doesn't let you"), the verb's form kept.
    (
        re.compile(r"\b(give|gives|grant|grants|giving|granting) you (?:the )?permission to\b"),
        lambda m: (
            {"give": "let", "grant": "let", "gives": "lets", "grants": "lets"}.get(m.group(1), "letting") + " you"
        ),
    ),
    # Sixth round: the timing rules followed "for" the object they are followed for, said without the
    # verb ("follow the normal timing rules for the exiled card"): following them is for playing it.
    (
        re.compile(r"\bfollow the normal timing rules for (?!playing |casting |its card type|the card's type)(?=\S)"),
        "follow the normal timing rules for playing ",
    ),
    # The timing rules "for its card type", "based on the card's type": the card's own timing rules.
    (
        re.compile(
            r"\b(timing (?:rules|restrictions|permissions))(?: (?:for|based on|of) (?:its|their|the card's|that card's"
            r"|the exiled card's|the cards'|each card's|the card) (?:card )?types?)"
        ),
        r"\1",
    ),
    # The card's type allowing a time is the card's normal timing; the rules that "would normally apply"
    # to a card are its timing rules.
    (
        re.compile(
            r"\bat the time (?:its|the card's|that card's|their) (?:card )?types? (?:would )?normally allows?\b"
        ),
        "when you could normally play it",
    ),
    (
        re.compile(
            r"\b(timing (?:rules|restrictions|permissions)) that (?:would )?normally apply(?: to (?:it|that card|the card|them))?"
        ),
        r"\1",
    ),
    # The times a card could be played at without the effect (its normal timing, 601.2, 305.1), one
    # form: "at a time (when) you couldn't normally cast it" / "any time you could not normally",
    # and "when you could normally play it" / "only at a time you normally could".
    (
        re.compile(
            r"\b(?:at (?:a |any |the )?times?|any ?time|when|whenever)(?: that| when)? you (?:could|can|would) not"
            r" normally(?: (?:be able to )?(?:play|cast))?(?: (?:it|them|that card|the card|those cards|that spell|the spell))?"
            r"(?=[,.;]|$)"
            # fourteenth round: "otherwise" for "normally" ("at a time you otherwise couldn't")
            r"|\b(?:at (?:a |any |the )?times?|any ?time|when|whenever)(?: that| when)? you (?:otherwise (?:could|can|would) not"
            r"|(?:could|can|would) not otherwise)(?: (?:be able to )?(?:play|cast))?"
            r"(?: (?:it|them|that card|the card|those cards|that spell|the spell))?(?=[,.;]|$)"
        ),
        "at a time you could not normally play it",
    ),
    (
        re.compile(
            r"\b(?:at (?:a |any |the )?times?|any ?time|when|whenever)(?: that| when)? you (?:could|can|would)"
            r" normally(?: (?:be able to )?(?:play|cast))?(?: (?:it|them|that card|the card|those cards|that spell|the spell))?"
            r"(?=[,.;]|$)"
        ),
        "when you could normally play it",
    ),
    # Changing the timing of playing a card, in other words: "change the timing rules for", "alter
    # the timing of" are "change when you can".
    (
        re.compile(
            r"\b(chang|alter)(?:e|es|ed|ing)? (?:the |any )?(?:normal )?timing(?: (?:rules|restrictions|permissions|requirements))?"
            r"(?: (?:for|of|on))?(?=[ .,;]|$)"
        ),
        "change when you can",
    ),
    # Continuous control since the turn began (302.6), one form for its many: "controlled ~
    # continuously since the start of your most recent turn", "... since their most recent turn began".
    (
        re.compile(
            r"\b(controlled(?: (?:it|~|that creature|the creature|them|that permanent))?) (?:continuously )?since"
            r" (?:the (?:start|beginning) of )?(?:your|their|its controller's|his or her) most recent turn(?: began| started)?"
        ),
        r"\1 continuously since your most recent turn began",
    ),
    # "during the turn it came under your control": the turn named by what happened in it.
    (re.compile(r"\b(?:during|on|in) the (?:same )?turn (?=(?:it|you|~|they|that creature)\b)"), "the turn "),
    # The attack target of the creature a ninjutsu cost returned (702.49c), one form.
    (
        re.compile(
            r"\bthe (?:same )?(?:player, planeswalker, or battle|player|planeswalker|battle)(?: or planeswalker)? (?:that |as )?"
            r"the (?:returned creature|creature (?:that was |you )?returned(?: to (?:your|its owner's) hand)?)"
            r"(?: was attacking\b|(?= *[,.;]|$))"
        ),
        "the same player, planeswalker, or battle that the returned creature was attacking",
    ),
    # An optional act said as one not required: "you may X, but you aren't required to" is "you may X".
    (
        re.compile(
            r",? but (?:you are not|you're not|you aren't) (?:required|obligated|forced) to(?: do so)?(?=[.,;]|$)"
        ),
        "",
    ),
    # A mana ability named by its text ("its {T}: Add {G} ability") is its {T} mana ability; mana named by
    # its symbols ("tapping it for {G}", "adds {C}") is mana (106.1, 107.4).
    (re.compile(r"\{t\}: add (?:\{[wubrgcs0-9]\})+ ability\b"), "{t} mana ability"),
    (
        re.compile(
            r"\b(for|add|adds|added|produce|produces|produced) (?:an additional |one )?(?:\{[wubrgcs0-9]\})+(?=[ ,.;]|$)"
        ),
        r"\1 mana",
    ),
    # Tapping the card for mana, the card named between the words ("tapping ~ for mana"); making no mana
    # said as adding nothing.
    (
        re.compile(r"\b(tap|taps|tapped|tapping) (?:~|that land|the land|this land|that permanent) for mana\b"),
        r"\1 it for mana",
    ),
    (re.compile(r"\b(add|adds|produce|produces) anything\b"), r"\1 any mana"),
    # A Class's level reached, said as an event: "after ~ becomes level 3" is "at level 3" (716.2).
    (
        re.compile(r"\b(?:after|once|when|as soon as) (?:~|it|the class) (?:becomes|reaches|is) level (\d)\b"),
        r"at level \1",
    ),
    # "taking X into account": the phrase whole before its object; a Class that "has its own level" tracks it.
    (re.compile(r"\btak(?:e|es|ing) ([a-z -]+?) into account\b"), r"taking into account \1"),
    (re.compile(r"\b(?:has|have) (?:its|their) own levels?\b"), "tracks its own level"),
    # The sorcery's timing said as a speed (307.1: a main phase of your turn, the stack empty).
    (
        re.compile(r"\b(?:at|with) sorcery (?:speed|timing)\b|\bas a sorcery\b"),
        "during your main phase while the stack is empty",
    ),
    # A permission that ends with the turn: "the permission to play it ends at the end of the turn" is
    # one to play it only this turn.
    (
        re.compile(
            r"\b(?:ends|expires|runs out|lasts only until|lasts until) (?:at )?(?:the )?end of (?:the|this|that) turn\b"
        ),
        "only this turn",
    ),
    # The card named by its state: "an untapped ~" is an untapped permanent.
    (re.compile(r"\ban? (untapped|tapped) (?:~|creature|artifact|land)(?!\w)"), r"an \1 permanent"),
    # Control since the turn began, said as being under your control.
    (
        re.compile(
            r"\bunder (?:your|their) control (continuously )?since the (?:start|beginning) of (?:your|their) turn\b"
        ),
        r"under your control \1since your most recent turn began",
    ),
    # "tapped and attacking": the attack is what a ruling of the entering creature claims (the tapped state is
    # the same event's); "until the ninjutsu ability resolves" is "until the ability resolves".
    (re.compile(r"\btapped and attacking\b"), "attacking"),
    (
        re.compile(r"\buntil (?:the|its|that) (?:[a-z]+ )?ability (?:resolves|has resolved)\b"),
        "until the ability resolves",
    ),
    # No obligation is an option: "you don't have to X" is "you may choose not to X" ("must not" is a
    # prohibition, "don't have to" is not).
    (re.compile(r"\b(?:do|does|did) not (?:have|need) to\b"), "may choose not to"),
    # A symbol's name (107.5, 107.6): "{Q} is the untap symbol", "the tap symbol is {T}" -> "{q} is called the untap symbol".
    (
        re.compile(r"(?<!\w)(\{[tq]\})(?: symbol)? is (?:called )?the ((?:un)?tap) symbol\b"),
        r"\1 is called the \2 symbol",
    ),
    (re.compile(r"\bthe ((?:un)?tap) symbol is (\{[tq]\})"), r"\2 is called the \1 symbol"),
    # The creature named again in "the turn the creature comes under your control".
    (
        re.compile(r"\bthe turn (?:the creature|that creature|the permanent|~) (comes|came) under\b"),
        r"the turn it \1 under",
    ),
    # "..., but not their costs" after what a card checks: it doesn't check their costs.
    (re.compile(r", but not (?:their|its|the) costs\b"), ", but it does not check their costs"),
    # Haste given by something: the creature has haste (702.10b).
    (
        re.compile(r"\bunless (?:something|an effect|another effect|a spell or ability) gives it haste\b"),
        "unless it has haste",
    ),
    # A turn-long time said with a preposition: "during this turn", "for the rest of the turn",
    # "through the end of that turn" are "this turn" (a later turn is "next turn": other words).
    (
        re.compile(
            r"\b(?:during|through|throughout|for the rest of|through the end of|any time during|at any time during)"
            r" (?:this|that|the same|the current) turn\b|\b(?:for|during) the rest of the turn\b"
        ),
        "this turn",
    ),
    # The end of the turn as the moment a permission ends: "once the turn ends", "after this turn ends",
    # "after the end of the turn" are "after this turn".
    (
        re.compile(
            r"\b(?:once|after|when|as soon as) (?:the|this|that) turn (?:ends|is over|has ended)\b"
            r"|\bafter the end of (?:the|this|that) turn\b"
        ),
        "after this turn",
    ),
    # Sixth round, later: "has no effect" is "does not apply"; the times a card can be cast changed is
    # changing when you can.
    (re.compile(r"\bhas no effect\b"), "does not apply"),
    (re.compile(r"\bchang(?:e|es|ed|ing) (?:the )?times? (?:at which|when) you can\b"), "change when you can"),
    # A card named by its state of exile before its kind: "an exiled sorcery" is a sorcery exiled with the card.
    (
        re.compile(r"\b(an?|the) exiled (sorcery|instant|creature card|land card|nonland card|land|creature|spell)\b"),
        r"\1 \2 exiled with ~",
    ),
    # The card's state as the cost's condition: "if it is untapped" is "if it is already untapped".
    (re.compile(r"\b(?:if|while) (?:~|it) is (un)?tapped\b(?! for mana| to | by )"), r"if it is already \1tapped"),
    # "part of ninjutsu's cost" is "part of the cost of ninjutsu"; checking whether costs can be paid is
    # checking the costs.
    (re.compile(r"\bpart of ([a-z]+)'s cost\b"), r"part of the cost of \1"),
    (
        re.compile(r"\bcheck(?:s|ing)? whether (?:the |their |its )?costs?\b[^,.;]*?\b(?:can|could) be paid\b"),
        "check their costs",
    ),
    # Waiting for a time before an act is doing it only then: "you must wait until your main phase to cast
    # it" is "you can cast it only during your main phase".
    (
        re.compile(
            r"\b(?:must|have to|has to|need to|needs to) wait (?:until|for) (.+?) to (cast|play|activate) (it|them)\b"
        ),
        r"can \2 \3 only \1",
    ),
    # Eighth round: the wait said with no act ("you'll have to wait until your main phase"): the exiled
    # card is played only then.
    (
        re.compile(
            r"\b(?:must|have to|has to|need to|needs to|will have to) wait (?:until|for) ((?:(?! to )[^;.])+?)(?=\.?$)"
        ),
        r"can play it only \1",
    ),
    # ... and the act named after the time ("wait until your main phase to cast a sorcery card exiled this way")
    (
        re.compile(
            r"\b(?:must|have to|has to|need to|needs to|will have to) wait (?:until|for) ([^,;.]+?) to (cast|play) "
            r"(?!it\b|them\b)([^,;.]+)"
        ),
        r"can \2 \3 only \1",
    ),
    # A necessary condition said as an obligation before the act it allows: "you must have controlled ~
    # continuously since ... to activate its ability" is "you can activate its ability only if you have ...".
    (re.compile(r"\byou must (have [^,;.]+?) to (activate|pay|use|tap) ([^,;.]+)"), r"you can \2 \3 only if you \1"),
    # "counts as (being) tapped for mana" is being tapped for mana.
    (re.compile(r"\bcounts? as (?:being )?(?=tap)"), "is "),
    # Eighth round: "usual" rules are the normal ones; the rules "for when you can cast it" are its timing
    # rules; that they "apply" is that playing it follows them (the ruling's subject is the exiled card).
    (re.compile(r"\busual\b"), "normal"),
    (
        re.compile(
            r"\b(?:the )?normal rules (?:for|about|on|of) when (?:you (?:can|may) (?:cast|play)|(?:it|they) (?:can|may) be"
            r" (?:cast|played))(?: (?:it|them))?"
        ),
        "the normal timing rules",
    ),
    (
        re.compile(
            r"^(?:the )?normal (?:timing )?(?:rules|restrictions|permissions)(?: and (?:timing )?(?:rules|restrictions"
            r"|permissions))? (?:still )?apply(?=\.?$)"
        ),
        "playing the card follows the normal timing rules",
    ),
    (
        re.compile(
            r"(?:,|;) and (?:the )?normal (?:timing )?(?:rules|restrictions|permissions) (?:still )?apply(?=\.?$)"
        ),
        ", and you follow the normal timing rules",
    ),
    (
        re.compile(
            r"\bfollow the normal timing rules (?:about|for|on) when (?:it|they) (?:can|may) be (?:cast|played)\b"
        ),
        "follow the normal timing rules",
    ),
    # A land play "remaining that turn" is a land play available (305.2).
    (
        re.compile(r"\bland plays? (?:remaining|available|left)(?: (?:that|this|for the|for that) turn)\b"),
        "land play available",
    ),
    # "can't or don't play it": not playing it, whatever the reason.
    (
        re.compile(r"\b(?:cannot or do not|do not or cannot|cannot or choose not to|choose not to or cannot)\b"),
        "do not",
    ),
    # Eighth round: a permanent tapped for a keyword's cost (convoke and improvise, 702.51, 702.126; crew,
    # 702.122; saddle, 702.171; station) is tapped to pay a cost, one more reason that is not mana (106.12).
    (
        re.compile(
            r"\b(?:to )?(?:pay for|pay|help pay for|help cast|help you cast|help (?:to )?pay for) (?:an? |the )?"
            r"(?:(?:spell|cost) (?:with|for) )?(?:convoke|improvise)(?: (?:cost|spell|costs|spells))?\b"
            r"|\b(?:to )?(?:help )?cast (?:~|it|a spell|the spell) (?:with|using) (?:convoke|improvise)(?!\w)"
            r"|\bto (?:crew|saddle|station) (?:an? vehicle|a mount|a spacecraft|~|it|them)(?!\w)"
        ),
        "to pay a cost",
    ),
    (
        re.compile(
            r"^(?:crewing|saddling|stationing) ~ with (an? [a-z ]+?)(?= does not| is not| will not| does\b| is\b)"
        ),
        r"tapping \1 to pay a cost",
    ),
    # Eighth round: the permanent tapped for mana named between the verb and "for mana" ("tapping that
    # creature for mana"): the lexicon reads the act ("tapping for mana"); the claims name the permanent
    # by its kind only where it matters.
    (
        re.compile(
            r"\b(tap|taps|tapping|tapped) (?:that|the|this|those|these|a|an|each|any) (?:creatures?|lands?|artifacts?"
            r"|permanents?) for mana\b|\b(tap|taps|tapping|tapped) (?:them|those) for mana\b"
        ),
        lambda m: f"{m.group(1) or m.group(2)} for mana",
    ),
    # Eighth round: when a keyword matters to combat, in other words: "at the moment attackers are
    # declared" is "as attackers are declared"; "for the purpose of attacking," names what the sentence is
    # about anyway; "the haste granted by ~" is haste (which card grants it does not change the rule).
    (
        re.compile(
            r"\bat the (?:moment|time|point) (?=(?:attackers|attacking creatures|blockers|blocking creatures) (?:are|were)"
            r" (?:declared|chosen))"
        ),
        "as ",
    ),
    (re.compile(r"^for the purposes? of (?:attacking|blocking|combat),\s*"), ""),
    (
        re.compile(
            r"\b(?:the )?(flying|haste|vigilance|menace|reach|first strike|double strike|trample|deathtouch|lifelink)"
            r" (?:granted|given) (?:by|from) ~(?:'s (?:[a-z]+ )?ability)?(?!\w)"
        ),
        r"\1",
    ),
    # Eighth round: a creature that "deals no combat damage" does not deal combat damage (the negation
    # kept, moved to the verb the lexicon reads).
    (re.compile(r"\b(deal|assign)s? no (combat damage|damage)\b"), r"does not \1 \2"),
)
