"""The three documents are byte-identical copies, and loading fails clearly."""
import hashlib

import pytest

from generator.errors import SourceError
from generator.paths import SOURCES
from generator.sources import load_document, registry

# The sha256 of the originals in ../shared/sources, written here independently of
# data/sources.toml so that neither can drift alone.
ORIGINALS = {
    "000_6cb157084d1c77a5.txt": "2ec8788865c3bc9803fb35b9e14e1d7230360d6c5aac0ad4062d7d2855dba87c",
    "001_f66df4746556c2ac.txt": "d59631e297910a19117cbbd7dece2d9fa0abdc35e3aa8e1ee4be277ee2c33ed3",
    "003_0bef7d9dd92984f8.txt": "40fc98992ad29968215cae1a13815dfe2694756613f5ee6c9341df27c38f79ab",
}


@pytest.mark.parametrize("name, digest", sorted(ORIGINALS.items()))
def test_copies_are_byte_identical(name, digest):
    assert hashlib.sha256((SOURCES / name).read_bytes()).hexdigest() == digest


def test_registry_lists_exactly_the_originals():
    assert {entry["file"]: entry["sha256"] for entry in registry()} == ORIGINALS


@pytest.fixture
def entry():
    return dict(next(e for e in registry() if e["id"] == "003"))


def _one_line_naming(exc: SourceError, name: str) -> None:
    message = str(exc)
    assert "\n" not in message and name in message


def test_missing_file(tmp_path, entry):
    with pytest.raises(SourceError, match="is missing") as info:
        load_document(entry, tmp_path)
    _one_line_naming(info.value, entry["file"])


def test_altered_file(tmp_path, entry):
    (tmp_path / entry["file"]).write_bytes((SOURCES / entry["file"]).read_bytes() + b"\n")
    with pytest.raises(SourceError, match="was altered") as info:
        load_document(entry, tmp_path)
    _one_line_naming(info.value, entry["file"])


def test_not_utf8(tmp_path, entry):
    (tmp_path / entry["file"]).write_bytes("砌牌".encode("gb18030"))
    with pytest.raises(SourceError, match="not UTF-8") as info:
        load_document(entry, tmp_path)
    _one_line_naming(info.value, entry["file"])


def test_loads_lines_exactly(entry):
    doc = load_document(entry)
    assert len(doc.lines) == 329
    assert doc.lines[0] == "一、名词介绍"
    assert doc.lines[-1] == "20分和10分"


def test_build_reports_a_missing_source_as_one_line(tmp_path, monkeypatch, capsys):
    import generator.sources as sources
    from generator.__main__ import main

    monkeypatch.setattr(sources, "data_dir", lambda: tmp_path)
    status = main(["build", "--no-site"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert err[-1].startswith("error: source ") and "is missing" in err[-1]
