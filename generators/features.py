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

import hashlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, TypeVar

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from generators.strategies import sampled
from harness.protocol.probe import Scenario

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


def draw_feature(draw: st.DrawFn, feature: Feature, allowed: bool = True) -> bool:
    """Whether this draw gets ``feature`` (with its weight), when the spec allows it."""
    return allowed and chance(draw, feature.weight)


def weighted(draw: st.DrawFn, choices: Sequence[tuple[T, int]]) -> T:
    """One of ``choices`` (value, weight); shrinks toward the first."""
    total = sum(w for _, w in choices)
    n = draw(sampled(range(total)))
    for value, w in choices:
        if n < w:
            return value
        n -= w
    raise AssertionError("unreachable")  # pragma: no cover


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
#: The most combinations one choice of a :func:`joint` draw holds: Hypothesis draws an integer
#: below 256 uniformly, and leans ever more toward small values above that (measured: of a
#: choice among 1,000, the lowest tenth came up in 21 % of draws, among 65,536 in 69 %), which
#: would starve the options of the dimensions decoded last. Past it, dimensions go in groups.
JOINT_LIMIT = 256


def joint(draw: st.DrawFn, *dims: Dimension) -> tuple[Any, ...]:
    """One value per dimension, all from a single Hypothesis choice.

    Why: a run's cost is mostly Hypothesis's cost per choice (its spans, its choice tree, the
    mutations it derives), about 20 us each; a combat state drawn one small choice at a time (a
    flag, a power, a toughness ...) took some fifty of them. Drawing the index of one combination
    of several small independent choices (each option as often as its weight, independently of
    the others) asks for one. Shrinking still works toward simple states: index 0 is the first
    option of every dimension, so list each dimension's simplest option (the feature off, the
    smallest count) first. A dimension with one option costs nothing; past :data:`JOINT_LIMIT`
    combinations the dimensions are drawn in groups. The dimensions are the cache key: keep their
    options small values (flags, counts, indexes), not cards."""
    return _joint(dims)(draw)


class Joint:
    """A :func:`joint` draw built once (for dimensions known when a module loads). Dimensions
    whose combinations exceed :data:`JOINT_LIMIT` are drawn in as few consecutive groups as fit."""

    def __init__(self, *dims: Dimension) -> None:
        tables = []
        for dim in dims:
            if not dim or any(w < 0 for _, w in dim) or not any(w > 0 for _, w in dim):
                raise ValueError(f"joint draw: a dimension needs options with positive weights, got {dim!r}")
            common = math.gcd(*(w for _, w in dim if w > 0))
            tables.append(tuple(value for value, w in dim for _ in range(w // common)))
        # Consecutive groups of dimensions, each group one choice of fewer than JOINT_LIMIT.
        self._groups: list[tuple[st.SearchStrategy[int] | None, tuple[tuple[int, tuple[Any, ...]], ...]]] = []
        group: list[tuple[int, tuple[Any, ...]]] = []
        total = 1
        for options in tables:
            if group and total * len(options) > JOINT_LIMIT:
                self._groups.append(_group(total, group))
                group, total = [], 1
            group.append((len(options), options))
            total *= len(options)
        self._groups.append(_group(total, group))

    def __call__(self, draw: st.DrawFn) -> tuple[Any, ...]:
        out = []
        for strategy, dims in self._groups:
            n = draw(strategy) if strategy is not None else 0
            for size, options in dims:
                n, pick = divmod(n, size)
                out.append(options[pick])
        return tuple(out)


def _group(
    total: int, dims: list[tuple[int, tuple[Any, ...]]]
) -> tuple[st.SearchStrategy[int] | None, tuple[tuple[int, tuple[Any, ...]], ...]]:
    if total > JOINT_LIMIT:
        raise ValueError(f"joint draw: one dimension of {total} options (more than {JOINT_LIMIT})")
    return (st.sampled_from(range(total)) if total > 1 else None), tuple(dims)


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


class Tally:
    """A draw function that also digests every value drawn through it, for a choice that must
    change whenever the example does (:meth:`spread`).

    Why: Hypothesis derives up to five mutations from each example it generates, each keeping the
    example's first choices, so over a derandomized ``ci`` sample of 100 examples a choice drawn
    once at the start comes in runs of five to twenty: a step of four can be missed by a whole
    sample. A choice made from the digest of everything drawn before it changes with any mutation,
    so it is spread over the examples as if drawn for each one alone. It is still a function of the
    example's choices (the example replays and shrinks); only the values' text is digested, sets in
    sorted order, so the digest does not depend on the process's string hashing."""

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw
        self._digest = hashlib.blake2b(digest_size=8)

    def __call__(self, strategy: st.SearchStrategy[T], label: object = None) -> T:
        value = self._draw(strategy, label)
        self._digest.update(_text(value).encode("utf-8"))
        self._digest.update(b"\x00")
        return value

    def spread(self, choices: Sequence[tuple[T, int]]) -> T:
        """One of ``choices`` (value, weight), picked by the digest of the values drawn so far."""
        total = sum(w for _, w in choices)
        if total <= 0:
            raise ValueError("spread over no weight")
        n = int.from_bytes(self._digest.digest(), "big") % total
        for value, w in choices:
            if n < w:
                return value
            n -= w
        raise AssertionError("unreachable")  # pragma: no cover


def _text(value: object) -> str:
    """A text of ``value`` that is the same in every process (see :class:`Tally`)."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, (str, int, float, bool)) or value is None:
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_text(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_text(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{_text(k)}:{_text(v)}" for k, v in value.items())) + "}"
    if is_dataclass(value) and not isinstance(value, type):
        return type(value).__name__ + "(" + ",".join(_text(getattr(value, f.name)) for f in fields(value)) + ")"
    return type(value).__name__


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
