"""The adapter kit: what every adapter of a third-party engine needs, written once.

An engine under test keeps its own object ids, reports its own events (or few), loads only
some states and lists only some legal actions. The kit holds the engine-neutral half of closing
those gaps, so an adapter is the mapping of one engine and nothing else:

- :mod:`.ids`: the harness's card ids <-> the engine's object ids, stable across zones;
- :mod:`.diff`: events derived from the difference of two exported states (what the engine did
  not report);
- :mod:`.by_play`: a mid-game state the engine cannot load, reached by play from one it can
  (passing into a step, casting the spells on the stack, resolving into a pending choice), with
  an error naming where the engine went instead;
- :mod:`.trial`: legal actions found by trial: candidates tried on copies of the game, kept when
  the engine accepts them, with as few copies as their costs allow;
- :mod:`.session`: a Session that reads the engine once per game version and adds the derived
  events to what the engine reported;
- :mod:`.naming`: the protocol's names of an object's abilities, and actions compared by meaning;
- :mod:`.cache`: card data an adapter derives once (a parsed face), kept in memory and on disk.

It depends on :mod:`protocol` only, so an adapter outside this repository can use it; it is
tested on a toy engine of its own (``tests/kit_toy.py``, ``tests/test_kit_*.py``). What an engine cannot show
at all is declared, not derived: ``cannot_show`` (:mod:`protocol.observability`).
"""
