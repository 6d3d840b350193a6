"""Tar archives, plain and compressed (``.tar``, ``.tar.gz``, ``.tar.bz2``, ``.tar.xz``):
their members read as the files they hold would be, unsafe or special members refused
by name, an archive that breaks part-way keeping the hands before the damage, and a
compressed archive decompressed once, not once a member."""

from __future__ import annotations

import dataclasses
import gzip
import io
import os
import tarfile
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.formats import ReadError, _files_limits, _files_tar, archive_members, iter_file
from rakestats.formats import files as _io
from rakestats.records import HandRecord, QuarantineRecord
from tests._tables import WHEN, table_rows

DATA = Path(__file__).parents[1] / "data"
SERVER = (DATA / "rake" / "server.txt").read_bytes()
N_SERVER = 5
BAD_HAND = b"Rake Hand #999: nothing after this line\n\n"  # complete: not still being written


def _other_ids(data: bytes, k: int) -> bytes:
    """The same hands under other hand ids (the server file's ids share a prefix)."""
    return data.replace(b"000000000000-0001-", f"000000000000-{k:04d}-".encode())


def _members() -> dict[str, bytes]:
    """Rake (both views), real PokerStars Razz, notes and a hand that is quarantined."""
    out = {
        "README.md": b"# notes\n",
        "rake/server.txt": SERVER,
        "rake/player.txt": (DATA / "rake" / "player.txt").read_bytes(),
        "rake/more.txt": _other_ids(SERVER, 2) + b"\n\n" + BAD_HAND,
    }
    for p in sorted((DATA / "razz" / "stars").glob("*.txt")):
        out[f"razz/{p.name}"] = p.read_bytes()
    # in a folder walk's order: the first copy of a hand seen in two views is the stored one
    return dict(sorted(out.items()))


def _tar(path: Path, members: dict[str, bytes], compression: str = "") -> Path:
    with tarfile.open(path, f"w:{compression}") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def _folder(path: Path, members: dict[str, bytes]) -> Path:
    for name, data in members.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_bytes(data)
    return path


def _as_folder(rec: HandRecord | QuarantineRecord, arc: Path, folder: Path) -> object:
    src = rec.source_file
    assert src.startswith(f"{arc}!"), src
    return dataclasses.replace(rec, source_file=f"{folder}/{src[len(str(arc)) + 1 :]}")


COMPRESSIONS = ["", "gz", "bz2", "xz"]


# ---------------------------------------------------------------------- reading
@pytest.mark.parametrize("compression", COMPRESSIONS)
def test_the_members_read_as_the_files_they_hold(tmp_path: Path, compression: str) -> None:
    members = _members()
    folder = _folder(tmp_path / "in", members)
    arc = _tar(tmp_path / "h.tar", members, compression)
    got = [_as_folder(r, arc, folder) for r in iter_file(arc)]  # type: ignore[arg-type]
    want: list[object] = []
    for name in members:
        if name != "README.md":  # notes are passed over in an archive, as in a folder
            want += iter_file(folder / name)
    assert got == want
    assert sum(isinstance(r, HandRecord) for r in got) == len(want) - 1
    (bad,) = [r for r in got if isinstance(r, QuarantineRecord)]
    assert bad.source_file == f"{folder}/rake/more.txt"
    assert bad.line == SERVER.count(b"\n") + 3  # the hand's own line, after two blank ones
    assert archive_members(arc) == list(members)
    assert archive_members(folder / "rake" / "server.txt") is None


