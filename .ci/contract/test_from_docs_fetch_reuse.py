"""Collection fetches made again: written from docs/manifest.md#collections alone
(driving `scenery run` as docs/cli.md describes it).

The rule (the "Reading" bullet): a fetch made again with the same `args` while nothing has
been committed to the database since -- by the session or by another program -- gives what
it gave before without reading the table again (a scene that comes back and reloads a long
list); after any commit, its own or another program's, it reads the table afresh. Inside a
use case that writes (its unit of work), a fetch always reads, and sees the unit's writes.

From outside, "without reading the table again" cannot be seen; what can be seen is that the
records a fetch gives are always the right ones. `scenery run` is driven through a pipe one
line at a time (docs/cli.md: piped lines are echoed as `> line` before their frame), and
another program (Python's sqlite3) commits to `STATE/APPNAME.sqlite` between lines. The
table is `collection_NAME` (docs/manifest.md, Indexes bullet); "a column per field" does not
say the columns' names, so the test reads them from the file (PRAGMA table_info).
"""
# checks: docs/manifest.md#collections

import json
import os
import queue
import sqlite3
import subprocess
import threading

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
END = "(end)"  # the last line of every frame of the test app

APP = {"formatVersion": 1, "name": "Lib", "entry": "Shelf",
       "models": {"Book": {"id": "string", "title": "string", "shelf": "string"}},
       "providers": {"books": {"type": "collection", "model": "Book", "key": "id"}}}

LIST = {"type": "work", "worker": "map", "args": {"to": "@{it.id + '=' + it.title}"}}


def listed(local, as_):
    return dict(LIST, input="@{%s}" % local, **{"as": as_})


SHELF = {"formatVersion": 1, "scene": "Shelf",
         "state": {"shelf": {"type": "string", "default": "a"}},
         "onAppear": ["load"],
         "useCases": {
             "load": {"interactor": [
                 {"type": "fetch", "provider": "books", "as": "all"},
                 {"type": "fetch", "provider": "books", "as": "picked",
                  "args": {"where": {"shelf": "@{state.shelf}"}}},
                 listed("all", "a"), listed("picked", "p")],
                 "response": {"all": "@{join(a, ',')}", "picked": "@{join(p, ',')}"},
                 "presenter": {"all": "@{response.all}", "picked": "@{response.picked}"}},
             "pick": {"request": {"name": "string"}, "interactor": [
                 {"type": "set", "path": "state.shelf", "value": "@{request.name}"},
                 {"type": "call", "useCase": "load"}]},
             "go": {"interactor": [{"type": "route", "to": "Desk", "mode": "push"}]}},
         "view": [{"type": "header", "text": "Shelf"},
                  {"type": "text", "text": "all: @{vm.all}"},
                  {"type": "text", "text": "shelf @{state.shelf}: @{vm.picked}"},
                  {"type": "error"},
                  {"type": "text", "text": END}]}

BOOK_REQ = {"id": "string", "title": "string", "shelf": "string"}
NEW_BOOK = "@{{id: request.id, title: request.title, shelf: request.shelf}}"
INSERT = {"type": "insert", "provider": "books", "value": NEW_BOOK}

DESK = {"formatVersion": 1, "scene": "Desk",
        "useCases": {
            "add": {"request": BOOK_REQ, "interactor": [INSERT]},
            "addsee": {"request": BOOK_REQ, "interactor": [
                {"type": "fetch", "provider": "books", "as": "before"},
                INSERT,
                {"type": "fetch", "provider": "books", "as": "after"},
                {"type": "fetch", "provider": "books", "as": "one", "args": {"key": "@{request.id}"}},
                {"type": "fetch", "provider": "books", "as": "n", "args": {"count": True, "where": {}}},
                listed("before", "b"), listed("after", "a")],
                "response": {"before": "@{join(b, ',')}", "after": "@{join(a, ',')}",
                             "one": "@{one.title ?? 'none'}", "n": "@{n}"},
                "presenter": {"seen": "before @{response.before} | after @{response.after}"
                                      " | one @{response.one} | count @{response.n}"}},
            "addfail": {"request": BOOK_REQ, "interactor": [
                INSERT,
                {"type": "fetch", "provider": "books", "as": "after"},
                listed("after", "a"),
                {"type": "fail", "message": "stopped after seeing @{join(a, ',')}"}]},
            "find": {"request": {"id": "string"}, "interactor": [
                {"type": "fetch", "provider": "books", "as": "one", "args": {"key": "@{request.id}"}}],
                "response": {"one": "@{one.title ?? 'none'}"},
                "presenter": {"seen": "found @{response.one}"}}},
        "view": [{"type": "header", "text": "Desk"},
                 {"type": "text", "text": "seen: @{vm.seen}"},
                 {"type": "error"},
                 {"type": "text", "text": END}]}

