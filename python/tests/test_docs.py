"""Every ```python block of README.md and docs/ runs (the doc test of the Rust workspace runs
their `$ cardsim` lines; .ci/run runs their `$ pip`/`$ python` lines)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import REPO

FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks():
    files = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    for path in files:
        text = path.read_text()
        for m in FENCE.finditer(text):
            line = text[: m.start()].count("\n") + 1
            yield pytest.param(m.group(1), id=f"{path.relative_to(REPO)}:{line}")


BLOCKS = list(blocks())


def test_the_docs_show_python_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS)
def test_python_blocks_run(code, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "<doc>", "exec"), {"__name__": "__doc__"})
