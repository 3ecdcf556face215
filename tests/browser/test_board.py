#!/usr/bin/env python3
"""The web board in headless Chromium.

Starts the real `congo serve --port 0`, opens its page and uses it as a
person would: clicks and a drag, a monkey chain, the engine's reply, take
back, a game opened by its link, a record stepped through, a position
studied. What the page shows is checked against `congo play` and `congo
moves`. Run from the project root after `cargo build`:

    python3 -m unittest discover -s tests/browser -v

Needs Debian's `chromium` and `chromium-driver` and Python's `selenium`
(test-only tools; `.ci/run` installs them when missing). Environment:
CONGO (the binary, default target/debug/congo) and CONGO_SCREENSHOT (where
the picture goes, default target/browser/serve.png).
"""

import os
import re
import shutil
import subprocess
import tempfile
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CONGO = os.path.abspath(os.environ.get("CONGO", "target/debug/congo"))
SCREENSHOT = os.environ.get("CONGO_SCREENSHOT", "target/browser/serve.png")
START_2022 = "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"
FULL_START = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"
# A white monkey on c1 that can jump the pawns on c2 and c4 in one move.
MONKEY = "3l3/7/7/2p4/7/2p4/2ML3 w 1"
# Long enough to wait for anything the page does, short enough to stop a hang.
PATIENCE = 60


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


