#!/usr/bin/env python3
"""The page of `arbiter serve` in a real browser (headless Chromium through Selenium):
  1. paste the K+N v K+P FEN, ask, read both verdicts, step through White's witness to
     the mate;
  2. open a link carrying fen, question and side: the ruling shows without a click; a
     blockade's walls and the confined king's squares show without a click too;
  3. upload a PGN, click a mismatch: the board shows the deciding ply and the ruling;
  4. a PGN whose tags hold <script>: the text is shown as text, never run;
  5. solve a helpmate and play a solution to its mate; and set up a position by clicks.
Screenshots of each go to OUT_DIR. Exits 77 (skipped) when Chromium, chromedriver or
Selenium is missing.

Usage: browser_test.py ARBITER OUT_DIR
"""
import os
import shutil
import sys
import tempfile
import urllib.parse

SKIP = 77

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("SKIP: Selenium (Debian python3-selenium) is not installed")
    sys.exit(SKIP)

from served import Served

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def browser(profile):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not chromium or not os.path.exists(driver):
        print("SKIP: Chromium (Debian chromium, chromium-driver) is not installed")
        sys.exit(SKIP)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage",
                 "--window-size=1280,1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def wait_for(d, cond, timeout=120):
    return WebDriverWait(d, timeout, poll_frequency=0.1).until(cond)


def pieces(d):
    """square -> FEN letter of the men on the page's board."""
    # Read in one script: the board may be replaced between two element reads.
    return d.execute_script(
        "const men = {};"
        "for (const g of document.querySelectorAll('#board g.piece')) men[g.dataset.square] = g.dataset.piece;"
        "return men;")


def click(d, selector):
    """Clicks the element; again if the board was redrawn under it meanwhile."""
    for _ in range(20):
        try:
            d.find_element(By.CSS_SELECTOR, selector).click()
            return
        except StaleElementReferenceException:
            continue
    raise RuntimeError("cannot click " + selector)


def ply_shown(d):
    return int(d.find_element(By.ID, "board").get_attribute("data-ply") or 0)


PGN = """[Event "load"]
[White "alice"]
[Black "bob"]
[Result "1/2-1/2"]
[Termination "Game drawn by timeout vs insufficient material"]
[SetUp "1"]
[FEN "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"]

1. Nc3 1/2-1/2

[Event "fine"]
[White "carol"]
[Black "dave"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
"""

XSS_PGN = """[Event "x"]
[White "<script>window.__pwned = 1</script>"]
[Black "<img src=x onerror=\\"window.__pwned = 2\\">"]
[Result "0-1"]

{<script>window.__pwned = 3</script>} 1. f3 e5 2. g4 Qh4# 0-1
"""


