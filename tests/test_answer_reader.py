"""The isolated engine's answer reader: whole lines from a pipe, read in the waiting thread, with
the same limits the reader thread had (a line longer than the answer limit is cut off, the end
of the pipe is None, a wait that sees no whole line says so)."""

from __future__ import annotations

import os
import threading
import time

import pytest

from harness.isolation import NOTHING, OVERSIZED, AnswerReader


@pytest.fixture
def pipe():
    read_end, write_end = os.pipe()
    yield read_end, write_end
    for fd in (read_end, write_end):
        try:
            os.close(fd)
        except OSError:
            pass


def test_lines_split_across_writes_come_out_whole(pipe):
    read_end, write_end = pipe
    reader = AnswerReader(read_end, cap=100)
    os.write(write_end, b'{"id": 1, "res')
    assert reader.next_line(0.05) is NOTHING  # half a line is not an answer
    os.write(write_end, b'ult": 2}\n{"id": 2}\n{"id"')
    assert reader.next_line(1) == b'{"id": 1, "result": 2}\n'
    assert reader.next_line(1) == b'{"id": 2}\n'
    assert reader.next_line(0.05) is NOTHING


def test_the_end_of_the_pipe_is_none_after_a_partial_last_line(pipe):
    read_end, write_end = pipe
    reader = AnswerReader(read_end, cap=100)
    os.write(write_end, b'{"id": 1}\n{"trunc')
    os.close(write_end)
    assert reader.next_line(1) == b'{"id": 1}\n'
    assert reader.next_line(1) == b'{"trunc'  # as readline gave it: the caller finds it is not JSON
    assert reader.next_line(1) is None
    assert reader.next_line(1) is None


def test_a_line_of_exactly_the_limit_passes_and_one_byte_more_is_oversized(pipe):
    read_end, write_end = pipe
    reader = AnswerReader(read_end, cap=10)
    os.write(write_end, b"0123456789\n")
    assert reader.next_line(1) == b"0123456789\n"
    os.write(write_end, b"0123456789A\n")
    assert reader.next_line(1) is OVERSIZED
    assert reader.next_line(1) is None  # nothing more is read after a protocol break


def test_an_endless_line_is_cut_off_without_holding_it(pipe):
    read_end, write_end = pipe
    reader = AnswerReader(read_end, cap=1000)

    def flood() -> None:
        try:
            for _ in range(50):
                os.write(write_end, b"x" * 4096)
        except OSError:
            pass

    writer = threading.Thread(target=flood, daemon=True)
    writer.start()
    assert reader.next_line(5) is OVERSIZED
    os.close(read_end)  # the flood's writes fail now, and it ends
    writer.join(timeout=5)


def test_a_wait_with_no_answer_returns_after_about_its_time(pipe):
    read_end, _ = pipe
    reader = AnswerReader(read_end, cap=100)
    started = time.monotonic()
    assert reader.next_line(0.1) is NOTHING
    assert 0.05 <= time.monotonic() - started < 2