class Board(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen(
            [CONGO, "serve", "--port", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = cls.server.stderr.readline()
        found = re.fullmatch(r"congo serve: (http://\S+/)\n", line)
        if not found:
            cls.server.kill()
            raise AssertionError(f"congo serve said {line!r}")
        cls.url = found.group(1)
        options = webdriver.ChromeOptions()
        for flag in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-extensions",
            "--no-first-run",
            "--window-size=1100,820",
        ):
            options.add_argument(flag)
        chromium = shutil.which("chromium")
        if chromium:
            options.binary_location = chromium
        driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        cls.driver = webdriver.Chrome(options=options, service=Service(driver_path))

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.kill()
        cls.server.wait()

    # ---------------------------------------------------------- helpers

    def wait(self, condition, what):
        return WebDriverWait(self.driver, PATIENCE, poll_frequency=0.02).until(
            lambda _: condition(), message=what
        )

    def open(self, query=""):
        self.driver.get(self.url + query)
        self.wait(lambda: self.text("fen"), "the page shows a FEN")

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def text(self, element_id):
        return self.element(element_id).text

    def square(self, name):
        return self.driver.find_element(
            By.CSS_SELECTOR, f'#board .square[data-square="{name}"]'
        )

    def click(self, *names):
        for name in names:
            self.square(name).click()

    def shown_moves(self, list_id="move-list"):
        """The moves a list shows, read in one step while the page may redraw."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(`#${arguments[0]} li`)]"
            ".map((item) => item.textContent)",
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

    def wait_for_game(self, start, moves):
        """Waits until the page shows `moves`, then checks its FEN."""
        self.wait(lambda: self.shown_moves() == moves, f"the move list reads {moves}")
        expected = after(start, moves)
        self.wait(lambda: self.text("fen") == expected, f"the FEN reads {expected}")

    # ------------------------------------------------------------ tests

    def test_clicks_and_a_drag_play_moves_that_congo_play_agrees_with(self):
        self.open("?opponent=none")
        self.click("b2")
        self.assertEqual(self.marked_targets(), ["a3", "b3", "c3"])
        self.click("b3")
        self.wait_for_game(START_2022, ["b2b3"])
        source, target = self.square("c6"), self.square("c5")
        ActionChains(self.driver).click_and_hold(source).move_to_element(
            target
        ).release().perform()
        self.wait_for_game(START_2022, ["b2b3", "c6c5"])
        self.assertIn("c6c5", self.text("status"))

    def test_a_monkey_chain_of_two_jumps_is_made_by_clicking_each_landing(self):
        self.assertIn("c1c3c5", legal_moves(MONKEY))
        self.open("?opponent=none&fen=" + MONKEY.replace(" ", "+"))
        self.click("c1")
        self.assertIn("c3", self.marked_targets())
        self.click("c3")
        # The chain may go on over c4, or stop on c3.
        self.wait(lambda: self.marked_targets() == ["c5"], "c5 is marked after one jump")
        self.assertIn("chain c1c3", self.text("status"))
        self.click("c5")
        self.wait_for_game(MONKEY, ["c1c3c5"])
        self.assertIn("takes on c2 c4", self.text("status"))

    def test_the_engine_replies_and_take_back_returns_to_the_players_turn(self):
        self.open("?fen=" + FULL_START.replace(" ", "+"))
        movetime = self.element("movetime")
        movetime.clear()
        movetime.send_keys("400")
        self.click("d2", "d3")
        self.wait(
            lambda: "thinking" in self.element("board").get_attribute("class"),
            "the board shows that congo is thinking",
        )
        self.wait(lambda: len(self.shown_moves()) == 2, "congo replies")
        moves = self.shown_moves()
        self.assertEqual(moves[0], "d2d3")
        self.assertIn(moves[1], legal_moves(after(FULL_START, ["d2d3"])))
        self.wait_for_game(FULL_START, moves)
        self.wait(
            lambda: "thinking" not in self.element("board").get_attribute("class"),
            "the thinking state ends",
        )
        # The picture the docs show: the lion picked up, its targets marked.
        self.click("d1")
        now = after(FULL_START, moves)
        targets = sorted({m[2:4] for m in legal_moves(now) if m.startswith("d1")})
        self.assertEqual(self.marked_targets(), targets)
        self.driver.save_screenshot(screenshot_path())
        self.click("d1")
        self.element("take-back").click()
        self.wait_for_game(FULL_START, [])

    def test_a_link_opens_the_same_game(self):
        self.open("?opponent=none")
        self.click("e2", "e3")
        self.wait_for_game(START_2022, ["e2e3"])
        self.click("e6", "e5")
        self.wait_for_game(START_2022, ["e2e3", "e6e5"])
        link = self.element("link").get_attribute("href")
        self.open("?opponent=none&fen=" + MONKEY.replace(" ", "+"))
        self.wait_for_game(MONKEY, [])
        self.driver.get(link)
        self.wait_for_game(START_2022, ["e2e3", "e6e5"])
        self.assertEqual(Select(self.element("opponent")).first_selected_option.text,
                         "both sides by hand")

    def test_a_record_is_stepped_through_by_buttons_and_arrow_keys(self):
        with tempfile.TemporaryDirectory() as folder:
            record = os.path.join(folder, "games.rec")
            congo([
                "match", "--movetime", "50", "--games", "2", "--record", record,
                "--", CONGO, "engine", "--nodes", "300",
                "--", CONGO, "engine", "--nodes", "200",
            ])
            with open(record, encoding="utf-8") as file:
                text = file.read()
        first = text.split("\n")[0].split("\t")
        start, moves = first[2], first[3].split()
        self.open()
        self.element("tab-replay").click()
        self.driver.execute_script("arguments[0].value = arguments[1]",
                                   self.element("record-text"), text)
        self.element("record-load").click()
        self.wait(lambda: self.shown_moves("record-moves") == moves, "the record's moves show")
        self.wait(lambda: self.text("record-fen") == start, "the game's start shows")
        self.element("step-forward").click()
        self.element("step-forward").click()
        self.wait(lambda: self.text("record-fen") == after(start, moves[:2]), "two plies in")
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        self.wait(lambda: self.text("record-fen") == after(start, moves[:3]), "three plies in")
        body.send_keys(Keys.ARROW_LEFT)
        self.wait(lambda: self.text("step-ply") == f"ply 2 of {len(moves)}", "back to ply 2")
        self.element("step-last").click()
        self.wait(lambda: self.text("record-fen") == after(start, moves), "the last position")
        self.assertIn(first[5], self.text("record-result"))
        self.assertTrue(self.element("banner").is_displayed())

    def test_the_board_fits_a_phone_and_is_played_by_keyboard(self):
        self.driver.set_window_size(320, 740)
        try:
            self.open("?opponent=none")
            # A 320 px phone: the board fits it, nothing scrolls
            # sideways, and every square is still named.
            widths = self.driver.execute_script(
                "return [document.documentElement.clientWidth,"
                " document.documentElement.scrollWidth,"
                " document.querySelector('#board svg').getBoundingClientRect().width]"
            )
            viewport, scrolled, board = widths
            self.assertLessEqual(viewport, 320)
            self.assertLessEqual(scrolled, viewport)
            self.assertLessEqual(board, viewport)
            self.assertGreater(board, 250)
            labels = self.driver.execute_script(
                "return [...document.querySelectorAll('#board .square')]"
                ".map((rect) => rect.getAttribute('aria-label'))"
            )
            self.assertEqual(len(labels), 49)
            self.assertTrue(all(labels), labels)
            # Tab to the board, arrows to b2, Enter, up to b3, Enter: b2b3.
            focused = self.square("a7")
            self.driver.execute_script("arguments[0].focus()", focused)
            keys = [Keys.ARROW_RIGHT] + [Keys.ARROW_DOWN] * 5 + [Keys.ENTER]
            ActionChains(self.driver).send_keys(*keys).perform()
            self.wait(lambda: self.marked_targets() == ["a3", "b3", "c3"], "b2's targets")
            ActionChains(self.driver).send_keys(Keys.ARROW_UP, Keys.ENTER).perform()
            self.wait_for_game(START_2022, ["b2b3"])
        finally:
            self.driver.set_window_size(1100, 820)

    def test_study_names_a_bad_fen_and_lists_every_legal_move(self):
        self.open()
        self.element("tab-study").click()
        field = self.element("study-fen")
        field.clear()
        field.send_keys("3l3/8/7/7/7/7/3L3 w 1")
        self.element("study-show").click()
        self.wait(lambda: "rank 6 has 8 squares, expected 7" in self.text("study-error"),
                  "the FEN's fault is named")
        field.clear()
        field.send_keys(MONKEY)
        self.element("study-show").click()
        self.wait(lambda: self.text("study-moves").split() == legal_moves(MONKEY),
                  "the legal moves show")
        self.assertRegex(self.text("study-eval"), r"^-?\d+$")
        self.assertIn("start congo serve with --tb", self.text("study-probe"))
        self.element("study-time").clear()
        self.element("study-time").send_keys("200")
        self.element("study-best").click()
        self.wait(lambda: "score" in self.text("study-best-result"), "the engine answers")
        best = self.text("study-best-result").split(",")[0]
        self.assertIn(best, legal_moves(MONKEY))


def screenshot_path():
    folder = os.path.dirname(SCREENSHOT)
    if folder:
        os.makedirs(folder, exist_ok=True)
    return SCREENSHOT


if __name__ == "__main__":
    unittest.main()
