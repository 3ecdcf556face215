#!/usr/bin/env python3
"""The web board in headless Chromium.

Starts the real `congo serve --port 0 --watch RECORD` (RECORD from a short
match), opens its page and uses it as a person would: clicks and a drag, a
monkey chain, congo's reply and take back, a request that fails and a
server that restarts mid-game, browsing the move list, captures, drownings
and promotions told in words, a friend's game in two windows, a record
replayed, a position studied, a match watched, and every tab at 320 px.
What the page shows is checked against `congo play` and `congo moves`.
Run from the project root after `cargo build`:

    python3 -m unittest discover -s tests/browser -v

Needs Debian's `chromium` and `chromium-driver` and Python's `selenium`
(test-only tools; `.ci/run` installs them when missing). Environment:
CONGO (the binary, default debug/congo under CARGO_TARGET_DIR, else under
target, where `cargo build` puts it) and CONGO_SCREENSHOTS (where the
pictures of each tab go, default target/browser).
"""

import base64
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CARGO_TARGET = os.environ.get("CARGO_TARGET_DIR") or "target"
CONGO = os.path.abspath(os.environ.get("CONGO", os.path.join(CARGO_TARGET, "debug", "congo")))
SCREENSHOTS = os.environ.get("CONGO_SCREENSHOTS", "target/browser")
FULL_START = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"
# A white monkey on c1 that can jump the pawns on c2 and c4 in one move.
MONKEY = "3l3/7/7/2p4/7/2p4/2ML3 w 1"
# A white pawn in the river (it drowns unless it leaves) and one about to
# reach the last rank.
RIVER_AND_PROMOTION = "3l3/P6/7/P6/7/7/3L3 w 1"
# Long enough to wait for anything the page does, short enough to stop a hang.
PATIENCE = 60
TABS = ["play", "study", "replay", "watch"]


def gif_frames(data):
    """The size and the frames (palette indices, row by row) of a GIF89a
    with a global palette, each frame LZW-decoded as a viewer would."""
    assert data[:6] == b"GIF89a", data[:6]
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    assert data[10] & 0x80, "a global palette"
    at = 13 + 3 * (2 << (data[10] & 7))
    frames = []
    while data[at] != 0x3B:
        if data[at] == 0x21:
            at += 2
            while data[at]:
                at += data[at] + 1
            at += 1
            continue
        assert data[at] == 0x2C, f"a block at byte {at}: {data[at]:#x}"
        assert int.from_bytes(data[at + 5:at + 7], "little") == width
        at += 10
        minimum, at = data[at], at + 1
        coded = bytearray()
        while data[at]:
            coded += data[at + 1:at + 1 + data[at]]
            at += data[at] + 1
        at += 1
        frames.append(lzw_decode(bytes(coded), minimum))
        assert len(frames[-1]) == width * height, len(frames[-1])
    return width, height, frames


def lzw_decode(coded, minimum):
    """GIF's LZW: codes of growing width, least significant bit first."""
    clear, end = 1 << minimum, (1 << minimum) + 1
    value = int.from_bytes(coded, "little")
    place, size, table, previous, out = 0, minimum + 1, None, None, bytearray()
    while True:
        code = (value >> place) & ((1 << size) - 1)
        place += size
        if code == clear:
            table = [bytes([n]) for n in range(clear)] + [b"", b""]
            size, previous = minimum + 1, None
            continue
        if code == end:
            return bytes(out)
        if previous is None:
            entry = table[code]
        else:
            entry = table[code] if code < len(table) else previous + previous[:1]
            table.append(previous + entry[:1])
            if len(table) == 1 << size and size < 12:
                size += 1
        out += entry
        previous = entry


def png_pixels(data):
    """The RGBA pixels of an 8-bit RGBA PNG, not interlaced, as the
    browser's canvas writes it."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    while at < len(data):
        length, kind = int.from_bytes(data[at:at + 4], "big"), data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
            assert body[8:10] == b"\x08\x06", body[8:10]
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride, rows, above = zlib.decompress(idat), width * 4, [], bytes(width * 4)
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for n in range(stride):
            left = line[n - 4] if n >= 4 else 0
            up, corner = above[n], above[n - 4] if n >= 4 else 0
            guess = {0: 0, 1: left, 2: up, 3: (left + up) // 2}.get(kind)
            if guess is None:
                p = left + up - corner
                guess = min((abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner))[2]
            line[n] = (line[n] + guess) & 255
        rows.append(bytes(line))
        above = line
    return width, height, b"".join(rows)


def palette_index(red, green, blue):
    """The page's GIF palette: 6 reds, 7 greens, 6 blues."""
    return (round(red * 5 / 255) * 7 + round(green * 6 / 255)) * 6 + round(blue * 5 / 255)


