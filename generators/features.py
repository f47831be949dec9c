"""State features: the rare states where engines break, drawn on purpose and counted.

A rule names object kinds (token, card), owner and controller, counts (zero, one, the limit,
over it), the steps of a window, each side of combat. An engine that gets the common case right
often gets one of these wrong, and a generator that draws them only by chance draws them too
rarely for a derandomized sample of a hundred examples. So each generator family keeps a
``FEATURES`` table: every feature it draws on purpose, the rule it comes from, the share of
draws it gets (its explicit weight), and how to observe it in a drawn scenario.

Observation is separate from drawing on purpose: the reach figures (``benchmarks/feature_reach.py``
and the reach test) count what the scenarios *hold*, not what the generator meant to draw, so
a feature lost on the way (a spec that forbids it, a later draw that undoes it) shows as a gap.
With ``--hypothesis-show-statistics``, each example records the features it holds as Hypothesis
events (``feature:<name>``), which pytest then prints per invariant.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from generators.strategies import sampled
from protocol.model import COLORS
from protocol.probe import Scenario

T = TypeVar("T")
#: 0..99, for :func:`chance` (built once: see ``generators.strategies``).
PERCENT = sampled(range(100))
#: The least share of an invariant's ``ci`` examples each feature it lists must be drawn in.
MIN_REACH = 0.05
#: Events a feature is recorded under: ``feature:<name>``.
EVENT_PREFIX = "feature:"


@dataclass(frozen=True)
class Feature:
    """One state feature of a generator family."""

    name: str
    #: The Comprehensive Rules numbers (or ruling ids) the feature comes from.
    rule: str
    #: What the feature is, in rules terms.
    what: str
    #: The percentage of draws (where the spec allows it) the generator gives the feature.
    weight: int
    #: Whether a drawn scenario holds the feature.
    holds: Callable[[Scenario[Any]], bool]

    def __post_init__(self) -> None:
        if not 0 < self.weight <= 100:
            raise ValueError(f"feature {self.name}: weight {self.weight} is not a percentage in 1..100")


def table(*features: Feature) -> dict[str, Feature]:
    """A family's ``FEATURES`` table, keyed by name (a name twice is an error)."""
    out: dict[str, Feature] = {}
    for f in features:
        if f.name in out:
            raise ValueError(f"feature {f.name!r} listed twice")
        out[f.name] = f
    return out


def chance(draw: st.DrawFn, percent: int) -> bool:
    """True in about ``percent`` % of draws; shrinks toward False (the feature off).

    ``sampled_from`` and not ``integers``: Hypothesis biases a bounded integer drawn late in a
    long composite strategy toward its lower end (measured: 4 % instead of 20 % above 80 of
    0..99), which would quietly starve the feature."""
    return draw(PERCENT) >= 100 - percent


def spread(draw: st.DrawFn, choices: Sequence[tuple[T, int]]) -> T:
    """One of ``choices`` (value, weight), drawn through one draw of 0..99 like :func:`chance`:
    a choice of a few options drawn late in a long composite strategy is skewed toward its first
    options (as a bounded integer is), one of a hundred much less."""
    total = sum(w for _, w in choices)
    n = draw(PERCENT) * total // 100
    for value, w in choices:
        if n < w:
            return value
        n -= w
    raise AssertionError("unreachable")  # pragma: no cover


#: One dimension of a :func:`joint` draw: its options with their weights, simplest first.
Dimension = tuple[tuple[Any, int], ...]
#: Up to this many combinations, a :func:`joint` draw is one integer choice: Hypothesis draws an
#: integer below 256 uniformly, and leans ever more toward small values above that (measured: of
#: a choice among 1,000, the lowest tenth came up in 21 % of draws, among 65,536 in 69 %), which
#: would starve the options of the most significant dimensions. More combinations are one choice
#: of random bytes (drawn uniformly), read as a fraction of the combinations, at least 64 byte
#: values per combination, so no combination is favoured by more than 1/64. (Each byte is one
#: more thing Hypothesis's shrinker tries to lower: no more bytes than that.)
UNIFORM_INTEGERS = 256
#: The most combinations of one :func:`joint` draw (a sanity bound: four bytes and one of margin).
JOINT_LIMIT = 1 << 32


def joint(draw: st.DrawFn, *dims: Dimension) -> tuple[Any, ...]:
    """One value per dimension, all from a single Hypothesis choice.

    Why: a run's cost is mostly Hypothesis's cost per choice (its spans, its choice tree, the
    mutations it derives), about 20 us each; a combat state drawn one small choice at a time (a
    flag, a power, a toughness ...) took some fifty of them. Drawing the index of one combination
    of several small independent choices (each option as often as its weight, independently of
    the others) asks for one. Shrinking still works toward simple states: index 0 is the first
    option of every dimension, so list each dimension's simplest option (the feature off, the
    smallest count) first, and the dimensions whose simplest option simplifies the state most
    (the counts of objects) first: the first dimension is the most significant, the one
    Hypothesis's shrinking lowers first. A dimension with one option costs nothing. The
    dimensions are the cache key: keep their options small values (flags, counts, indexes), not
    cards."""
    return _joint(dims)(draw)


#: Dimensions every generator uses: a fair coin, a player, a colour, the turn a state is in.
COIN: Dimension = ((False, 1), (True, 1))
PLAYER_DIM: Dimension = ((0, 1), (1, 1))
COLOR_DIM: Dimension = tuple((c, 1) for c in COLORS)
TURN_DIM: Dimension = tuple((t, 1) for t in range(2, 7))