def main():
    arbiter, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    with Served(arbiter) as s:
        d = browser(profile)
        try:
            d.get(s.url)
            # 1. Paste the FEN and ask.
            kn = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"
            fen = d.find_element(By.ID, "fen")
            fen.clear()
            fen.send_keys(kn)
            d.find_element(By.ID, "ask").click()
            wait_for(d, lambda d: d.find_element(By.ID, "verdict-black").get_attribute("data-verdict"))
            white = d.find_element(By.ID, "verdict-white")
            black = d.find_element(By.ID, "verdict-black")
            check(white.get_attribute("data-verdict") == "winnable", "White's verdict: winnable")
            check(black.get_attribute("data-verdict") == "winnable", "Black's verdict: winnable")
            check("White can still checkmate" in white.text and "6.9" in white.text,
                  "the verdict is in plain words with its Article")
            check(d.find_element(By.ID, "dead").get_attribute("data-dead") == "false", "not a dead position")
            check(pieces(d) == {"a1": "K", "b1": "N", "e5": "k", "e4": "p"}, "the board shows the position")
            d.find_element(By.ID, "show-white").click()
            wait_for(d, lambda d: "ply 0 of" in d.find_element(By.ID, "ply-label").text)
            total = int(d.find_element(By.ID, "ply-label").text.split(" of ")[1].split()[0])
            check(total > 0, f"the witness has {total} plies")
            d.find_element(By.ID, "w-step").click()
            wait_for(d, lambda d: ply_shown(d) == 1)
            marks = d.execute_script(
                "return [...document.querySelectorAll('#board .last-move')].map(m => m.dataset.square);")
            men = pieces(d)
            check(len(marks) == 2 and sum(1 for m in marks if m in men) == 1,
                  "one step: the first move is marked, from an empty square to a man " + str(marks))
            d.find_element(By.ID, "w-back").click()
            wait_for(d, lambda d: ply_shown(d) == 0)
            check(pieces(d) == {"a1": "K", "b1": "N", "e5": "k", "e4": "p"}, "back: the start position again")
            for k in range(1, total + 1):
                d.find_element(By.ID, "w-step").click()
                wait_for(d, lambda d, k=k: ply_shown(d) == k)
            wait_for(d, lambda d: d.find_element(By.ID, "board-state").get_attribute("data-state") == "checkmate")
            check("Checkmate" in d.find_element(By.ID, "board-state").text, "the last step is checkmate")
            check(len(d.find_elements(By.CSS_SELECTOR, "#board .check")) == 1, "the mated king is marked")
            check(d.find_element(By.ID, "w-step").get_attribute("disabled") is not None, "no step past the mate")
            d.save_screenshot(os.path.join(out_dir, "page-witness.png"))

            # Setting up: an empty board, a white king on e1 and a black king on e8 by clicks.
            d.find_element(By.ID, "setup-toggle").click()
            d.find_element(By.ID, "setup-clear").click()
            wait_for(d, lambda d: not pieces(d))
            for piece, square in (("K", "e1"), ("k", "e8"), ("R", "a1")):
                d.find_element(By.CSS_SELECTOR, f'#palette button[data-piece="{piece}"]').click()
                click(d, f'#board rect[data-square="{square}"]')
                wait_for(d, lambda d, sq=square, p=piece: pieces(d).get(sq) == p)
            check(d.find_element(By.ID, "fen").get_attribute("value") == "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                  "the FEN follows the men placed by clicks")
            d.find_element(By.ID, "setup-toggle").click()
            d.find_element(By.ID, "ask").click()
            wait_for(d, lambda d: d.find_element(By.ID, "verdict-black").get_attribute("data-verdict"))
            check(d.find_element(By.ID, "verdict-white").get_attribute("data-verdict") == "winnable" and
                  d.find_element(By.ID, "verdict-black").get_attribute("data-verdict") == "unwinnable",
                  "K+R v K: White can mate, Black cannot")
            d.save_screenshot(os.path.join(out_dir, "page-setup.png"))

            # A blockade: its walls and the confined king's squares are on the board at once.
            locked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"
            d.get(s.url + "?" + urllib.parse.urlencode({"fen": locked, "q": "analyze"}))
            wait_for(d, lambda d: d.find_element(By.ID, "verdict-black").get_attribute("data-verdict"))
            check(d.find_element(By.ID, "verdict-white").get_attribute("data-verdict") == "unwinnable",
                  "the locked pawns: White cannot mate")
            wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .wall"), timeout=30)
            walls = {w.get_attribute("data-square") for w in d.find_elements(By.CSS_SELECTOR, "#board .wall")}
            reach = d.find_elements(By.CSS_SELECTOR, "#board .highlight")
            check({"b5", "d5", "f5", "h5", "b4", "d4", "f4", "h4"} <= walls and reach,
                  "the walls and the confined squares are shown without a button press " + str(sorted(walls)))
            d.save_screenshot(os.path.join(out_dir, "page-blockade.png"))

            # 2. A link with the question: the ruling appears without a click.
            link = s.url + "?" + urllib.parse.urlencode({"fen": kn, "q": "timeout", "side": "black"})
            d.get(link)
            wait_for(d, lambda d: d.find_element(By.ID, "ruling").get_attribute("data-result"))
            ruling = d.find_element(By.ID, "ruling")
            check(ruling.get_attribute("data-result") == "1-0", "a linked timeout ruling: 1-0")
            check("Black's flag fell" in ruling.text and "6.9" in ruling.text, "the ruling says who and why")
            d.save_screenshot(os.path.join(out_dir, "page-timeout-link.png"))

            # 3. Upload a PGN and click the mismatch.
            d.get(s.url)
            d.find_element(By.ID, "tab-audit").click()
            path = os.path.join(profile, "games.pgn")
            with open(path, "w") as f:
                f.write(PGN)
            d.find_element(By.ID, "pgn-file").send_keys(path)
            wait_for(d, lambda d: "alice" in d.find_element(By.ID, "pgn").get_attribute("value"))
            d.find_element(By.ID, "audit-run").click()
            wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#audit-table tbody tr"))
            rows = d.find_elements(By.CSS_SELECTOR, "#audit-table tbody tr")
            check(len(rows) == 2, "two games in the table")
            wrong = d.find_elements(By.CSS_SELECTOR, "#audit-table tbody tr.mismatch")
            check(len(wrong) == 1 and "alice" in wrong[0].text, "the timeout game is the mismatch")
            wrong[0].click()
            wait_for(d, lambda d: d.find_element(By.ID, "audit-ruling").text)
            check("correct 1-0" in d.find_element(By.ID, "audit-ruling").text, "the ruling: correct 1-0")
            wait_for(d, lambda d: pieces(d).get("c3") == "N")
            check(ply_shown(d) == 1, "the board opens at the deciding ply (1)")
            d.save_screenshot(os.path.join(out_dir, "page-audit.png"))

            # 4. Script in tags and comments is shown as text, never run.
            d.get(s.url)
            d.find_element(By.ID, "tab-audit").click()
            d.execute_script("document.getElementById('pgn').value = arguments[0];", XSS_PGN)
            d.find_element(By.ID, "audit-run").click()
            wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#audit-table tbody tr"))
            row = d.find_element(By.CSS_SELECTOR, "#audit-table tbody tr")
            row.click()
            wait_for(d, lambda d: d.find_element(By.ID, "audit-ruling").text)
            check("<script>window.__pwned = 1</script>" in row.text, "the tag is shown as text")
            check(d.execute_script("return window.__pwned === undefined;"), "no script from the PGN ran")
            check(not d.find_elements(By.CSS_SELECTOR, "#audit-table script, #audit-table img, #audit-ruling script"),
                  "no element was made from the PGN's text")
            d.save_screenshot(os.path.join(out_dir, "page-xss.png"))

            # 5. A helpmate: solve h#3, play a solution on the board to its mate.
            d.get(s.url)
            fen = d.find_element(By.ID, "fen")
            fen.clear()
            fen.send_keys("1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1")
            d.find_element(By.ID, "tab-problems").click()
            moves = d.find_element(By.ID, "hm-moves")
            moves.clear()
            moves.send_keys("3")
            d.find_element(By.ID, "hm-run").click()
            wait_for(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hm-solutions li")) == 2)
            check("h#3: 2 solutions" in d.find_element(By.ID, "hm-summary").text, "h#3: two solutions listed")
            d.find_element(By.CSS_SELECTOR, "#hm-solutions li button").click()
            wait_for(d, lambda d: "ply 0 of 6" in d.find_element(By.ID, "ply-label").text)
            d.find_element(By.ID, "w-end").click()
            wait_for(d, lambda d: d.find_element(By.ID, "board-state").get_attribute("data-state") == "checkmate")
            check(pieces(d).get("a1") == "R", "the solution ends with Ra1#")
            d.save_screenshot(os.path.join(out_dir, "page-helpmate.png"))

            # The README's picture: the first view with the verdicts.
            d.get(s.url + "?" + urllib.parse.urlencode({"fen": kn}))
            wait_for(d, lambda d: d.find_element(By.ID, "verdict-black").get_attribute("data-verdict"))
            d.find_element(By.ID, "show-white").click()
            wait_for(d, lambda d: "ply 0 of" in d.find_element(By.ID, "ply-label").text)
            d.find_element(By.ID, "w-end").click()
            wait_for(d, lambda d: d.find_element(By.ID, "board-state").get_attribute("data-state") == "checkmate")
            d.save_screenshot(os.path.join(out_dir, "page.png"))
        finally:
            d.quit()
            shutil.rmtree(profile, ignore_errors=True)
        check(s.alive(), "the server is still up")
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