FIXTURE = [{"id": "b1", "title": "Dune", "shelf": "a"},
           {"id": "b3", "title": "Emma", "shelf": "b"},
           {"id": "b2", "title": "Ulysses", "shelf": "a"}]


def env_for(tmp_path):
    env = dict(os.environ)
    for name, sub in (("XDG_STATE_HOME", "xdg"), ("TMPDIR", "tmp")):
        (tmp_path / sub).mkdir(exist_ok=True)
        env[name] = str(tmp_path / sub)
    env.pop("FORCE_COLOR", None)  # plain output, as piped output is by default
    return env


class Session:
    """`scenery run` read through a pipe: one line in, its frame out."""

    def __init__(self, tmp_path):
        app = tmp_path / "Lib"
        (app / "scenes").mkdir(parents=True)
        (app / "app.json").write_text(json.dumps(APP))
        (app / "scenes" / "Shelf.json").write_text(json.dumps(SHELF))
        (app / "scenes" / "Desk.json").write_text(json.dumps(DESK))
        (tmp_path / "books.json").write_text(json.dumps(FIXTURE))
        env = env_for(tmp_path)
        check = subprocess.run([SCENERY, "validate", str(app)], capture_output=True,
                               text=True, env=env, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr
        self.state = tmp_path / "state"
        self.state.mkdir()
        self.db = self.state / "Lib.sqlite"  # STATE/APPNAME.sqlite
        self.proc = subprocess.Popen(
            [SCENERY, "run", str(app), "--state-dir", str(self.state), "--width", "500",
             "--fixture", "books=%s" % (tmp_path / "books.json")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", env=env, cwd=str(tmp_path), bufsize=1)
        self.lines = queue.Queue()
        self.seen, self.errors = [], []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(self.proc.stderr),
                         daemon=True).start()
        self.first = self._frame()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _frame(self):
        got = []
        while True:
            try:
                line = self.lines.get(timeout=30)
            except queue.Empty:
                pytest.fail("no frame within 30 s; output so far:\n" + "\n".join(self.seen))
            if line is None:
                pytest.fail("scenery ended before a frame; output:\n" + "\n".join(self.seen)
                            + "\nstderr:\n" + "".join(self.errors))
            self.seen.append(line)
            if line == END:
                return got
            got.append(line)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        frame = self._frame()
        assert frame and frame[0] == "> " + text, frame
        return frame[1:]

    def close(self):
        try:
            self.proc.stdin.close()  # the end of input ends the session
            self.proc.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()

    def commit(self, sql, *params):
        """Another program: one transaction on the app's database, committed and closed."""
        con = sqlite3.connect(str(self.db), timeout=10)
        with con:
            con.execute(sql, params)
        con.close()


@pytest.fixture
def session(tmp_path):
    s = Session(tmp_path)
    yield s
    s.close()


def shown(frame, prefix):
    """The text after `prefix` on the frame's line that starts with it."""
    for line in frame:
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    raise AssertionError("no line starting %r in %r" % (prefix, frame))


ALL3 = "b1=Dune,b2=Ulysses,b3=Emma"


def test_the_database_names_its_table_after_the_collection(session):
    assert session.first[0] == "== Shelf =="
    con = sqlite3.connect(str(session.db))
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        columns = {r[1] for r in con.execute('PRAGMA table_info("collection_books")')}
    finally:
        con.close()
    assert "collection_books" in tables
    assert {"id", "title", "shelf"} <= columns  # a column per field


def test_a_list_in_onappear_stays_right_across_returns(session):
    assert shown(session.first, "all:") == ALL3  # key order, not the fixture's
    assert shown(session.first, "shelf a:") == "b1=Dune,b2=Ulysses"
    for _ in range(5):
        assert session.send("go")[0] == "== Desk =="
        back = session.send("back")
        assert back[0] == "== Shelf =="
        assert shown(back, "all:") == ALL3
        assert shown(back, "shelf a:") == "b1=Dune,b2=Ulysses"
    assert shown(session.send("load"), "all:") == ALL3


def test_another_programs_commit_shows_when_the_scene_comes_back(session):
    session.send("go")
    session.commit('INSERT INTO collection_books ("id", "title", "shelf") VALUES (?, ?, ?)',
                   "b4", "Kim", "a")
    back = session.send("back")
    assert shown(back, "all:") == ALL3 + ",b4=Kim"
    assert shown(back, "shelf a:") == "b1=Dune,b2=Ulysses,b4=Kim"
    # a change that keeps the number of records: a title rewritten
    session.send("go")
    session.commit('UPDATE collection_books SET "title" = ? WHERE "id" = ?', "Dune Messiah", "b1")
    back = session.send("back")
    assert shown(back, "all:") == "b1=Dune Messiah,b2=Ulysses,b3=Emma,b4=Kim"
    assert shown(back, "shelf a:") == "b1=Dune Messiah,b2=Ulysses,b4=Kim"
    session.send("go")
    session.commit('DELETE FROM collection_books WHERE "id" = ?', "b2")
    back = session.send("back")
    assert shown(back, "all:") == "b1=Dune Messiah,b3=Emma,b4=Kim"
    # nothing committed since: coming back again gives the same
    session.send("go")
    assert shown(session.send("back"), "all:") == "b1=Dune Messiah,b3=Emma,b4=Kim"


def test_another_programs_commit_shows_to_the_same_fetch_without_navigating(session):
    session.commit('UPDATE collection_books SET "title" = ? WHERE "id" = ?', "Emma!", "b3")
    assert shown(session.send("load"), "all:") == "b1=Dune,b2=Ulysses,b3=Emma!"
    session.commit('INSERT INTO collection_books ("id", "title", "shelf") VALUES (?, ?, ?)',
                   "b0", "Aeneid", "a")
    frame = session.send("load")
    assert shown(frame, "all:") == "b0=Aeneid,b1=Dune,b2=Ulysses,b3=Emma!"
    assert shown(frame, "shelf a:") == "b0=Aeneid,b1=Dune,b2=Ulysses"


def test_the_sessions_own_insert_shows_when_the_scene_comes_back(session):
    session.send("go")
    desk = session.send("add b4 Kim a")
    assert not any(line.startswith("! ") for line in desk), desk
    back = session.send("back")
    assert shown(back, "all:") == ALL3 + ",b4=Kim"
    assert shown(back, "shelf a:") == "b1=Dune,b2=Ulysses,b4=Kim"
    session.send("go")
    session.send("add b5 Nana b")
    back = session.send("back")
    assert shown(back, "all:") == ALL3 + ",b4=Kim,b5=Nana"
    assert shown(back, "shelf a:") == "b1=Dune,b2=Ulysses,b4=Kim"
    assert shown(session.send("pick b"), "shelf b:") == "b3=Emma,b5=Nana"


def test_a_fetch_inside_a_writing_use_case_sees_its_insert(session):
    assert shown(session.first, "all:") == ALL3  # the same fetch, made before the unit
    session.send("go")
    seen = shown(session.send("addsee b4 Kim a"), "seen:")
    assert seen == ("before %s | after %s,b4=Kim | one Kim | count 4" % (ALL3, ALL3))
    seen = shown(session.send("addsee b0 Aeneid b"), "seen:")
    assert seen == ("before %s,b4=Kim | after b0=Aeneid,%s,b4=Kim | one Aeneid | count 5"
                    % (ALL3, ALL3))
    back = session.send("back")
    assert shown(back, "all:") == "b0=Aeneid," + ALL3 + ",b4=Kim"


def test_a_unit_that_fails_after_its_fetch_leaves_nothing_for_later_fetches(session):
    session.send("go")
    desk = session.send("addfail b4 Kim a")
    assert "! stopped after seeing %s,b4=Kim" % ALL3 in desk  # the fetch saw the insert
    back = session.send("back")  # none of the unit's writes is kept
    assert shown(back, "all:") == ALL3
    assert shown(back, "shelf a:") == "b1=Dune,b2=Ulysses"


def test_a_fetch_with_other_args_gives_its_own_records(session):
    assert shown(session.send("pick b"), "shelf b:") == "b3=Emma"
    assert shown(session.send("pick a"), "shelf a:") == "b1=Dune,b2=Ulysses"
    assert shown(session.send("pick z"), "shelf z:") == ""
    session.commit('INSERT INTO collection_books ("id", "title", "shelf") VALUES (?, ?, ?)',
                   "b9", "Zazie", "z")
    assert shown(session.send("pick b"), "shelf b:") == "b3=Emma"
    assert shown(session.send("pick z"), "shelf z:") == "b9=Zazie"
    session.send("go")
    assert shown(session.send("find b1"), "seen:") == "found Dune"
    assert shown(session.send("find b2"), "seen:") == "found Ulysses"
    assert shown(session.send("find nope"), "seen:") == "found none"
    session.commit('UPDATE collection_books SET "title" = ? WHERE "id" = ?', "Ulysses II", "b2")
    assert shown(session.send("find b2"), "seen:") == "found Ulysses II"
    assert shown(session.send("find b1"), "seen:") == "found Dune"