class Joint:
    """A :func:`joint` draw built once (for dimensions known when a module loads)."""

    def __init__(self, *dims: Dimension) -> None:
        tables = []
        for dim in dims:
            if not dim or any(w < 0 for _, w in dim) or not any(w > 0 for _, w in dim):
                raise ValueError(f"joint draw: a dimension needs options with positive weights, got {dim!r}")
            common = math.gcd(*(w for _, w in dim if w > 0))
            tables.append(tuple(value for value, w in dim for _ in range(w // common)))
        total = math.prod(len(t) for t in tables)
        if total > JOINT_LIMIT:
            raise ValueError(f"joint draw of {total} combinations (more than {JOINT_LIMIT}): split it")
        self._total = total
        self._dims = tuple((len(t), t) for t in tables)
        self._bytes = 0
        self._strategy: st.SearchStrategy[Any] | None = None
        if UNIFORM_INTEGERS >= total > 1:
            self._strategy = st.sampled_from(range(total))
        elif total > UNIFORM_INTEGERS:
            self._bytes = ((total * 64 - 1).bit_length() + 7) // 8
            self._strategy = st.binary(min_size=self._bytes, max_size=self._bytes)

    def __call__(self, draw: st.DrawFn) -> tuple[Any, ...]:
        if self._strategy is None:
            n = 0
        else:
            value = draw(self._strategy, _fresh_label(draw))
            if self._bytes:
                # The bytes as a fraction of the combinations: smaller bytes, a smaller index, so
                # Hypothesis's shrinking of the bytes walks down the combinations in order.
                n = (int.from_bytes(value, "big") * self._total) >> (8 * self._bytes)
            else:
                n = value
        # The first dimension is the most significant: shrinking simplifies it first.
        out = []
        for size, options in reversed(self._dims):
            n, pick = divmod(n, size)
            out.append(options[pick])
        out.reverse()
        return tuple(out)


#: The example (Hypothesis's data behind the draw function, weakly) whose joint draws are being
#: counted, and how many it has made: one example is drawn at a time.
_counting: list[Any] = [None, 0]
_LABEL_STEP = 0x9E3779B97F4A7C15  # an odd 64-bit constant: labels 1, 2, 3 ... spread apart


def _fresh_label(draw: Any) -> int | None:
    """A span label of its own for each joint draw of an example (the first, the second ...).

    Why: Hypothesis derives up to five mutations from each example it generates by copying one
    span's choices over another span with the same label, keeping every other choice; all the
    mutations of an example share its first choices (the step group, the rare features, the
    board's counts), so a derandomized sample of a hundred examples held only about seventeen
    independent draws of them, and a claim that needs one group of steps was reached in 15 % of
    the examples instead of a third. With no two joint draws under one label, there is nothing to
    copy, and Hypothesis draws each example afresh. The labels depend only on the order of the
    draws, so every process draws the same examples. ``None`` (Hypothesis's own label) for a draw
    function that is not a Hypothesis example's (a test's stand-in)."""
    data = getattr(draw, "__self__", None)
    if data is None:
        return None
    current = _counting[0]
    if current is not None and current() is data:
        _counting[1] += 1
    else:
        try:
            _counting[0] = weakref.ref(data)
        except TypeError:  # not weak-referenceable: leave the label to Hypothesis
            return None
        _counting[1] = 1
    return (_counting[1] * _LABEL_STEP) & 0xFFFFFFFFFFFFFFFF


@lru_cache(maxsize=4096)
def _joint(dims: tuple[Dimension, ...]) -> Joint:
    return Joint(*dims)


def flag(percent: int) -> Dimension:
    """A :func:`joint` dimension: True in about ``percent`` % of draws (False first). 0: never."""
    if percent <= 0:
        return ((False, 1),)
    if percent >= 100:
        return ((True, 1),)
    return ((False, 100 - percent), (True, percent))


def among(values: Sequence[T], weights: Sequence[int] | None = None) -> Dimension:
    """A :func:`joint` dimension over ``values`` (each as often, or by ``weights``)."""
    if weights is None:
        return tuple((v, 1) for v in values)
    return tuple(zip(values, weights, strict=True))


def observed(scenario: Scenario[Any], features: Mapping[str, Feature], names: Iterable[str] | None = None) -> set[str]:
    """The features (of ``names``, default all) a scenario holds."""
    return {n for n in (features if names is None else names) if features[n].holds(scenario)}


#: Whether :func:`record` notes each drawn scenario's features as Hypothesis events. Only
#: ``--hypothesis-show-statistics`` prints them (the suite's plugin turns recording on with it):
#: observing every feature of every example cost about 1.5 % of a run that nothing read. The
#: reach figures observe the features themselves (:func:`observed`).
_recording = False


def record_events(on: bool) -> None:
    """Turn the feature events of :func:`record` on or off (off unless statistics are printed)."""
    global _recording
    _recording = on


def record(scenario: Scenario[Any], features: Mapping[str, Feature]) -> Scenario[Any]:
    """Record each feature the scenario holds as a Hypothesis event (inside a test, while
    recording is on: see :func:`record_events`)."""
    if _recording and currently_in_test_context():
        for name in sorted(observed(scenario, features)):
            event(EVENT_PREFIX + name)
    return scenario
