"""The kit's card cache: built once per key, kept in memory and on disk, never trusted blindly."""

from __future__ import annotations

from pathlib import Path

from engines.kit.cache import CardCache, content_key


def test_built_once_then_read_from_memory_or_disk(tmp_path: Path) -> None:
    builds: list[str] = []

    def build() -> dict[str, str]:
        builds.append("built")
        return {"face": "x"}

    key = content_key({"name": "Bear"}, "engine 1.0")
    assert key == content_key({"name": "Bear"}, "engine 1.0") != content_key({"name": "Bear"}, "engine 2.0")
    first = CardCache(lambda: tmp_path)
    assert first.get(key, build) == {"face": "x"} and first.get(key, build) == {"face": "x"}
    assert CardCache(lambda: tmp_path).get(key, build) == {"face": "x"}  # another process: from disk
    assert builds == ["built"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{key}.json"]  # no temporary file left


def test_a_damaged_file_is_built_again_and_no_directory_keeps_memory_only(tmp_path: Path) -> None:
    (tmp_path / "k.json").write_text("{not json", encoding="utf-8")
    assert CardCache(lambda: tmp_path).get("k", lambda: [1]) == [1]
    assert (tmp_path / "k.json").read_text(encoding="utf-8") == "[1]"
    memory_only = CardCache(lambda: None)
    assert memory_only.get("k", lambda: [2]) == [2] and memory_only.get("k", lambda: [3]) == [2]
