#!/usr/bin/env python3
"""Whether the web board can be trusted: the page never lags the server,
and a server killed with `kill -9` loses nothing any page was told of.

Fifty short games against congo, each checked ply by ply against the API;
a friend's game with a watcher, its server killed and started again at
twenty moments (between moves, right after a click, while the other pages
are still updating); and the game-ending buttons. The page's helpers come
from test_board.py. Run from the project root after `cargo build`:

    python3 -m unittest discover -s tests/browser -v -k trust

Environment as for test_board.py, and CONGO_TRUST_SEED (default 7), the
seed of the players' moves and of the moments the server is killed.
"""

import json
import os
import random
import shutil
import tempfile
import time
import unittest
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

import test_board
from test_board import FULL_START, PATIENCE, chromium, start_server, stop_server

SEED = int(os.environ.get("CONGO_TRUST_SEED", "7"))
# How long the page may be behind the server, as the issue says.
LAG = 1.0
# Small endgames: a few pieces beside the lions, Black the stronger, so
# that congo ends a game of random moves in a few dozen plies.
ENDGAMES = [
    "2l4/3eg2/7/7/7/2P4/3L3 w 0",
    "2l4/3c3/7/7/7/7/3LZ2 w 0",
    "4l2/2z1e2/7/7/7/3P3/3L3 w 0",
    "3l3/2c4/3s3/7/7/2G4/4L2 w 0",
    "2l4/4e2/7/7/7/2P1P2/3L3 w 0",
]
GAMES = 50
# A game longer than this is stuck, not long.
MOST_PLIES = 300
KILLS = 20
# How long a move's request waits after its click when the server is
# killed right after the click: about as long as a restart takes.
HOLD_MS = 300
KILL_MOMENTS = ["between moves", "right after a click", "while the others update"]

# What the page shows, read in one round trip: its view's version and
# moves, the board's picture, whether it takes a move, its clocks, its
# notice and its address; null while a new page's script has not run.
PAGE_STATE = """
    if (!window.play) {
        return null;
    }
    const view = window.play.view;
    const title = document.querySelector('#board svg title');
    const clock = (id) => {
        const element = document.getElementById(id);
        return element.hidden ? null : [element.querySelector('.who').textContent,
                                        element.querySelector('.time').textContent];
    };
    return {
        id: view && view.id, key: window.play.key, version: view && view.version,
        moves: view ? view.moves : [], side: view && view.position.side,
        legal: view ? view.position.moves : [],
        you: view && view.you, result: view && (view.result || view.ended),
        sending: window.play.sending,
        fen: title ? title.textContent : null,
        takes: document.getElementById('board').classList.contains('takes-moves'),
        clocks: [clock('clock-top'), clock('clock-bottom')].filter(Boolean),
        notice: document.getElementById('notice').textContent,
        url: location.href,
    };
"""

# A click on each square in turn, dispatched to the board as the browser
# dispatches a mouse click: the page's own click handler (`choose` in
# app.js) makes the move, in one round trip instead of two a square.
CLICK_SQUARES = """
    for (const name of arguments[0]) {
        document.querySelector(`#board .square[data-square="${name}"]`)
            .dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    }
"""

# Records, for each move the page sends, whether the server answered it;
# a move's request waits `holdMove` ms (then 0 again) before it goes, so
# that a kill lands between a click and its answer.
WATCH_ANSWERS = """
    if (!window.moveAnswers) {
        window.moveAnswers = [];
        window.holdMove = 0;
        const real = window.fetch;
        window.fetch = (url, options) => {
            const sent = String(url).endsWith('/move') ? JSON.parse(options.body).move : null;
            const hold = sent ? window.holdMove : 0;
            window.holdMove = 0;
            const asked = new Promise((go) => setTimeout(go, hold)).then(() => real(url, options));
            if (sent) {
                const record = {move: sent, status: null};
                window.moveAnswers.push(record);
                asked.then((answer) => { record.status = answer.status; }, () => { record.status = 0; });
            }
            return asked;
        };
    }
"""