def congo(args, stdin=""):
    """The standard output of `congo ARGS`, which must succeed."""
    done = subprocess.run(
        [CONGO, *args], input=stdin, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise AssertionError(f"congo {' '.join(args)}: {done.stderr}")
    return done.stdout


def after(fen, moves):
    """The FEN `congo play` reaches from `fen` by `moves`, one case each."""
    for move in moves:
        fen = congo(["play"], f"1\n{fen}\n{move}\n").split("\n")[0]
    return fen


def legal_moves(fen):
    """`congo moves` on `fen`, as a list."""
    return congo(["moves"], f"1\n{fen}\n").split()


def shown(move):
    """A move as the page writes it: its squares joined by dashes."""
    return "-".join(move[at:at + 2] for at in range(0, len(move), 2))


def start_server(*args):
    """`congo serve ARGS`, and the address it listens on; its games kept in
    a data folder of its own (removed by `stop_server`) unless ARGS name
    one."""
    own_data = None if "--data" in args else tempfile.mkdtemp(prefix="congo-serve-data-")
    if own_data:
        args = (*args, "--data", own_data)
    server = subprocess.Popen(
        [CONGO, "serve", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    server.own_data = own_data
    line = server.stderr.readline()
    found = re.fullmatch(r"congo serve: (http://\S+/)\n", line)
    if not found:
        stop_server(server)
        raise AssertionError(f"congo serve said {line!r}")
    return server, found.group(1)


def stop_server(server):
    server.kill()
    server.wait()
    server.stderr.close()
    if server.own_data:
        shutil.rmtree(server.own_data, ignore_errors=True)


def chromium():
    options = webdriver.ChromeOptions()
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-extensions",
        "--no-first-run",
        "--window-size=1280,900",
    ):
        options.add_argument(flag)
    binary = shutil.which("chromium")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(options=options, service=Service(driver_path))


class Board(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.record = os.path.join(cls.folder.name, "games.rec")
        congo([
            "match", "--movetime", "50", "--games", "2", "--record", cls.record,
            "--", CONGO, "engine", "--nodes", "300",
            "--", CONGO, "engine", "--nodes", "200",
        ])
        cls.server, cls.url = start_server("--port", "0", "--watch", cls.record)
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        stop_server(cls.server)
        cls.folder.cleanup()

    def tearDown(self):
        self.driver.set_window_size(1280, 900)
        # Back to the one window the class opened.
        for handle in self.driver.window_handles[1:]:
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(self.driver.window_handles[0])

    # ---------------------------------------------------------- helpers

    def wait(self, condition, what):
        return WebDriverWait(self.driver, PATIENCE, poll_frequency=0.02).until(
            lambda _: condition(), message=what
        )

    def open(self, query=""):
        self.driver.get(self.url + query)
        self.wait(lambda: self.board_fen(), "the page draws a board")

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def text(self, element_id):
        return self.element(element_id).text

    def board_fen(self):
        """The FEN of the picture on the board, from its title."""
        return self.driver.execute_script(
            "const title = document.querySelector('#board svg title');"
            "return title ? title.textContent : null"
        )

    def square(self, name):
        return self.driver.find_element(
            By.CSS_SELECTOR, f'#board .square[data-square="{name}"]'
        )

    def click(self, *names):
        for name in names:
            self.square(name).click()

    def shown_moves(self, list_id="play-moves"):
        """The plies a move list shows, as the page writes them, marks and all."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(`#${arguments[0]} .ply[data-ply]`)]"
            ".map((ply) => ply.textContent)",
            list_id,
        )

    def numbered_lines(self, list_id="play-moves"):
        return self.driver.execute_script(
            "return [...document.querySelectorAll(`#${arguments[0]} li`)]"
            ".map((item) => [...item.children].map((part) => part.textContent).join(' '))",
            list_id,
        )

    def marked_targets(self):
        """The squares marked as targets, read back from the marks' centres."""
        return self.driver.execute_script("""
            const centres = new Set([...document.querySelectorAll(
                '#marks .mark-target, #marks .mark-capture')]
                .map((mark) => `${mark.getAttribute('cx')},${mark.getAttribute('cy')}`));
            return [...document.querySelectorAll('#board .square')].filter((rect) => {
                const [x, y, size] = ['x', 'y', 'width'].map((a) => Number(rect.getAttribute(a)));
                return centres.has(`${x + size / 2},${y + size / 2}`);
            }).map((rect) => rect.dataset.square).sort();
        """)

    def wait_for_game(self, start, moves, list_id="play-moves"):
        """Waits until the page shows `moves` (bare) and their position."""
        wanted = [shown(move) for move in moves]
        self.wait(
            lambda: [re.sub(r"[×≈]|=S", "", ply) for ply in self.shown_moves(list_id)] == wanted,
            f"the move list reads {wanted}",
        )
        expected = after(start, moves)
        self.wait(lambda: self.board_fen() == expected, f"the board shows {expected}")

    def picture(self, name, width, height):
        """A picture of the whole page, as tall as it is, in SCREENSHOTS."""
        tall = self.driver.execute_script("return document.documentElement.scrollHeight")
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": max(height, tall), "scale": 1},
        })
        with open(os.path.join(SCREENSHOTS, name), "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    def no_sideways_scroll(self):
        return self.driver.execute_script(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )

    # ------------------------------------------------------------ tests

    def test_clicks_and_a_drag_play_moves_that_congo_play_agrees_with(self):
        self.open("?white=me&black=me")
        self.click("b2")
        self.assertEqual(self.marked_targets(), ["a3", "b3", "c3"])
        self.click("b3")
        self.wait_for_game(FULL_START, ["b2b3"])
        source, target = self.square("c6"), self.square("c5")
        ActionChains(self.driver).click_and_hold(source).move_to_element(
            target
        ).release().perform()
        self.wait_for_game(FULL_START, ["b2b3", "c6c5"])
        self.assertIn("Black's pawn c6-c5.", self.text("happened"))
        self.assertEqual(self.numbered_lines(), ["1. b2-b3 c6-c5"])

    def test_a_monkey_chain_is_made_by_clicking_each_landing_and_told_in_words(self):
        self.assertIn("c1c3c5", legal_moves(MONKEY))
        self.open("?white=me&black=me&fen=" + MONKEY.replace(" ", "+"))
        self.click("c1")
        self.assertIn("c3", self.marked_targets())
        self.click("c3")
        # The chain may go on over c4, or stop on c3.
        self.wait(lambda: self.marked_targets() == ["c5"], "c5 is marked after one jump")
        self.assertIn("chain c1-c3", self.text("status"))
        self.click("c5")
        self.wait_for_game(MONKEY, ["c1c3c5"])
        self.assertEqual(self.shown_moves(), ["c1-c3-c5×"])
        self.assertIn(
            "White's monkey c1-c3-c5, takes the pawn on c2 and the pawn on c4.",
            self.text("happened"),
        )

    def test_a_drowning_and_a_promotion_are_marked_and_told_in_words(self):
        self.open("?white=me&black=me&fen=" + RIVER_AND_PROMOTION.replace(" ", "+"))
        # The pawn in the river does not leave it: it drowns with this move.
        self.click("a6", "a7")
        self.wait_for_game(RIVER_AND_PROMOTION, ["a6a7"])
        self.assertIn(
            "White's pawn a6-a7, becomes a superpawn, "
            "White's pawn on a4 drowns in the river.",
            self.text("happened"),
        )
        self.assertEqual(self.shown_moves(), ["a6-a7≈=S"])
        marks = self.driver.execute_script(
            "return document.querySelectorAll('#marks .mark-drowned, #over .sign-drowned').length"
        )
        self.assertEqual(marks, 2)

    def test_congo_replies_and_take_back_returns_to_the_players_turn(self):
        self.open("?white=me&black=congo&movetime=300&fen=" + FULL_START.replace(" ", "+"))
        self.click("d2", "d3")
        self.wait(lambda: "congo is thinking" in self.text("status"), "congo thinks")
        self.wait(lambda: len(self.shown_moves()) == 2, "congo replies")
        moves = self.shown_moves()
        self.assertEqual(moves[0], "d2-d3")
        reply = moves[1].replace("-", "").rstrip("×≈=S")
        self.assertIn(reply, legal_moves(after(FULL_START, ["d2d3"])))
        self.wait_for_game(FULL_START, ["d2d3", reply])
        self.wait(lambda: "thinking" not in self.text("status"), "the thinking ends")
        self.click("d1")
        now = after(FULL_START, ["d2d3", reply])
        targets = sorted({m[2:4] for m in legal_moves(now) if m.startswith("d1")})
        self.assertEqual(self.marked_targets(), targets)
        self.click("d1")
        self.element("take-back").click()
        self.wait_for_game(FULL_START, [])
        self.assertNotIn("thinking", self.text("status"))

    def test_an_older_view_arriving_late_never_takes_the_page_back(self):
        self.open("?white=me&black=congo&movetime=50&fen=" + FULL_START.replace(" ", "+"))
        self.click("d2", "d3")
        self.wait(lambda: len(self.shown_moves()) == 2, "congo replies")
        # The answer to the move, computed before congo's reply, arrives
        # after the reply's event: it is older, and is not shown.
        kept = self.driver.execute_script("""
            const shown = play.view;
            const late = Object.assign({}, shown, {version: shown.version - 1,
                moves: shown.moves.slice(0, 1), plies: shown.plies.slice(0, 1)});
            onView(late);
            return play.view === shown && !play.sending;
        """)
        self.assertTrue(kept)
        self.assertEqual(len(self.shown_moves()), 2)

    def test_a_failed_request_and_a_restarted_server_poison_nothing(self):
        server, url = start_server("--port", "0")
        port = url.rsplit(":", 1)[1].strip("/")
        try:
            self.driver.get(url + "?white=me&black=me")
            self.wait(lambda: self.board_fen() == FULL_START, "the board")
            self.click("a2", "a3")
            self.wait_for_game(FULL_START, ["a2a3"])
            # The next move's request fails on the way.
            self.driver.execute_script("""
                const real = window.fetch;
                window.fetch = (url, options) => {
                    if (String(url).endsWith('/move') && !window.failedOnce) {
                        window.failedOnce = true;
                        return Promise.reject(new TypeError('Failed to fetch'));
                    }
                    return real(url, options);
                };
            """)
            self.click("a6", "a5")
            self.wait(lambda: "a6-a5 was not played: the server could not be reached"
                      in self.text("notice"), "the failure is told")
            self.assertEqual(self.board_fen(), after(FULL_START, ["a2a3"]))
            self.assertEqual(self.shown_moves(), ["a2-a3"])
            self.click("a6", "a5")
            self.wait_for_game(FULL_START, ["a2a3", "a6a5"])
            # The server restarts and forgets every game.
            stop_server(server)
            server, _ = start_server("--port", port)
            self.click("b2", "b3")
            self.wait(lambda: "set up again" in self.text("notice"), "the game is set up again")
            self.wait_for_game(FULL_START, ["a2a3", "a6a5"])
            self.click("b2", "b3")
            self.wait_for_game(FULL_START, ["a2a3", "a6a5", "b2b3"])
            self.click("b6", "b5")
            self.wait_for_game(FULL_START, ["a2a3", "a6a5", "b2b3", "b6b5"])
        finally:
            stop_server(server)

    def test_a_request_never_answered_is_told_and_the_move_can_be_made_again(self):
        # A browser out of connections to the server leaves a request
        # waiting forever: the page says so after its patience.
        self.open("?white=me&black=me")
        self.wait(lambda: self.board_fen() == FULL_START, "the board")
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.driver.execute_script("""
            const real = window.fetch;
            window.fetch = (url, options) => {
                if (String(url).endsWith('/move') && !window.hungOnce) {
                    window.hungOnce = true;
                    return new Promise((_, reject) => options.signal.addEventListener(
                        'abort', () => reject(options.signal.reason)));
                }
                return real(url, options);
            };
        """)
        self.click("a6", "a5")
        WebDriverWait(self.driver, 2 * PATIENCE, poll_frequency=0.2).until(
            lambda _: "a6-a5 was not played: the server did not answer within 30 s"
            in self.text("notice"), message="the wait is told")
        self.assertEqual(self.board_fen(), after(FULL_START, ["a2a3"]))
        self.click("a6", "a5")
        self.wait_for_game(FULL_START, ["a2a3", "a6a5"])

    def test_the_move_list_is_browsed_by_clicks_and_keys(self):
        self.open("?white=me&black=me&moves=a2a3+a6a5+b2b3+b6b5+c2c3")
        moves = ["a2a3", "a6a5", "b2b3", "b6b5", "c2c3"]
        self.wait_for_game(FULL_START, moves)
        self.assertEqual(
            self.numbered_lines(), ["1. a2-a3 a6-a5", "2. b2-b3 b6-b5", "3. c2-c3"]
        )
        self.driver.find_element(By.CSS_SELECTOR, '#play-moves .ply[data-ply="2"]').click()
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:2]), "ply 2 shown")
        self.assertIn("Looking at ply 2 of 5", self.text("status"))
        self.assertEqual(self.text("play-steps-ply"), "ply 2 of 5")
        self.element("play-steps-forward").click()
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:3]), "ply 3 by its button")
        self.element("play-steps-first").click()
        self.wait(lambda: self.board_fen() == FULL_START, "the start by its button")
        self.element("play-steps-last").click()
        self.wait(lambda: self.text("play-steps-ply") == "ply 5 of 5", "the end by its button")
        self.element("play-steps-back").click()
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:4]), "ply 4 by its button")
        self.driver.find_element(By.CSS_SELECTOR, '#play-moves .ply[data-ply="2"]').click()
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:2]), "ply 2 again")
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_LEFT)
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:1]), "ply 1 shown")
        body.send_keys(Keys.HOME)
        self.wait(lambda: self.board_fen() == FULL_START, "the start shown")
        body.send_keys(Keys.ARROW_RIGHT)
        self.wait(lambda: self.board_fen() == after(FULL_START, moves[:1]), "ply 1 again")
        current = self.driver.find_element(By.CSS_SELECTOR, "#play-moves .ply.current")
        self.assertEqual(current.get_attribute("data-ply"), "1")
        body.send_keys(Keys.END)
        self.wait(lambda: self.board_fen() == after(FULL_START, moves), "the last ply")
        # Back at the end, the board takes moves again.
        self.click("c6", "c5")
        self.wait_for_game(FULL_START, moves + ["c6c5"])

    def test_a_link_opens_the_same_game_turned_as_it_was(self):
        self.open("?white=me&black=me")
        self.click("e2", "e3")
        self.wait_for_game(FULL_START, ["e2e3"])
        self.element("flip").click()
        self.click("e6", "e5")
        self.wait_for_game(FULL_START, ["e2e3", "e6e5"])
        link = self.element("link").get_attribute("href")
        self.assertIn("flip=1", link)
        self.open("?white=me&black=me&fen=" + MONKEY.replace(" ", "+"))
        self.wait_for_game(MONKEY, [])
        self.driver.get(link)
        self.wait_for_game(FULL_START, ["e2e3", "e6e5"])
        # Turned: a7 is at the bottom right.
        a7, g1 = self.square("a7").rect, self.square("g1").rect
        self.assertGreater(a7["y"], g1["y"])

    def test_a_bad_link_shows_the_start_and_says_what_is_wrong(self):
        self.open("?fen=xyz")
        self.wait(lambda: "This link's game cannot be set up" in self.text("notice"),
                  "the link's fault is told")
        self.assertIn("fen", self.text("notice"))
        self.assertEqual(self.board_fen(), FULL_START)
        self.open("?game=nosuchgame&key=00")
        self.wait(lambda: "no such game" in self.text("notice"), "an old link is told")
        self.assertEqual(self.board_fen(), FULL_START)

    def test_a_bad_number_gets_a_message_not_a_default(self):
        self.open()
        self.driver.find_element(By.CSS_SELECTOR, "#new-game summary").click()
        movetime = self.element("movetime")
        movetime.clear()
        movetime.send_keys("0")
        movetime.send_keys(Keys.ENTER)
        self.wait(lambda: "from 1 to 60000" in self.text("new-error"), "the field's fault")

    def test_a_friend_game_is_played_in_two_windows(self):
        self.open()
        self.driver.find_element(By.CSS_SELECTOR, "#new-game summary").click()
        Select(self.element("opponent")).select_by_value("friend-black")
        self.element("clock-on").click()
        self.element("new-start").click()
        self.wait(lambda: self.element("friend-links").is_displayed(), "the links show")
        friend = self.element("friend-link").get_attribute("href")
        watch = self.element("watch-link").get_attribute("href")
        mine = self.driver.current_window_handle
        self.driver.switch_to.new_window("window")
        theirs = self.driver.current_window_handle
        self.driver.get(friend)
        self.wait(lambda: self.board_fen() == FULL_START, "the friend's board")
        # The friend plays Black: the board is turned to them.
        self.assertGreater(self.square("a7").rect["y"], self.square("g1").rect["y"])
        self.wait(lambda: "Waiting for White" in self.text("status"), "Black waits")
        self.driver.switch_to.window(mine)
        self.click("c2", "c3")
        self.wait_for_game(FULL_START, ["c2c3"])
        self.driver.switch_to.window(theirs)
        self.wait_for_game(FULL_START, ["c2c3"])
        self.wait(lambda: self.element("clock-top").is_displayed(), "the clocks show")
        self.click("c6", "c5")
        self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
        self.driver.switch_to.new_window("window")
        self.driver.get(watch)
        self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
        self.assertIn("Watching", self.text("status"))
        self.driver.switch_to.window(mine)
        self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
        self.assertIn("You to move", self.text("status"))

    def test_a_record_is_stepped_through_by_buttons_and_arrow_keys(self):
        with open(self.record, encoding="utf-8") as file:
            text = file.read()
        first = text.split("\n")[0].split("\t")
        start, moves = first[2], first[3].split()
        self.open()
        self.element("tab-replay").click()
        self.driver.execute_script("arguments[0].value = arguments[1]",
                                   self.element("record-text"), text)
        self.element("record-load").click()
        self.wait(lambda: len(self.shown_moves("replay-moves")) == len(moves), "the moves show")
        self.wait(lambda: self.board_fen() == start, "the game's start shows")
        self.element("replay-steps-forward").click()
        self.element("replay-steps-forward").click()
        self.wait(lambda: self.board_fen() == after(start, moves[:2]), "two plies in")
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        self.wait(lambda: self.board_fen() == after(start, moves[:3]), "three plies in")
        body.send_keys(Keys.ARROW_LEFT)
        self.wait(lambda: self.text("replay-steps-ply") == f"ply 2 of {len(moves)}", "back to ply 2")
        self.element("replay-steps-last").click()
        self.wait(lambda: self.board_fen() == after(start, moves), "the last position")
        self.assertIn(first[5], self.text("record-result"))
        self.assertTrue(self.element("banner").is_displayed())

    def test_study_names_its_figures_and_a_bad_fen(self):
        self.open()
        self.element("tab-study").click()
        field = self.element("study-fen")
        field.clear()
        field.send_keys("3l3/8/7/7/7/7/3L3 w 1", Keys.ENTER)
        self.wait(lambda: "rank 6 has 8 squares, expected 7" in self.text("study-error"),
                  "the FEN's fault is named")
        field.clear()
        field.send_keys(MONKEY, Keys.ENTER)
        self.wait(lambda: self.text("study-moves").split() == [shown(m) for m in legal_moves(MONKEY)],
                  "the legal moves show")
        self.assertRegex(self.text("study-eval"), r"^[+−]?\d+\.\d\d$")
        self.assertIn("from White's side, in pawns", self.text("study-panel"))
        self.assertIn("start congo serve with --tb", self.text("study-probe"))
        self.element("study-time").clear()
        self.element("study-time").send_keys("200")
        self.element("study-best").click()
        self.wait(lambda: "plies deep" in self.text("study-best-result"), "congo answers")
        best = self.text("study-best-result").split(",")[0].replace("-", "")
        self.assertIn(best, legal_moves(MONKEY))
        # congo's move as an arrow on the board, its score in the bar.
        arrow = self.driver.find_element(By.CSS_SELECTOR, "#over .best-arrow")
        self.assertEqual(arrow.get_attribute("data-move"), best)
        self.assertTrue(self.element("eval-bar").is_displayed())
        self.assertIn(f"its move {shown(best)}", self.element("eval-bar").get_attribute("aria-valuetext"))
        self.click("c1", "c3", "c5")
        self.wait_for_game(MONKEY, ["c1c3c5"], "study-line")

    def test_a_watched_match_lists_its_games_and_score(self):
        with open(self.record, encoding="utf-8") as file:
            first = file.readline().split("\t")
        self.open()
        self.wait(lambda: self.element("tab-watch").is_displayed(), "the Watch tab is there")
        self.element("tab-watch").click()
        self.wait(lambda: "Score after 2 finished games" in self.text("watch-score"), "the score")
        self.element("watch-games").find_elements(By.TAG_NAME, "button")[0].click()
        self.wait_for_game(first[2], first[3].split(), "watch-moves")
        # No path of the server's machine is shown: not the record's.
        shown = self.text("watch-panel") + self.text("board-area")
        self.assertNotIn(os.path.dirname(self.record), shown)
        self.assertNotIn("games.rec", shown)
        # Nor an engine's: its command line is shown with names, not paths.
        cut = self.driver.execute_script(
            "return withoutPaths('/home/ann/bin/congo engine --book /srv/books/a.txt')")
        self.assertEqual(cut, "congo engine --book a.txt")

    def test_every_tab_fits_320_px_and_is_pictured(self):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        with open(self.record, encoding="utf-8") as file:
            record = file.read()
        for width, height in ((1280, 900), (320, 740)):
            self.driver.set_window_size(width, height)
            self.open("?white=me&black=me&moves=c2c3+e6e5+d2d3")
            self.wait(lambda: len(self.shown_moves()) == 3, "the game shows")
            self.click("d1")
            for tab in TABS:
                self.element(f"tab-{tab}").click()
                if tab == "replay":
                    self.driver.execute_script("arguments[0].value = arguments[1]",
                                               self.element("record-text"), record)
                    self.element("record-load").click()
                    self.wait(lambda: self.shown_moves("replay-moves"), "the record shows")
                    self.wait(lambda: self.board_fen() == record.split("\t")[2], "its start")
                if tab == "watch":
                    self.wait(lambda: self.shown_moves("watch-moves"), "the watched game shows")
                if tab == "study":
                    self.wait(lambda: self.text("study-moves"), "the study shows")
                self.assertTrue(self.no_sideways_scroll(), f"{tab} at {width} px")
                if width == 320:
                    board = self.element("board").rect["width"]
                    self.assertLessEqual(board, 320)
                    self.assertGreater(board, 250)
                    # Coordinates and the legend are drawn 12 px or more.
                    smallest = self.driver.execute_script(
                        "const scale = document.querySelector('#board svg').getScreenCTM().a;"
                        "return Math.min(...[...document.querySelectorAll('#board .coordinate')]"
                        ".map((text) => Number(text.getAttribute('font-size')) * scale),"
                        "...[...document.querySelectorAll('#legend-list li')]"
                        ".map((item) => parseFloat(getComputedStyle(item).fontSize)))"
                    )
                    self.assertGreaterEqual(smallest, 12, tab)
                self.picture(f"{tab}-{width}.png", width, height)

    def viewport(self, width, height):
        """Makes the window's inside exactly `width` by `height` CSS pixels."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False,
        })
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.clearDeviceMetricsOverride", {})

    def outside_the_window(self, *element_ids):
        """The elements of `element_ids` not wholly inside the window, with
        their boxes, with the page scrolled to its top."""
        return self.driver.execute_script("""
            scrollTo(0, 0);
            const outside = [];
            for (const id of arguments[0]) {
                const box = document.getElementById(id).getBoundingClientRect();
                if (box.top < 0 || box.left < 0 || box.bottom > innerHeight
                    || box.right > innerWidth || box.height === 0) {
                    outside.push([id, box.top, box.bottom, box.left, box.right, innerWidth, innerHeight]);
                }
            }
            return outside;
        """, list(element_ids))

    def test_the_board_clocks_status_and_result_fit_the_window(self):
        # A game on a clock that ends at once: the lion takes the lion.
        self.open("?white=me&black=me&clock=300%2B3&fen=" + MONKEY.replace(" ", "+"))
        self.click("d1", "d7")
        self.wait(lambda: self.element("banner").is_displayed(), "the result shows")
        self.assertTrue(self.element("clock-top").is_displayed())
        self.assertIn("White wins", self.text("banner"))
        for width, height in ((1280, 720), (1366, 768), (1280, 900), (1920, 1080), (320, 640)):
            self.viewport(width, height)
            self.assertEqual(
                self.outside_the_window("board", "clock-top", "clock-bottom", "status", "banner"),
                [], f"at {width}x{height}",
            )
            # The board is not made small to fit: it takes what is left.
            board = self.element("board").rect
            self.assertGreater(min(board["width"], board["height"]), min(width - 40, 400),
                               f"at {width}x{height}")
            self.assertTrue(self.no_sideways_scroll(), f"at {width}x{height}")
        # The legend is folded away, and the board's picture holds none.
        self.assertFalse(self.element("legend").get_attribute("open"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#board .legend"), [])
        self.element("legend").find_element(By.TAG_NAME, "summary").click()
        self.assertIn("lion (L)", self.text("legend-list"))

    def test_a_fresh_page_plays_the_full_start_from_move_1(self):
        self.open()
        self.wait(lambda: self.board_fen() == FULL_START, "the full start")
        self.assertEqual(Select(self.element("start")).first_selected_option.get_attribute("value"), "full")
        self.click("d2", "d3")
        self.wait(lambda: self.numbered_lines() and self.numbered_lines()[0].startswith("1. d2-d3"),
                  "the first move is numbered 1")
        # The board's picture says nothing of a "move 0".
        self.assertNotIn("move 0", self.element("board").text)

    def test_the_arrow_keys_browse_after_a_move_made_with_the_mouse(self):
        self.open("?white=me&black=me")
        self.click("b2", "b3")
        self.wait_for_game(FULL_START, ["b2b3"])
        self.click("b6", "b5")
        self.wait_for_game(FULL_START, ["b2b3", "b6b5"])
        keys = ActionChains(self.driver)
        keys.send_keys(Keys.ARROW_LEFT).perform()
        self.wait(lambda: self.board_fen() == after(FULL_START, ["b2b3"]), "one ply back")
        keys.send_keys(Keys.HOME).perform()
        self.wait(lambda: self.board_fen() == FULL_START, "the start")
        keys.send_keys(Keys.END).perform()
        self.wait(lambda: self.board_fen() == after(FULL_START, ["b2b3", "b6b5"]), "the end")
        # A click on a move of the list, then on a button: the keys go on.
        self.driver.find_element(By.CSS_SELECTOR, '#play-moves .ply[data-ply="1"]').click()
        self.wait(lambda: self.board_fen() == after(FULL_START, ["b2b3"]), "ply 1 clicked")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        self.wait(lambda: self.board_fen() == after(FULL_START, ["b2b3", "b6b5"]), "ply 2 by key")
        self.element("flip").click()
        ActionChains(self.driver).send_keys(Keys.ARROW_LEFT).perform()
        self.wait(lambda: self.board_fen() == after(FULL_START, ["b2b3"]), "back after a button")

    def test_the_clocks_are_not_read_aloud_but_low_time_and_the_result_are(self):
        # 11 s each: White's first move is free, Black's reply is quick,
        # then White's clock runs under 10 s in a second and falls.
        self.open("?white=me&black=me&clock=11%2B0")
        self.driver.execute_script("""
            window.said = [];
            new MutationObserver(() => {
                const text = document.getElementById('announce').textContent;
                if (text) { said.push(text); }
            }).observe(document.getElementById('announce'),
                       {childList: true, characterData: true, subtree: true});
        """)
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.click("a6", "a5")
        self.wait_for_game(FULL_START, ["a2a3", "a6a5"])
        self.assertTrue(self.element("clock-top").is_displayed())
        live = self.driver.execute_script("""
            return [...document.querySelectorAll('.clock .time')].map((time) => time.closest(
                '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log], output'))
                .filter(Boolean).length;
        """)
        self.assertEqual(live, 0, "a clock's time is in a live region")
        self.wait(lambda: self.element("banner").is_displayed(), "White's flag falls")
        said = lambda: self.driver.execute_script("return said")
        self.wait(lambda: len(said()) >= 2, "low time and the result are said")
        self.assertEqual(said()[0], "White has less than 10 seconds left.")
        self.assertEqual(len([words for words in said() if "seconds left" in words]), 1, said())
        self.assertIn("Black wins", said()[-1])

    def test_dark_mode_follows_the_system(self):
        background = "return getComputedStyle(document.documentElement).backgroundColor"
        self.open()
        light = self.driver.execute_script(background)
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.setEmulatedMedia", {"features": []})
        dark = self.driver.execute_script(background)
        brightness = lambda colour: sum(int(n) for n in re.findall(r"\d+", colour)[:3])
        self.assertGreater(brightness(light), 600, light)
        self.assertLess(brightness(dark), 150, dark)
        # Text stays readable: light on dark, in the panel's buttons too.
        ink = self.driver.execute_script(
            "return getComputedStyle(document.getElementById('take-back')).color")
        self.assertGreater(brightness(ink), 500, ink)
        # The board's coordinates stand beside it, on the page's colour.
        coordinate = self.driver.execute_script(
            "return getComputedStyle(document.querySelector('#board .coordinate')).fill")
        self.assertGreater(brightness(coordinate), 400, coordinate)

    def test_ten_tabs_of_one_server_all_play_congo(self):
        # A browser opens six connections to one host: a tab that is not
        # seen must not hold its event stream. A server of its own: the
        # games of the other tests do not count against these.
        server, url = start_server("--port", "0")
        try:
            tabs = []
            for number in range(10):
                self.driver.switch_to.new_window("tab")
                tabs.append(self.driver.current_window_handle)
                self.driver.get(url + "?white=me&black=congo&movetime=50")
                self.wait(lambda: self.board_fen() == FULL_START, "the board")
                self.click("d2", "d3")
                self.wait(lambda: len(self.shown_moves()) == 2, f"congo replies in tab {number + 1}")
                reply = self.shown_moves()[1].replace("-", "").rstrip("×≈=S")
                self.assertIn(reply, legal_moves(after(FULL_START, ["d2d3"])))
            # Back to the first and the last: each follows its game again.
            for handle in (tabs[0], tabs[-1]):
                self.driver.switch_to.window(handle)
                self.wait(lambda: "You to move" in self.text("status"), "the game is there")
                self.click("a2", "a3")
                self.wait(lambda: len(self.shown_moves()) == 4, "congo replies again")
        finally:
            stop_server(server)

    def listen_for_sounds(self):
        self.driver.execute_script(
            "window.sounds = [];"
            "document.addEventListener('congo-sound', (event) => sounds.push(event.detail));")

    def test_ten_friend_game_tabs_in_one_browser_all_play(self):
        # Five friend games, both sides in tabs of one browser: a hidden
        # tab says its player is here instead of holding one of the six
        # connections a browser keeps to one server.
        self.play_five_friend_games_in("tab")

    def test_ten_friend_game_windows_in_one_browser_all_play(self):
        # Ten windows, all seen at once: their games share one stream
        # rather than each holding one of the six connections.
        self.play_five_friend_games_in("window")
        for window in self.driver.window_handles[-10:]:
            self.driver.switch_to.window(window)
            self.assertEqual(self.driver.execute_script("return document.visibilityState"),
                             "visible")

    def test_more_games_than_one_stream_takes_are_all_followed(self):
        # Eighteen followed at once (nine games, each as player and as
        # watcher): the server takes sixteen a stream, so the tabs' games
        # go on two.
        server, url = start_server("--port", "0")
        try:
            self.driver.get(url)
            self.wait(lambda: self.board_fen(), "the board")
            seen = self.driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const seen = new Set();
                const handlers = (name) => ({
                    view: () => {
                        seen.add(name);
                        if (seen.size === 18) {
                            done(seen.size);
                        }
                    },
                    lost: () => done(`lost ${name}`),
                    trouble: () => {},
                });
                (async () => {
                    for (let n = 0; n < 9; n += 1) {
                        const made = await fetch('/api/games', {method: 'POST',
                            headers: {'Content-Type': 'application/json'},
                            body: JSON.stringify({fen: arguments[0], white: 'me', black: 'friend'})});
                        const game = await made.json();
                        followGame(game.id, game.key, handlers(`${game.id}:${game.key}`));
                        followGame(game.id, null, handlers(game.id));
                    }
                })();
            """, FULL_START)
            self.assertEqual(seen, 18)
        finally:
            stop_server(server)

    def play_five_friend_games_in(self, kind):
        """Five friend games, each side in a `kind` (tab or window) of
        this browser: each plays a move and sees the other's."""
        server, url = start_server("--port", "0")
        try:
            games = []
            for _ in range(5):
                self.driver.switch_to.new_window(kind)
                white = self.driver.current_window_handle
                self.driver.get(url)
                self.wait(lambda: self.board_fen(), "the board")
                self.driver.find_element(By.CSS_SELECTOR, "#new-game summary").click()
                Select(self.element("opponent")).select_by_value("friend-black")
                self.element("new-start").click()
                self.wait(lambda: self.element("friend-links").is_displayed(), "the links")
                friend = self.element("friend-link").get_attribute("href")
                self.driver.switch_to.new_window(kind)
                black = self.driver.current_window_handle
                self.driver.get(friend)
                self.wait(lambda: self.board_fen() == FULL_START, "the friend's board")
                games.append((white, black))
            for number, (white, black) in enumerate(games):
                self.driver.switch_to.window(white)
                self.click("c2", "c3")
                self.wait_for_game(FULL_START, ["c2c3"])
                self.driver.switch_to.window(black)
                self.wait_for_game(FULL_START, ["c2c3"])
                self.click("c6", "c5")
                self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
                self.driver.switch_to.window(white)
                self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
                self.assertNotIn("left the game", self.text("gone"), f"game {number + 1}")
        finally:
            stop_server(server)

    def test_ten_browsers_on_one_address_play_and_watch_together(self):
        # A class behind one address: each browser (a profile of its own)
        # is a visitor of its own, loads the page and plays, and a friend
        # game and its watcher see each move.
        server, url = start_server("--port", "0", "--engines", "2")
        browsers = []
        try:
            for _ in range(10):
                browsers.append(chromium())
            host, friend, watcher, *players = browsers
            for browser in players:
                browser.get(url + "?white=me&black=congo&movetime=20")
            for number, browser in enumerate(players):
                self.play_in(browser, "d2", "d3")
                self.wait_in(browser, lambda b: len(self.moves_in(b)) == 2,
                             f"congo replies to browser {number + 4}")
            host.get(url)
            self.wait_in(host, self.fen_in, "a board")
            host.find_element(By.CSS_SELECTOR, "#new-game summary").click()
            Select(host.find_element(By.ID, "opponent")).select_by_value("friend-black")
            host.find_element(By.ID, "new-start").click()
            self.wait_in(host, lambda b: b.find_element(By.ID, "friend-links").is_displayed(), "the links")
            friend.get(host.find_element(By.ID, "friend-link").get_attribute("href"))
            watcher.get(host.find_element(By.ID, "watch-link").get_attribute("href"))
            for browser in (friend, watcher):
                self.wait_in(browser, lambda b: self.fen_in(b) == FULL_START, "the game's board")
            # The friend's page, too, offers the watch link, which plays no
            # side.
            watch = host.find_element(By.ID, "watch-link").get_attribute("href")
            self.wait_in(friend, lambda b: b.find_element(By.ID, "watch-link").is_displayed(),
                         "the friend's page offers the watch link")
            self.assertEqual(friend.find_element(By.ID, "watch-link").get_attribute("href"), watch)
            self.assertNotIn("key=", watch)
            self.assertFalse(friend.find_element(By.ID, "friend-link").is_displayed())
            self.play_in(host, "c2", "c3")
            for browser in (friend, watcher):
                self.wait_in(browser, lambda b: self.moves_in(b) == ["c2-c3"], "the move arrives")
            self.play_in(friend, "c6", "c5")
            for browser in (host, watcher):
                self.wait_in(browser, lambda b: len(self.moves_in(b)) == 2, "the reply arrives")
            # The page came in three requests.
            loaded = watcher.execute_script(
                "return performance.getEntriesByType('resource')"
                ".filter((e) => !e.name.includes('/api/')).length")
            self.assertEqual(loaded, 2)
        finally:
            for browser in browsers:
                browser.quit()
            stop_server(server)

    def wait_in(self, browser, condition, what):
        return WebDriverWait(browser, PATIENCE, poll_frequency=0.05).until(condition, message=what)

    def fen_in(self, browser):
        """The FEN of `browser`'s board, as `board_fen` reads this one's."""
        return browser.execute_script(
            "const title = document.querySelector('#board svg title');"
            "return title ? title.textContent : null")

    def moves_in(self, browser):
        return browser.execute_script(
            "return [...document.querySelectorAll('#play-moves .ply[data-ply]')]"
            ".map((ply) => ply.textContent.replace(/[×≈=S]+$/, ''))")

    def play_in(self, browser, *names):
        self.wait_in(browser, self.fen_in, "a board")
        for name in names:
            browser.find_element(By.CSS_SELECTOR, f'#board .square[data-square="{name}"]').click()

    def test_after_start_a_phone_shows_the_board_both_clocks_and_the_status(self):
        for width, height in ((320, 640), (390, 844)):
            self.viewport(width, height)
            self.open()
            self.element("new-game").find_element(By.TAG_NAME, "summary").click()
            Select(self.element("opponent")).select_by_value("friend-black")
            self.element("clock-on").click()
            self.element("new-start").click()
            self.wait(lambda: self.element("clock-top").is_displayed(), "the game starts")
            outside = self.driver.execute_script("""
                const outside = [];
                for (const id of ['board', 'clock-top', 'clock-bottom', 'status']) {
                    const box = document.getElementById(id).getBoundingClientRect();
                    if (box.top < 0 || box.bottom > innerHeight || box.height === 0) {
                        outside.push([id, box.top, box.bottom, innerHeight]);
                    }
                }
                return outside;
            """)
            self.assertEqual(outside, [], f"at {width}x{height}")

    def test_a_view_that_brings_nothing_new_keeps_the_piece_chosen(self):
        # Tabs sharing a stream may hear a view twice; one heard between
        # the two clicks of a move must not drop the piece chosen.
        self.open("?white=me&black=me")
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.click("a6")
        self.wait(lambda: self.marked_targets(), "a6's moves are marked")
        self.driver.execute_script("onView(play.view); onView(play.view, true);")
        self.assertTrue(self.marked_targets(), "a6 stays chosen")
        self.click("a5")
        self.wait_for_game(FULL_START, ["a2a3", "a6a5"])

    def test_moves_and_captures_sound_unless_switched_off(self):
        self.open("?white=me&black=me&fen=" + MONKEY.replace(" ", "+"))
        self.driver.execute_script("localStorage.removeItem('congo.sound')")
        self.listen_for_sounds()
        self.assertEqual(self.element("sound").get_attribute("aria-pressed"), "true")
        self.click("c1", "c3")
        self.wait(lambda: self.marked_targets() == ["c5"], "c5 is marked after one jump")
        self.click("c5")
        self.wait_for_game(MONKEY, ["c1c3c5"])
        self.click("d7", "e7")
        self.wait_for_game(MONKEY, ["c1c3c5", "d7e7"])
        self.wait(lambda: len(self.driver.execute_script("return sounds")) == 2, "two sounds")
        self.assertEqual(self.driver.execute_script("return sounds"), ["capture", "move"])
        # Off, and remembered by the next page.
        self.element("sound").click()
        self.assertEqual(self.element("sound").get_attribute("aria-pressed"), "false")
        self.open("?white=me&black=me")
        self.listen_for_sounds()
        self.assertEqual(self.text("sound"), "Sound off")
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.assertEqual(self.driver.execute_script("return sounds"), [])
        self.element("sound").click()
        self.assertEqual(self.driver.execute_script("return localStorage.getItem('congo.sound')"), "on")

    def premove_marks(self):
        return len(self.driver.find_elements(By.CSS_SELECTOR, "#marks .mark-premove"))

    def test_one_premove_while_congo_thinks_is_played_or_cancelled(self):
        self.open("?white=me&black=congo&movetime=1500")
        self.click("d2", "d3")
        self.wait(lambda: len(self.shown_moves()) == 1 and "congo" in self.text("status"),
                  "congo's turn")
        # A premove: marked, said, and played the moment congo has moved.
        self.wait(lambda: "takes-moves" in self.element("board").get_attribute("class"),
                  "the board takes a premove")
        self.click("a2", "a3")
        self.assertEqual(self.premove_marks(), 2)
        self.assertIn("Premove a2-a3", self.text("status"))
        self.wait(lambda: len(self.shown_moves()) >= 3, "congo replies and the premove goes")
        self.assertEqual(self.shown_moves()[2], "a2-a3")
        self.wait(lambda: len(self.shown_moves()) == 4, "congo replies to the premove")
        self.assertEqual(self.premove_marks(), 0)
        # Another, cancelled by a right-click: congo's reply leaves the turn
        # to the player.
        self.wait(lambda: "You to move" in self.text("status"), "the player's turn")
        self.click("b2", "b3")
        self.wait(lambda: len(self.shown_moves()) == 5 and "takes-moves"
                  in self.element("board").get_attribute("class"), "congo's turn again")
        self.click("g2", "g3")
        self.assertEqual(self.premove_marks(), 2)
        ActionChains(self.driver).context_click(self.square("d4")).perform()
        self.assertEqual(self.premove_marks(), 0)
        self.assertIn("Premove cancelled", self.text("status"))
        self.wait(lambda: len(self.shown_moves()) == 6, "congo replies")
        self.wait(lambda: "You to move" in self.text("status"), "no premove was played")
        self.assertEqual(len(self.shown_moves()), 6)

    def test_a_free_engine_is_never_said_to_be_waited_for(self):
        # Each of congo's moves waits a moment for an engine; the status
        # says so only when the wait lasts.
        self.open("?white=me&black=congo&movetime=50")
        self.driver.execute_script(
            "window.said = [];"
            "new MutationObserver(() => said.push(document.getElementById('status').textContent))"
            ".observe(document.getElementById('status'), {childList: true, characterData: true,"
            " subtree: true});")
        for ply, (start, end) in enumerate((("a2", "a3"), ("b2", "b3"), ("c2", "c3"))):
            self.click(start, end)
            self.wait(lambda: len(self.shown_moves()) == 2 * ply + 2, "congo replies")
            self.wait(lambda: "You to move" in self.text("status"), "the player's turn")
        said = self.driver.execute_script("return said")
        self.assertIn("congo is thinking…", said)
        self.assertEqual([words for words in said if "free engine" in words], [])

    def test_a_game_is_saved_as_a_gif_and_a_position_as_a_png(self):
        self.open("?white=me&black=me")
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.click("a6", "a5")
        self.wait_for_game(FULL_START, ["a2a3", "a6a5"])
        self.element("save-gif").click()
        self.wait(lambda: "The GIF of 3 positions is saved" in self.text("status"), "the GIF saved")
        made = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const base64 = async (blob) => {
                const bytes = new Uint8Array(await blob.arrayBuffer());
                let text = '';
                for (let at = 0; at < bytes.length; at += 4096) {
                    text += String.fromCharCode(...bytes.subarray(at, at + 4096));
                }
                return btoa(text);
            };
            (async () => {
                const fens = [play.view.start, ...play.view.plies.map((ply) => ply.fen)];
                const svgs = [];
                for (const fen of fens) {
                    svgs.push(await svgOf(fen));
                }
                const gif = await base64(await gifOf(svgs));
                // Chromium's own decoder reads it too.
                const shown = new Image();
                shown.src = `data:image/gif;base64,${gif}`;
                await shown.decode();
                done({gif, png: await base64(await pngOf(svgs[0])), shown: shown.naturalWidth});
            })().catch((error) => done({error: String(error)}));
        """)
        self.assertNotIn("error", made)
        width, height, frames = gif_frames(base64.b64decode(made["gif"]))
        self.assertEqual(made["shown"], width)
        self.assertEqual(len(frames), 3)
        self.assertNotEqual(frames[0], frames[1])
        self.assertNotEqual(frames[1], frames[2])
        # The GIF's first frame is the PNG of the start, colour by colour.
        png_width, png_height, pixels = png_pixels(base64.b64decode(made["png"]))
        self.assertEqual((png_width, png_height), (width, height))
        quantised = bytes(palette_index(*pixels[n:n + 3]) for n in range(0, len(pixels), 4))
        self.assertEqual(frames[0], quantised)
        # Drawings of different heights (the legend lists the kinds on the
        # board) make frames of one size, the largest.
        heights = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
                const svgs = [await svgOf(arguments[0]), await svgOf(arguments[1])];
                const bytes = new Uint8Array(await (await gifOf(svgs)).arrayBuffer());
                let text = '';
                for (const byte of bytes) {
                    text += String.fromCharCode(byte);
                }
                const tall = svgs.map((svg) => Number(svg.match(/<svg[^>]* height="([0-9.]+)"/)[1]));
                done({gif: btoa(text), tall});
            })().catch((error) => done({error: String(error)}));
        """, FULL_START, MONKEY)
        self.assertNotIn("error", heights)
        self.assertNotEqual(heights["tall"][0], heights["tall"][1])
        width, height, frames = gif_frames(base64.b64decode(heights["gif"]))
        self.assertEqual((len(frames), height), (2, max(heights["tall"])))

    def shown_buttons(self):
        """The game-ending buttons shown, by their ids' last word."""
        return sorted(button.get_attribute("id").split("-", 1)[1] for button in
                      self.driver.find_elements(By.CSS_SELECTOR, "#endings button")
                      if button.is_displayed())

    def allowed(self):
        """The game-ending actions the view shown allows."""
        return sorted(action for action, can in self.driver.execute_script(
            "return play.view.can").items() if can and action != "takeback")

    def test_congo_plays_at_a_level_and_a_game_is_aborted_or_resigned(self):
        self.open()
        self.driver.find_element(By.CSS_SELECTOR, "#new-game summary").click()
        self.assertTrue(self.element("level-row").is_displayed())
        Select(self.element("level")).select_by_value("2")
        self.element("new-start").click()
        self.wait(lambda: "level=2" in self.driver.current_url, "the level is in the link")
        self.click("d2", "d3")
        self.wait(lambda: len(self.shown_moves()) == 2, "congo replies")
        self.assertEqual(self.driver.execute_script("return play.view.level"), 2)
        # The buttons are those the view allows, resign among them.
        self.wait(lambda: "resign" in self.shown_buttons()
                  and self.shown_buttons() == self.allowed(), "the buttons the view allows")
        pgn = self.element("pgn").get_attribute("href")
        self.assertRegex(pgn, r"/api/games/\w+/pgn$")
        self.element("game-resign").click()
        self.assertFalse(self.element("banner").is_displayed())
        self.element("game-resign").click()
        self.wait(lambda: "Black wins: white resigned" in self.text("banner"), "the resignation")
        self.wait(lambda: self.shown_buttons() == ["rematch"], "a rematch is offered")
        # A game not begun is aborted.
        self.open("?white=me&black=congo&movetime=50")
        self.click("d2", "d3")
        self.wait(lambda: len(self.shown_moves()) == 2, "congo replies")
        self.driver.find_element(By.CSS_SELECTOR, "#new-game summary").click()
        Select(self.element("opponent")).select_by_value("congo-white")
        self.element("new-start").click()
        self.wait(lambda: "abort" in self.shown_buttons(), "congo has moved; Abort is offered")
        self.element("game-abort").click()
        self.wait(lambda: "aborted" in self.text("banner"), "the game is aborted")

    def test_a_friend_game_ends_by_draw_rematch_and_a_claim(self):
        server, url = start_server("--port", "0", "--claim-after", "2")
        try:
            self.driver.get(url + "?white=me&black=friend")
            self.wait(lambda: self.element("friend-links").is_displayed(), "the links show")
            self.wait(lambda: self.shown_buttons() == ["abort", "draw", "resign"] == self.allowed(),
                      "Abort, Offer a draw and Resign, as the view allows")
            mine, theirs = self.friend_in_a_window_after_c2c3()
            self.driver.switch_to.window(theirs)
            self.wait_for_game(FULL_START, ["c2c3"])
            self.click("c6", "c5")
            self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
            # A draw offered and declined, offered and accepted.
            self.driver.switch_to.window(mine)
            self.wait(lambda: "abort" not in self.shown_buttons(), "both have moved")
            self.element("game-draw").click()
            self.wait(lambda: "You offered a draw" in self.text("draw-offer"), "the offer stands")
            self.driver.switch_to.window(theirs)
            self.wait(lambda: "White offers a draw" in self.text("draw-offer"), "the offer arrives")
            self.assertIn("accept", self.shown_buttons())
            self.element("game-decline").click()
            self.wait(lambda: not self.element("draw-offer").is_displayed(), "declined")
            self.element("game-draw").click()
            self.driver.switch_to.window(mine)
            self.wait(lambda: "accept" in self.shown_buttons(), "the friend's offer arrives")
            self.element("game-accept").click()
            self.wait(lambda: "Drawn" in self.text("banner"), "drawn")
            # A rematch: the asker follows it, the other joins it.
            old = self.driver.current_url
            self.element("game-rematch").click()
            self.wait(lambda: self.driver.current_url != old and self.board_fen() == FULL_START,
                      "the asker is in the rematch")
            self.wait(lambda: "Waiting for White" in self.text("status"), "colours swapped")
            self.driver.switch_to.window(theirs)
            self.wait(lambda: self.element("game-join").is_displayed(), "Join the rematch shows")
            self.element("game-join").click()
            self.wait(lambda: "You to move" in self.text("status"), "the friend has White now")
            self.click("a2", "a3")
            self.wait_for_game(FULL_START, ["a2a3"])
            # The friend leaves: after the countdown the win is claimed.
            self.driver.close()
            self.driver.switch_to.window(mine)
            self.wait(lambda: "White left the game" in self.text("gone"), "the countdown shows")
            self.wait(lambda: "claim" in self.shown_buttons(), "the win may be claimed")
            self.element("game-claim").click()
            self.wait(lambda: "Black wins" in self.text("banner"), "the claim wins")
        finally:
            stop_server(server)

    def friend_in_a_window_after_c2c3(self):
        """The friend of the game this window made opens their link in a
        window of its own; then White plays c2c3 here. Both windows'
        handles, White's first."""
        friend = self.element("friend-link").get_attribute("href")
        mine = self.driver.current_window_handle
        self.driver.switch_to.new_window("window")
        theirs = self.driver.current_window_handle
        self.driver.get(friend)
        self.wait(lambda: self.board_fen() == FULL_START, "the friend's board")
        self.driver.switch_to.window(mine)
        self.click("c2", "c3")
        self.wait_for_game(FULL_START, ["c2c3"])
        return mine, theirs

    def test_friends_premove_ask_to_take_back_and_list_their_games(self):
        self.driver.get(self.url + "?white=me&black=friend")
        self.wait(lambda: self.element("friend-links").is_displayed(), "the links show")
        mine, theirs = self.friend_in_a_window_after_c2c3()
        # A premove while the friend thinks, sent when their move arrives.
        self.wait(lambda: "takes-moves" in self.element("board").get_attribute("class"),
                  "the board takes a premove")
        self.click("a2", "a3")
        self.assertEqual(self.premove_marks(), 2)
        self.assertIn("played when Black has moved", self.text("status"))
        self.driver.switch_to.window(theirs)
        self.wait_for_game(FULL_START, ["c2c3"])
        self.click("c6", "c5")
        self.wait_for_game(FULL_START, ["c2c3", "c6c5", "a2a3"])
        # White asks to take a3 back; Black refuses.
        self.driver.switch_to.window(mine)
        self.wait_for_game(FULL_START, ["c2c3", "c6c5", "a2a3"])
        self.assertTrue(self.element("take-back").get_attribute("hidden"))
        self.element("game-takeback").click()
        self.wait(lambda: "You asked to take back" in self.text("takeback-offer"), "asked")
        self.driver.switch_to.window(theirs)
        self.wait(lambda: "White asks to take back their last move" in self.text("takeback-offer"),
                  "the request arrives")
        self.assertEqual(self.text("game-takeback"), "Accept the take-back")
        self.element("game-keepmoves").click()
        self.wait(lambda: not self.element("takeback-offer").is_displayed(), "refused")
        self.click("g6", "g5")
        self.wait_for_game(FULL_START, ["c2c3", "c6c5", "a2a3", "g6g5"])
        # Asked again after Black's reply, granted: both moves go back.
        self.driver.switch_to.window(mine)
        self.wait_for_game(FULL_START, ["c2c3", "c6c5", "a2a3", "g6g5"])
        self.element("game-takeback").click()
        self.driver.switch_to.window(theirs)
        self.wait(lambda: self.text("game-takeback") == "Accept the take-back", "asked again")
        self.element("game-takeback").click()
        self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
        self.driver.switch_to.window(mine)
        self.wait_for_game(FULL_START, ["c2c3", "c6c5"])
        self.assertIn("You to move", self.text("status"))
        # The browser lists the game once for each side it played, each
        # with the key of that side; the newest first.
        game = self.driver.execute_script("return play.id")
        keys = {}
        for window in (mine, theirs):
            self.driver.switch_to.window(window)
            keys[window] = self.driver.execute_script("return play.key")
        self.driver.find_element(By.CSS_SELECTOR, "#my-games summary").click()

        def listed():
            # Read in one script: the list may be drawn again between reads.
            return [(text, href) for text, href in self.driver.execute_script(
                "return [...document.querySelectorAll('#my-games-list li')]"
                ".map(li => [li.innerText, (li.querySelector('a') || {}).href || ''])")
                    if f"game={game}&" in href]
        # The list is filled on the panel's toggle event, a task after the click.
        self.wait(lambda: len(listed()) == 2, "My games lists the game for each side")
        items = listed()
        self.assertEqual([text.split(" · ")[:2] for text, _ in items],
                         [["Black against a friend", "in progress"],
                          ["White against a friend", "in progress"]])
        links = [href for _, href in items]
        self.assertTrue(links[0].endswith(f"?game={game}&key={keys[theirs]}"), links)
        self.assertTrue(links[1].endswith(f"?game={game}&key={keys[mine]}"), links)

    def test_too_many_games_are_ended_by_one_button(self):
        server, url = start_server("--port", "0")
        try:
            self.driver.get(url + "?white=me&black=me")
            self.wait(lambda: self.board_fen(), "the board")
            # Sixteen games this browser made, in tabs since closed (a game
            # counts for its first 30 s before a page follows it).
            made = self.driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                (async () => {
                    const games = [];
                    for (let n = 0; n < 16; n += 1) {
                        const answer = await fetch('/api/games', {method: 'POST',
                            headers: {'Content-Type': 'application/json'},
                            body: JSON.stringify({fen: arguments[0], white: 'me', black: 'friend'})});
                        const game = await answer.json();
                        games.push({id: game.id, key: game.key});
                    }
                    localStorage.setItem('congo.games', JSON.stringify(games));
                    return games.length;
                })().then(done);
            """, FULL_START)
            self.assertEqual(made, 16)
            self.click("a2", "a3")
            self.wait(lambda: self.element("too-many").is_displayed(), "the refusal is told")
            self.assertIn("will not start another game", self.text("too-many"))
            self.element("end-others").click()
            self.wait_for_game(FULL_START, ["a2a3"])
            self.wait(lambda: not self.element("too-many").is_displayed(), "the offer goes")
        finally:
            stop_server(server)

    def test_a_finished_game_is_analysed_and_its_blunder_marked(self):
        # White's lion may take Black's on the open file; White plays the
        # monkey instead, and Black's lion takes White's: a blunder.
        self.open("?white=me&black=me&fen=" + MONKEY.replace(" ", "+"))
        self.assertFalse(self.element("analysis-row").is_displayed())
        self.click("c1", "b1")
        self.wait_for_game(MONKEY, ["c1b1"])
        self.click("d7", "d1")
        self.wait(lambda: "Black wins" in self.text("banner"), "the game ends")
        self.element("analyse").click()
        self.wait(lambda: self.text("analysis-progress").startswith("Done"), "the analysis ends")
        self.assertIn("1 ply marked", self.text("analysis-progress"))
        first = self.driver.find_element(By.CSS_SELECTOR, '#play-moves .ply[data-ply="1"]')
        self.assertIn("blunder", first.get_attribute("class"))
        self.assertEqual(first.text, "c1-b1??")
        second = self.driver.find_element(By.CSS_SELECTOR, '#play-moves .ply[data-ply="2"]')
        self.assertNotIn("blunder", second.get_attribute("class"))
        # Browsing back shows congo's evaluation and its move: the lion
        # takes the lion.
        ActionChains(self.driver).send_keys(Keys.HOME).perform()
        self.wait(lambda: self.board_fen() == MONKEY, "the start")
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#over .best-arrow"), "the arrow")
        arrow = self.driver.find_element(By.CSS_SELECTOR, "#over .best-arrow")
        self.assertEqual(arrow.get_attribute("data-move"), "d1d7")
        self.assertGreater(int(self.element("eval-bar").get_attribute("aria-valuenow")), 90)

    def test_an_analysis_shows_its_progress_and_stops(self):
        self.open("?white=me&black=me")
        self.click("a2", "a3")
        self.wait_for_game(FULL_START, ["a2a3"])
        self.click("a6", "a5")
        self.wait_for_game(FULL_START, ["a2a3", "a6a5"])
        self.driver.execute_script("arguments[0].click()", self.element("game-resign"))
        self.driver.execute_script("arguments[0].click()", self.element("game-resign"))
        self.wait(lambda: self.element("analysis-row").is_displayed(), "the game is over")
        # Slow searches: the page's fetch of /api/best waits a second.
        self.driver.execute_script("""
            const real = window.fetch;
            window.fetch = (url, options) => String(url).endsWith('/api/best')
                ? new Promise((done) => setTimeout(done, 1000)).then(() => real(url, options))
                : real(url, options);
        """)
        self.element("analyse").click()
        self.wait(lambda: "of 3 positions" in self.text("analysis-progress"), "the progress")
        self.element("analyse-stop").click()
        self.wait(lambda: self.text("analysis-progress") == "Analysis stopped.", "stopped")
        self.assertFalse(self.element("analyse-stop").is_displayed())

    def test_watch_follows_the_next_game_of_a_match_by_itself(self):
        record = os.path.join(self.folder.name, "live.rec")
        match = subprocess.Popen(
            [CONGO, "match", "--movetime", "100", "--games", "3", "--record", record,
             "--", CONGO, "engine", "--", CONGO, "engine"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        server = None
        try:
            self.wait(lambda: os.path.exists(record + ".live"), "the match begins")
            server, url = start_server("--port", "0", "--watch", record)
            self.driver.get(url)
            self.wait(lambda: self.element("tab-watch").is_displayed(), "the Watch tab")
            self.element("tab-watch").click()
            # The game under way is followed (the first or, on a slow
            # machine, the second).
            self.wait(lambda: re.match(r"Game [12]:", self.text("watch-title"))
                      and "Under way" in self.text("status"), "a game under way is followed")
            number = int(self.text("watch-title").split()[1].rstrip(":"))
            self.assertIn("congo engine", self.text("watch-match"))
            self.assertNotIn(os.path.dirname(CONGO), self.text("watch-panel"))
            self.wait(lambda: self.text("watch-title").startswith(f"Game {number + 1}:"),
                      "the next game by itself")
        finally:
            match.kill()
            match.wait()
            if server:
                stop_server(server)

    def test_the_board_is_played_by_keyboard_keeping_its_focus(self):
        self.driver.set_window_size(320, 740)
        self.open("?white=me&black=me")
        labels = self.driver.execute_script(
            "return [...document.querySelectorAll('#board .square')]"
            ".map((rect) => rect.getAttribute('aria-label'))"
        )
        self.assertEqual(len(labels), 49)
        self.assertTrue(all(labels), labels)
        # Focus a7, arrows to b2, Enter, up to b3, Enter: b2b3.
        self.driver.execute_script("arguments[0].focus()", self.square("a7"))
        keys = [Keys.ARROW_RIGHT] + [Keys.ARROW_DOWN] * 5 + [Keys.ENTER]
        ActionChains(self.driver).send_keys(*keys).perform()
        self.wait(lambda: self.marked_targets() == ["a3", "b3", "c3"], "b2's targets")
        ActionChains(self.driver).send_keys(Keys.ARROW_UP, Keys.ENTER).perform()
        self.wait_for_game(FULL_START, ["b2b3"])
        # The keyboard is still on the board, on b3: up three to b6, Enter,
        # down to b5, Enter plays Black's reply.
        ActionChains(self.driver).send_keys(*([Keys.ARROW_UP] * 3), Keys.ENTER).perform()
        self.wait(lambda: self.marked_targets() == ["a5", "b5", "c5"], "b6's targets")
        ActionChains(self.driver).send_keys(Keys.ARROW_DOWN, Keys.ENTER).perform()
        self.wait_for_game(FULL_START, ["b2b3", "b6b5"])


if __name__ == "__main__":
    unittest.main()