@pytest.mark.parametrize("compression", ["", "gz"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_an_archive_ingests_as_its_files_do(tmp_path: Path, compression: str, jobs: int) -> None:
    members = _members()
    folder = _folder(tmp_path / "in", members)
    arc = _tar(tmp_path / "h.tar", members, compression)
    one = Warehouse(tmp_path / "wh_folder")
    want = one.ingest([folder], jobs=1)
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([arc], jobs=jobs)
    assert (s.read, s.ingested, s.duplicates, s.quarantined) == (
        want.read,
        want.ingested,
        want.duplicates,
        want.quarantined,
    )
    assert s.unrecognized == []
    assert s.passed_over == [(f"{arc}!README.md", "notes, not a hand history")]
    skip = WHEN | {"q_key"}  # a quarantined hand's key holds the name of its file
    theirs = table_rows(one, skip=skip)
    for table, rows in table_rows(wh, skip=skip).items():
        if "source_file" in rows:
            rows["source_file"] = rows["source_file"].str.replace(f"{arc}!", f"{folder}/")
        assert rows.equals(theirs[table]), table
    again = wh.ingest([arc], jobs=jobs)  # recorded as read: not read again
    assert (again.read, again.files_unchanged) == (0, 1)


def test_the_command_line_reads_a_compressed_tar(tmp_path: Path) -> None:
    arc = _tar(tmp_path / "h.tgz", {"a.txt": SERVER, "b.txt": _other_ids(SERVER, 3)}, "gz")
    done = CliRunner().invoke(main, ["ingest", str(arc), "-w", str(tmp_path / "wh"), "-j", "1"])
    assert done.exit_code == 0, done.output
    assert done.output.startswith(f"read {2 * N_SERVER} hands from 1 file")
    stored = Warehouse(tmp_path / "wh").sql("SELECT DISTINCT source_file FROM hands")
    assert sorted(stored["source_file"]) == [f"{arc}!a.txt", f"{arc}!b.txt"]


# ---------------------------------------------------------------------- refused members
def _special(tf: tarfile.TarFile, name: str, kind: bytes, target: str = "") -> None:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    tf.addfile(info)


@pytest.mark.parametrize("compression", ["", "gz"])
def test_unsafe_and_special_members_are_refused_by_name(tmp_path: Path, compression: str) -> None:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as zf:
        zf.writestr("x.txt", SERVER)
    arc = tmp_path / "h.tar"
    with tarfile.open(arc, f"w:{compression}") as tf:
        for name, data in {
            "good.txt": SERVER,
            "../evil.txt": _other_ids(SERVER, 4),
            "/abs.txt": _other_ids(SERVER, 5),
            "twice.txt": _other_ids(SERVER, 6),
            "inner.zip": inner.getvalue(),
            "inner.txt.gz": gzip.compress(_other_ids(SERVER, 7)),
        }.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        _special(tf, "link.txt", tarfile.SYMTYPE, "/etc/passwd")
        _special(tf, "hard.txt", tarfile.LNKTYPE, "good.txt")
        _special(tf, "fifo.txt", tarfile.FIFOTYPE)
        _special(tf, "tty.txt", tarfile.CHRTYPE)
        _special(tf, "sparse.txt", tarfile.GNUTYPE_SPARSE)
        _special(tf, "tables", tarfile.DIRTYPE)
        info = tarfile.TarInfo("twice.txt")
        info.size = len(SERVER)
        tf.addfile(info, io.BytesIO(SERVER))
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == N_SERVER
    nested = "nested archives are not read; extract the inner one first"
    assert dict(s.unrecognized) == {
        f"{arc}!../evil.txt": "unsafe member name (an absolute path or '..'): not read",
        f"{arc}!/abs.txt": "unsafe member name (an absolute path or '..'): not read",
        f"{arc}!twice.txt": "2 members have this name: none is read",
        f"{arc}!inner.zip": f"a zip archive inside a tar archive: {nested}",
        f"{arc}!inner.txt.gz": f"a gzip file inside a tar archive: {nested}",
        f"{arc}!link.txt": "a link inside the archive: not read",
        f"{arc}!hard.txt": "a link inside the archive: not read",
        f"{arc}!fifo.txt": "a special file (a device or FIFO) inside the archive: not read",
        f"{arc}!tty.txt": "a special file (a device or FIFO) inside the archive: not read",
        f"{arc}!sparse.txt": "a sparse member: not read",
    }
    assert len(s.unrecognized) == 10


def test_an_archive_over_the_member_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAKESTATS_MAX_ZIP_MEMBERS", "2")
    arc = _tar(tmp_path / "h.tar.xz", {f"{k}.txt": _other_ids(SERVER, k) for k in range(3)}, "xz")
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == 0
    assert s.unrecognized == [
        (
            str(arc),
            "a tar archive of more than 2 members: refused (RAKESTATS_MAX_ZIP_MEMBERS raises "
            "the limit)",
        )
    ]
    monkeypatch.setenv("RAKESTATS_MAX_ZIP_MEMBERS", "3")
    assert Warehouse(tmp_path / "wh2").ingest([arc], jobs=1).ingested == 3 * N_SERVER


def test_a_compressed_tar_bomb_stops_at_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lim = dataclasses.replace(_io.LIMITS, max_uncompressed=8 << 20, ratio_floor=1 << 20)
    monkeypatch.setattr(_files_limits, "LIMITS", lim)  # read by current_limits
    arc = _tar(tmp_path / "bomb.tgz", {"a.txt": SERVER, "b.txt": b"\n" * (12 << 20)}, "gz")
    assert arc.stat().st_size < 100_000
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == 0
    ((where, reason),) = s.unrecognized
    assert where == str(arc)
    assert reason.startswith("the gzip file decompresses to more than ")
    assert reason.endswith(
        "refused as a possible decompression bomb (limits in docs/reliability.md)"
    )


# ---------------------------------------------------------------------- damage
def test_a_compressed_tar_cut_short_keeps_the_hands_before(tmp_path: Path) -> None:
    members = {f"t{k}.txt": _other_ids(SERVER, k) for k in range(1, 9)}
    whole = _tar(tmp_path / "whole.tgz", members, "gz").read_bytes()
    arc = tmp_path / "h.tgz"
    arc.write_bytes(whole[: len(whole) * 2 // 3])
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([arc], jobs=1)
    assert 0 < s.ingested < 8 * N_SERVER
    ((where, reason),) = s.unrecognized
    assert where.startswith(f"{arc}!t")
    assert reason.startswith("damaged: read to line ")
    with pytest.raises(ReadError):
        list(iter_file(arc))
    arc.write_bytes(whole)  # the whole archive: what was missing is added, nothing twice
    s2 = wh.ingest([arc], jobs=1)
    assert s2.unrecognized == []
    assert (s2.ingested, s2.duplicates) == (8 * N_SERVER - s.ingested, s.ingested)


def test_a_plain_tar_cut_inside_a_member_keeps_the_hands_before(tmp_path: Path) -> None:
    members = {"a.txt": SERVER, "b.txt": _other_ids(SERVER, 2)}
    whole = _tar(tmp_path / "whole.tar", members).read_bytes()
    at = whole.index(b"Rake Hand #", whole.index(b"000000000000-0002-") + 200)
    arc = tmp_path / "h.tar"
    arc.write_bytes(whole[: at + 400])  # inside b.txt's data, in its second hand
    got = []
    with pytest.raises(ReadError) as err:
        got.extend(iter_file(arc))
    assert "the member is cut short" in str(err.value)
    hands = [r for r in got if isinstance(r, HandRecord)]
    assert len(hands) == N_SERVER + 1
    cut = got[-1]
    assert isinstance(cut, QuarantineRecord)
    assert cut.source_file == f"{arc}!b.txt"
    assert "the hand is cut short" in cut.reason


def test_a_plain_tar_without_its_end_says_so_after_the_last_member(tmp_path: Path) -> None:
    members = {"a.txt": SERVER, "b.txt": _other_ids(SERVER, 2)}
    whole = _tar(tmp_path / "whole.tar", members).read_bytes()
    data_end = whole.rindex(b"\n", 0, len(whole) - 1024) + 1
    arc = tmp_path / "h.tar"
    arc.write_bytes(whole[: -(-data_end // 512) * 512])  # the last member whole, no end
    got = []
    with pytest.raises(ReadError, match="it is cut short") as err:
        got.extend(iter_file(arc))
    assert err.value.path == f"{arc}!b.txt"
    assert sum(isinstance(r, HandRecord) for r in got) == 2 * N_SERVER  # every hand kept
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == 2 * N_SERVER
    assert [w for w, _ in s.unrecognized] == [f"{arc}!b.txt"]


def test_a_damaged_header_ends_the_archive_where_it_is(tmp_path: Path) -> None:
    members = {"a.txt": SERVER, "b.txt": _other_ids(SERVER, 2)}
    data = bytearray(_tar(tmp_path / "whole.tar", members).read_bytes())
    second = 512 + -(-len(SERVER) // 512) * 512
    data[second : second + 100] = b"x" * 100  # b.txt's name and mode: no tar header
    arc = tmp_path / "h.tar"
    arc.write_bytes(bytes(data))
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == N_SERVER
    lines = SERVER.rstrip(b"\n").count(b"\n") + 1  # its last hand's last line
    assert s.unrecognized == [
        (
            f"{arc}!a.txt",
            f"damaged: read to line {lines}: the archive cannot be read after this member: "
            f"a damaged header at byte {second}",
        )
    ]


def test_a_file_that_is_no_tar_archive_after_its_magic_is_refused(tmp_path: Path) -> None:
    data = bytearray(_tar(tmp_path / "whole.tar", {"a.txt": SERVER}).read_bytes())
    data[148:156] = b"garbage!"  # the header's checksum
    arc = tmp_path / "h.tar"
    arc.write_bytes(bytes(data))
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    ((where, reason),) = s.unrecognized
    assert where == str(arc)
    assert reason.startswith("a damaged tar archive: ")


# ---------------------------------------------------------------------- cost
def test_a_compressed_archive_is_decompressed_once_not_once_a_member(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    members = {f"t{k:02d}.txt": _other_ids(SERVER, k) for k in range(1, 21)}
    arc = _tar(tmp_path / "h.tar.bz2", members, "bz2")
    opened: list[int] = []
    real = _files_tar._Decompressed.__init__

    def counted(self: _files_tar._Decompressed, *args: object) -> None:
        opened.append(1)
        real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(_files_tar._Decompressed, "__init__", counted)
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == 20 * N_SERVER
    assert len(opened) == 2  # listed once, then read member after member
    opened.clear()
    assert sum(isinstance(r, HandRecord) for r in iter_file(arc)) == 20 * N_SERVER
    assert len(opened) == 2  # every member's head judged, then read (the listing was kept)


def test_a_member_asked_for_out_of_order_is_read_all_the_same(tmp_path: Path) -> None:
    members = {f"t{k}.txt": _other_ids(SERVER, k) for k in range(1, 4)}
    arc = _tar(tmp_path / "h.tgz", members, "gz")
    for name in ["t3.txt", "t1.txt", "t3.txt", "t2.txt"]:
        hands = [r for r in iter_file(arc, member=name) if isinstance(r, HandRecord)]
        assert [h.source_file for h in hands] == [f"{arc}!{name}"] * N_SERVER
        assert hands == [
            dataclasses.replace(h, source_file=f"{arc}!{name}")
            for h in iter_file(_folder(tmp_path / "x", {name: members[name]}) / name)
            if isinstance(h, HandRecord)
        ]


def test_no_stream_is_kept_after_the_last_member(tmp_path: Path) -> None:
    arc = _tar(tmp_path / "h.tgz", {"a.txt": SERVER, "b.txt": _other_ids(SERVER, 2)}, "gz")
    list(iter_file(arc))
    assert getattr(_files_tar._KEPT, "seq", None) is None
    fds = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    list(iter_file(arc))
    if fds is not None:
        assert len(os.listdir("/proc/self/fd")) == fds


def test_looking_for_members_does_not_judge_a_plain_file_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a file is an archive is told from its first bytes: a plain file is judged
    twice an ingest (when it is hashed and when it is read), not a third time when its
    members are looked for (a fourth while tar archives were looked for by judging)."""
    folder = _folder(tmp_path / "in", {f"t{k}.txt": _other_ids(SERVER, k) for k in range(1, 6)})
    monkeypatch.setitem(_io.OPENS, "judged", 0)
    assert Warehouse(tmp_path / "wh").ingest([folder], jobs=1).ingested == 5 * N_SERVER
    assert _io.OPENS["judged"] == 2 * 5
    assert archive_members(folder / "t1.txt") is None
    assert _io.OPENS["judged"] == 2 * 5


def test_a_compressed_head_is_decompressed_once_an_ingest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compressed file's head is asked for when the file is judged (hashed, read) and
    to tell a compressed tar archive: four decompressions of a bzip2 file's first block
    each, now one (about 3.5 ms each on the benchmark's files)."""
    import bz2

    from rakestats.formats import _files_open

    folder = tmp_path / "in"
    folder.mkdir()
    for k in range(1, 5):
        (folder / f"t{k}.txt.bz2").write_bytes(bz2.compress(_other_ids(SERVER, k)))
    heads: list[int] = []
    real = _files_open._read_decompressed_head

    def counted(fd: int, kind: str) -> bytes | None:
        heads.append(fd)
        return real(fd, kind)

    monkeypatch.setattr(_files_open, "_read_decompressed_head", counted)
    assert Warehouse(tmp_path / "wh").ingest([folder], jobs=1).ingested == 4 * N_SERVER
    assert len(heads) == 4


def test_a_compressed_file_rewritten_in_place_is_judged_again(tmp_path: Path) -> None:
    path = tmp_path / "h.gz"
    path.write_bytes(gzip.compress(SERVER))
    assert archive_members(path) is None
    assert [r.source_file for r in iter_file(path)] == [str(path)] * N_SERVER
    with path.open("r+b") as fh:  # the same file (inode), now a compressed tar archive
        fh.truncate(0)
        fh.write(_tar(tmp_path / "x.tgz", {"a.txt": SERVER}, "gz").read_bytes())
    assert archive_members(path) == ["a.txt"]
    assert [r.source_file for r in iter_file(path)] == [f"{path}!a.txt"] * N_SERVER