def format_time(ms):
    """A clock's time as the page writes it (app.js's formatTime)."""
    total = max(0, ms)
    if total < 10000:
        return f"{total / 1000:.1f} s"
    seconds = total // 1000
    hours, minutes, rest = seconds // 3600, seconds // 60 % 60, seconds % 60
    return f"{hours}:{minutes:02}:{rest:02}" if hours else f"{minutes}:{rest:02}"


def read_time(text):
    """The milliseconds a clock's text shows (the inverse of format_time)."""
    if text.endswith(" s"):
        return round(float(text[:-2]) * 1000)
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds * 1000


def squares_of(move, legal):
    """The squares to click for `move`: its squares, and the last again
    when a monkey's chain could go on from it."""
    names = [move[at:at + 2] for at in range(0, len(move), 2)]
    goes_on = any(other.startswith(move) and other != move for other in legal)
    return names + names[-1:] if goes_on else names


class Trust(unittest.TestCase):
    # test_board's helpers, borrowed (not inherited, so that its tests are
    # not run twice).
    wait = test_board.Board.wait
    board_fen = test_board.Board.board_fen
    element = test_board.Board.element
    text = test_board.Board.text
    square = test_board.Board.square
    click = test_board.Board.click
    shown_moves = test_board.Board.shown_moves
    shown_buttons = test_board.Board.shown_buttons

    @classmethod
    def setUpClass(cls):
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def tearDown(self):
        for handle in self.driver.window_handles[1:]:
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(self.driver.window_handles[0])

    # ---------------------------------------------------------- helpers

    def page(self):
        """What the page shows, once its script has loaded: a page that is
        being replaced (a rematch's link followed) is waited for."""
        return self.wait(lambda: self.driver.execute_script(PAGE_STATE),
                         "the page's script runs")

    def page_until(self, condition, what):
        """The page's state once `condition` holds of it; fails with the
        last state seen if it does not within PATIENCE seconds."""
        deadline = time.monotonic() + PATIENCE
        while True:
            page = self.page()
            if condition(page):
                return page
            if time.monotonic() > deadline:
                self.fail(f"{what}: not within {PATIENCE} s; the page: {page}")
            time.sleep(0.02)

    def api(self, url, game, key=None):
        """The game's view from the API, for `key` (none: a watcher)."""
        query = f"?key={urllib.parse.quote(key)}" if key else ""
        with urllib.request.urlopen(f"{url}api/games/{game}{query}", timeout=PATIENCE) as answer:
            return json.loads(answer.read())

    def assert_clocks_agree(self, page, view):
        """The page's clocks show the API's: the stopped side's time to the
        digit, the running side's within a second of display and lag."""
        clock = view["clock"]
        if clock is None:
            self.assertEqual(page["clocks"], [], "clocks shown for an untimed game")
            return
        shown_times = dict(page["clocks"])
        self.assertEqual(sorted(shown_times), ["Black", "White"], page["clocks"])
        for side in ("white", "black"):
            text = shown_times[side.capitalize()]
            if clock["running"] == side:
                self.assertLessEqual(abs(read_time(text) - clock[side]), 1000 + 1000 * LAG + 500,
                                     f"{side}'s running clock shows {text}, the API {clock[side]} ms")
            else:
                self.assertEqual(text, format_time(clock[side]), f"{side}'s stopped clock")

    def catch_up(self, url, game, key, lags):
        """Waits until the page shows the API's view (version, board, moves,
        clocks), failing if it stays behind the server for more than LAG
        seconds; appends how long it was behind to `lags`. Returns the view."""
        behind_since = None
        while True:
            view = self.api(url, game, key)
            read = time.monotonic()
            page = self.page()
            if page["version"] is not None and page["version"] > view["version"]:
                continue  # the server moved on since it was asked
            if page["version"] == view["version"] and page["fen"] == view["position"]["fen"]:
                self.assertEqual(page["moves"], view["moves"])
                self.assert_clocks_agree(page, view)
                lags.append(read - behind_since if behind_since else 0.0)
                return view
            behind_since = behind_since or read
            self.assertLess(time.monotonic() - behind_since, LAG, (
                f"the page is behind the server for over {LAG} s: it shows version "
                f"{page['version']} ({page['fen']}), the server {view['version']} "
                f"({view['position']['fen']})"))

    # ------------------------------------------------------------ tests

    def play_one_against_congo(self, url, number, rng, lags):
        """Plays game `number` against congo to its end, by random clicks."""
        start = ENDGAMES[number % len(ENDGAMES)]
        # Every other game on a clock, congo at level 1 (200 nodes, about
        # a millisecond); the others untimed at 1 ms a move.
        timing = "&clock=300%2B0&level=1" if number % 2 else "&movetime=1"
        self.driver.get(f"{url}?white=me&black=congo{timing}&fen=" + urllib.parse.quote(start))
        self.wait(lambda: self.board_fen() == start, "the start is drawn")
        game = key = None
        for _ in range(MOST_PLIES):
            page = self.page_until(lambda page: page["result"] or (
                page["takes"] and not page["sending"] and page["side"] == "white"),
                f"game {number}: White's turn or the end")
            if game:
                view = self.catch_up(url, game, key, lags)
                if view["result"] or view["ended"]:
                    self.assertTrue(self.element("banner").is_displayed(), "the result shows")
                    return len(view["moves"])
            move = rng.choice(sorted(page["legal"]))
            self.driver.execute_script(CLICK_SQUARES, squares_of(move, page["legal"]))
            if not game:
                page = self.page_until(lambda page: page["id"], "the game is kept")
                game, key = page["id"], page["key"]
            self.catch_up(url, game, key, lags)
        self.fail(f"game {number} from {start} did not end in {MOST_PLIES} plies")

    def test_trust_fifty_games_against_congo_never_lag_the_server(self):
        server, url = start_server("--port", "0")
        self.addCleanup(stop_server, server)
        rng = random.Random(SEED)
        lags, plies = [], []
        began = time.monotonic()
        for number in range(GAMES):
            plies.append(self.play_one_against_congo(url, number, rng, lags))
        print(f"\n{GAMES} games, {sum(plies)} plies ({min(plies)} to {max(plies)} a game), "
              f"{len(lags)} checks, {sum(1 for lag in lags if lag)} with the page behind, "
              f"the most {max(lags) * 1000:.0f} ms; {time.monotonic() - began:.0f} s in all")

    # ------------------------------------------------ kill -9 and restart

    def in_window(self, handle, read):
        self.driver.switch_to.window(handle)
        return read()

    def open_friend_game(self, url):
        """A friend's game from the full start in three windows: White's
        link, Black's and the watchers'. Returns the game's id and the
        windows by seat."""
        self.driver.get(url + "?white=me&black=friend")
        self.wait(lambda: self.element("friend-links").is_displayed(), "the links show")
        links = [self.element(name).get_attribute("href") for name in ("friend-link", "watch-link")]
        windows = {"white": self.driver.current_window_handle}
        for seat, link in zip(("black", "watch"), links):
            self.driver.switch_to.new_window("window")
            windows[seat] = self.driver.current_window_handle
            self.driver.get(link)
            self.wait(lambda: self.board_fen() == FULL_START, f"{seat}'s board")
        for seat in ("white", "black"):
            self.in_window(windows[seat], lambda: self.driver.execute_script(WATCH_ANSWERS))
        return self.in_window(windows["white"], lambda: self.page()["id"]), windows

    def settle(self, url, game, windows, what):
        """Waits until every window shows the API's view of the game as its
        seat sees it; returns each window's state."""
        states = {}
        for seat, handle in windows.items():
            self.driver.switch_to.window(handle)
            key = self.page()["key"]
            seen = {}

            def agrees(page):
                view = seen["view"] = self.api(url, game, key)
                return (page["version"] == view["version"] and page["moves"] == view["moves"]
                        and page["fen"] == view["position"]["fen"])
            try:
                states[seat] = self.page_until(agrees, f"{what}: {seat}'s page agrees with the API")
            except AssertionError as failure:
                view = seen["view"]
                raise AssertionError(f"{failure}; the API: version {view['version']}, "
                                     f"moves {view['moves']}") from None
        return states

    @staticmethod
    def quiet_move(rng, view, legal):
        """A random move that takes nothing (so that no lion falls and the
        game goes on), or any move when none is quiet."""
        board = view["position"]["board"]
        quiet = [move for move in legal if len(move) == 4
                 and board[7 - int(move[3])][ord(move[2]) - ord("a")] == "."]
        return rng.choice(sorted(quiet or legal))

    def kill_and_restart(self, servers, data, game, windows, sent):
        """Kills the server (SIGKILL), starts it again on the same port and
        data, and checks that nothing any page was told of is lost; `sent`
        is the last move clicked (its seat, its text, the moves before it).
        Returns what became of that move."""
        port = servers[-1].port
        stop_server(servers[-1])
        # No answer can come now: what each page shows is what it was told.
        told = {seat: self.in_window(handle, self.page) for seat, handle in windows.items()}
        self.driver.switch_to.window(windows[sent["seat"]])
        answer = self.wait(lambda: (lambda last: last["status"] is not None and last)(
            self.driver.execute_script("return window.moveAnswers.slice(-1)[0]")),
            "the last move's request is answered or fails")
        self.assertEqual(answer["move"], sent["move"])
        server, url = start_server("--port", port, "--data", data)
        server.port = port
        servers.append(server)
        now = self.settle(url, game, windows, f"after restart {len(servers) - 1}")
        view = self.api(url, game)
        for seat, page in told.items():
            self.assertEqual(view["moves"][:len(page["moves"])], page["moves"],
                             f"moves {seat}'s page showed were lost")
            query = urllib.parse.parse_qs(urllib.parse.urlparse(now[seat]["url"]).query)
            self.assertEqual(query.get("game"), [game], f"{seat}'s page left the game")
            self.assertEqual(now[seat]["key"], page["key"], f"{seat}'s key changed")
            self.assertNotIn("set up again", now[seat]["notice"])
            self.assertNotIn("not on the server", now[seat]["notice"])
        self.assertEqual(os.listdir(os.path.join(data, "games")), [f"{game}.journal"],
                         "a game was forked")
        kept = view["moves"] == sent["moves"] + [sent["move"]]
        self.assertTrue(kept or view["moves"] == sent["moves"], view["moves"])
        if answer["status"] == 200:
            self.assertTrue(kept, f"{sent['move']} was answered, then lost: {view['moves']}")
            return "answered and kept"
        self.assertEqual(answer["status"], 0, "the move was refused")
        if not kept:
            self.assertTrue(now[sent["seat"]]["takes"], "the move lost, its page takes another")
        return "never answered, " + ("kept" if kept else "lost")

    def test_trust_a_friend_game_with_a_watcher_survives_twenty_kills(self):
        data = tempfile.mkdtemp(prefix="congo-trust-data-")
        self.addCleanup(shutil.rmtree, data, True)
        server, url = start_server("--port", "0", "--data", data)
        server.port = url.rsplit(":", 1)[1].strip("/")
        servers = [server]
        self.addCleanup(lambda: stop_server(servers[-1]))
        game, windows = self.open_friend_game(url)
        rng = random.Random(SEED)
        turns = 2 * KILLS
        moments = {turn: rng.choice(KILL_MOMENTS) for turn in sorted(rng.sample(range(turns), KILLS))}
        outcomes = []
        for turn in range(turns):
            view = self.api(url, game)
            self.assertIsNone(view["ended"], "the game ended")
            seat = view["position"]["side"]
            self.driver.switch_to.window(windows[seat])
            page = self.page_until(lambda page: page["version"] == view["version"] and page["takes"]
                                   and not page["sending"], f"turn {turn}: {seat} may move")
            move = self.quiet_move(rng, view, page["legal"])
            moment = moments.get(turn)
            if moment == "right after a click":
                self.driver.execute_script("window.holdMove = arguments[0]", HOLD_MS)
            self.click(*squares_of(move, page["legal"]))
            if moment != "right after a click":
                self.page_until(lambda page: page["moves"] == view["moves"] + [move],
                                f"turn {turn}: {seat}'s page shows {move}")
            if moment in (None, "between moves"):
                self.settle(url, game, windows, f"turn {turn}")
            if moment:
                sent = {"seat": seat, "move": move, "moves": view["moves"]}
                outcome = self.kill_and_restart(servers, data, game, windows, sent)
                outcomes.append(f"{moment}: {outcome}")
        self.assertEqual(len(servers), KILLS + 1)
        print("\n" + "\n".join(f"{outcomes.count(o)} x {o}" for o in sorted(set(outcomes))))

    def post(self, url, path, body):
        request = urllib.request.Request(
            url + path, data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            return json.loads(answer.read())

    def test_trust_moves_after_a_restart_reach_a_page_opened_before_it(self):
        # The smallest case of the friend's game above: a page open across
        # one kill -9 must show the moves played after the restart.
        data = tempfile.mkdtemp(prefix="congo-trust-data-")
        self.addCleanup(shutil.rmtree, data, True)
        server, url = start_server("--port", "0", "--data", data)
        servers = [server]
        self.addCleanup(lambda: stop_server(servers[-1]))
        made = self.post(url, "api/games", {"fen": FULL_START, "white": "me", "black": "friend"})
        game, keys = made["id"], {"white": made["key"]}
        keys["black"] = urllib.parse.parse_qs(urllib.parse.urlparse(made["links"]["friend"]).query)["key"][0]
        self.driver.get(url + made["links"]["me"].lstrip("/"))

        def play(*moves):
            for side, move in zip(("white", "black"), moves):
                self.post(url, f"api/games/{game}/move", {"key": keys[side], "move": move})
            view = self.api(url, game)
            self.page_until(lambda page: page["moves"] == view["moves"],
                            f"the page shows {view['moves']} (the server's version {view['version']})")

        play("a2a3", "a6a5")
        stop_server(servers[-1])
        servers.append(start_server("--port", url.rsplit(":", 1)[1].strip("/"), "--data", data)[0])
        play("b2b3", "b6b5")


    def ends_alike(self, url, windows, result, ended, words):
        """Every window shows the ending `words`, and the API agrees on the
        result and why."""
        for handle in windows:
            self.driver.switch_to.window(handle)
            self.wait(lambda: words in self.text("banner"), f"the banner says {words!r}")
            page = self.page()
            view = self.api(url, page["id"], page["key"])
            self.assertEqual((view["result"], view["ended"]), (result, ended))
            self.assertEqual(page["result"], view["result"] or view["ended"])

    def friend_pair(self, url, black=None):
        """A new friend's game: White's window (the one open) and Black's
        (`black`, or a new one)."""
        self.driver.get(url + "?white=me&black=friend")
        self.wait(lambda: self.element("friend-links").is_displayed(), "the links show")
        friend = self.element("friend-link").get_attribute("href")
        white = self.driver.current_window_handle
        if black:
            self.driver.switch_to.window(black)
        else:
            self.driver.switch_to.new_window("window")
        self.driver.get(friend)
        self.wait(lambda: self.board_fen() == FULL_START, "the friend's board")
        return white, self.driver.current_window_handle

    def test_trust_resign_abort_draw_and_rematch_buttons_end_games_as_the_api_says(self):
        server, url = start_server("--port", "0")
        self.addCleanup(stop_server, server)
        white, black = self.friend_pair(url)
        self.driver.switch_to.window(white)
        if not self.driver.find_elements(By.ID, "game-resign"):
            self.skipTest("the page has no game-ending buttons yet (crates/web/src/page/endings.js)")
        # Aborted before both have moved: no result.
        self.wait(lambda: "abort" in self.shown_buttons(), "Abort is offered")
        self.element("game-abort").click()
        self.ends_alike(url, [white, black], None, "aborted", "aborted")
        # A draw agreed after a move each.
        self.driver.switch_to.window(white)
        white, black = self.friend_pair(url, black)
        self.driver.switch_to.window(white)
        self.click("a2", "a3")
        self.driver.switch_to.window(black)
        self.wait(lambda: self.page()["moves"] == ["a2a3"], "Black sees a2a3")
        self.click("a6", "a5")
        self.driver.switch_to.window(white)
        self.wait(lambda: self.page()["moves"] == ["a2a3", "a6a5"], "White sees a6a5")
        self.element("game-draw").click()
        self.driver.switch_to.window(black)
        self.wait(lambda: "accept" in self.shown_buttons(), "the offer arrives")
        self.element("game-accept").click()
        self.ends_alike(url, [white, black], "draw", "drawn by agreement", "Drawn")
        # The rematch, colours swapped: Black's player now has White, and
        # resigns (the button asks twice).
        old = self.page()["id"]
        self.element("game-rematch").click()
        self.wait(lambda: self.page()["id"] not in (None, old), "the rematch is followed")
        self.assertEqual(self.page()["you"], "white")
        self.driver.switch_to.window(white)
        self.wait(lambda: self.element("game-join").is_displayed(), "Join the rematch shows")
        self.element("game-join").click()
        self.wait(lambda: self.page()["id"] not in (None, old) and self.page()["you"] == "black",
                  "the other joins the rematch as Black")
        self.driver.switch_to.window(black)
        self.element("game-resign").click()
        self.assertFalse(self.element("banner").is_displayed())
        self.element("game-resign").click()
        self.ends_alike(url, [black, white], "black wins", "white resigned", "Black wins")


    def test_trust_a_friend_who_looks_at_another_tab_cannot_be_claimed_from(self):
        server, url = start_server("--port", "0", "--claim-after", "1")
        self.addCleanup(stop_server, server)
        white, black = self.friend_pair(url)
        self.driver.switch_to.window(black)
        game, key = self.page()["id"], self.page()["key"]
        self.driver.execute_script("""
            window.wentHidden = false;
            document.addEventListener('visibilitychange', () => {
                if (document.visibilityState === 'hidden') { window.wentHidden = true; }
            });
        """)
        # Black looks at another tab of the same window for longer than
        # the claim's wait.
        self.driver.switch_to.new_window("tab")
        time.sleep(2.5)
        view = self.api(url, game)
        self.assertEqual(view["gone"], None, view)
        self.driver.close()
        self.driver.switch_to.window(black)
        self.assertTrue(self.driver.execute_script("return window.wentHidden"),
                        "Black's page was never hidden: the test proves nothing")
        self.assertFalse(self.api(url, game, key)["can"]["claim"])

    def test_trust_moves_never_scroll_a_narrow_page(self):
        server, url = start_server("--port", "0")
        self.addCleanup(stop_server, server)
        self.driver.set_window_size(320, 640)
        self.addCleanup(self.driver.set_window_size, 1280, 900)
        self.driver.get(url + "?white=me&black=me")
        self.wait(lambda: self.board_fen() == FULL_START, "the board")
        self.driver.execute_script("window.scrollTo(0, 0)")
        for move in ["a2a3", "a6a5", "b2b3", "b6b5"]:
            page = self.page()
            self.driver.execute_script(CLICK_SQUARES, squares_of(move, page["legal"]))
            self.page_until(lambda page, move=move: move in page["moves"], f"{move} is shown")
        self.assertEqual(self.driver.execute_script("return window.scrollY"), 0)


if __name__ == "__main__":
    unittest.main()
