"""Drives the page of a running `shoplist serve` in headless Chromium, as shoppers would.

    python3 page_check.py --url http://127.0.0.1:PORT --token TOKEN --db DB --binary SHOPLIST \
        --shots FOLDER

The database is the server's own: the checks change it through the page, and, as other people
and programs would, through the shoplist binary (`--db DB`) and SQLite itself. Prints one line
per check, then "N passed, N failed"; exits 1 if any failed. Needs Debian's chromium and
chromium-driver and `pip install selenium`.
"""

import argparse
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

import checks
import page_steps_lists
import page_steps_offline
import page_steps_online
import page_steps_people
import page_steps_replay
from checks import failed, passed, step, tap_where_drawn, wait_for  # noqa: F401 (the other checks import them)
from page_database import Database, seed  # noqa: F401 (the other checks import Database)


SHOTS = "shots"
TOKEN = ""

console = []      # the browser's console, gathered after every step


class Page:
    def __init__(self, driver, base):
        self.d = driver
        self.base = base

    def by(self, testid, root=None):
        return (root or self.d).find_element(By.CSS_SELECTOR, f'[data-testid="{testid}"]')

    def rows(self):
        return self.d.find_elements(By.CSS_SELECTOR, '[data-testid="item-row"]')

    def names(self):
        return [r.get_attribute("data-item-name") for r in self.rows()]

    def row(self, name):
        for r in self.rows():
            if r.get_attribute("data-item-name") == name:
                return r
        raise AssertionError(f"no row {name!r}; rows: {self.names()}")

    def basket_names(self):
        """The rows of the "in the basket" section (the checked items)."""
        return [r.get_attribute("data-item-name") for r in self.d.find_elements(
            By.CSS_SELECTOR, '[data-testid="basket-items"] [data-testid="item-row"]')]

    def to_buy_names(self):
        return [n for n in self.names() if n not in self.basket_names()]

    def is_checked(self, name):
        return self.by("item-checkbox", self.row(name)).is_selected()

    def reveal(self, row):
        """`row`, with the basket opened first if the row is in it, folded away."""
        if not row.is_displayed():
            basket = self.by("basket")
            if basket.get_attribute("open") is None:
                self.centred(self.by("basket-summary")).click()
                wait_for(lambda: row.is_displayed(), "the basket to open")
        return self.centred(row)

    def tap_checkbox(self, name):
        self.by("item-checkbox", self.reveal(self.row(name))).click()

    def tap_remove(self, name):
        self.by("remove-button", self.reveal(self.row(name))).click()

    def centred(self, element):
        """`element` scrolled to the middle of the screen, clear of the bottom message."""
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        return element

    def tap_name(self, name):
        """Opens the item's editor."""
        self.reveal(self.row(name)).find_element(By.CSS_SELECTOR, ".item-name").click()

    def add(self, name, quantity=""):
        """Types `quantity name` (a quantity phrase) into the add box and taps Add."""
        self.d.execute_script("window.scrollTo(0, 0)")  # the box is at the top of the list
        field = self.by("add-input")
        field.clear()
        field.send_keys(f"{quantity} {name}" if quantity else name)
        self.by("add-button").click()

    def dismiss_message(self):
        """Taps the message's words, which closes it (unless it went by itself meanwhile)."""
        texts = [e for e in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="message-text"]')
                 if e.is_displayed()]
        if texts:
            tap_where_drawn(self.d, texts[0])
            wait_for(lambda: not self.visible("message"), "the message to close")

    def tap_undo(self):
        """Taps the message's Undo."""
        wait_for(lambda: self.visible("undo-button"), "the Undo button")
        tap_where_drawn(self.d, self.by("undo-button"))

    def notices(self):
        """The page's words about queued changes that were not applied."""
        return [e.text for e in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="notice-text"]')]

    def dismiss_notices(self):
        if self.visible("notices-dismiss"):
            self.by("notices-dismiss").click()
            wait_for(lambda: not self.notices(), "the notices to go")

    def visible(self, testid):
        els = self.d.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')
        return bool(els) and els[0].is_displayed()

    def text(self, testid):
        return self.by(testid).text

    def queue(self):
        return json.loads(self.d.execute_script(
            "return localStorage.getItem('shoplist.queue') || '[]'"))

    def shot(self, name):
        time.sleep(0.35)  # let the progress bar and check-mark transitions finish
        self.d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))

    def viewport(self, width, height, dark=False):
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def offline(self, on):
        if on:
            self.d.set_network_conditions(offline=True, latency=0,
                                          download_throughput=0, upload_throughput=0)
        else:
            self.d.set_network_conditions(offline=False, latency=0,
                                          download_throughput=-1, upload_throughput=-1)

    def block_api(self, on):
        self.d.execute_cdp_cmd("Network.enable", {})
        self.d.execute_cdp_cmd("Network.setBlockedURLs",
                               {"urls": ["*/api/*"] if on else []})


class Server:
    def __init__(self, url):
        self.url = url


def new_driver(profile=None):
    """A headless Chromium; with `profile`, one that keeps its storage, service workers and
    caches in that folder, as a phone does across restarts."""
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                "--disable-dev-shm-usage", "--lang=en-GB", "--hide-scrollbars"):
        options.add_argument(arg)
    if profile:
        options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    global SHOTS, TOKEN
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--shots", required=True)
    arguments = parser.parse_args()
    SHOTS, TOKEN = arguments.shots, arguments.token
    os.makedirs(SHOTS, exist_ok=True)
    store = Database(arguments.binary, arguments.db)
    seed(store)
    server = Server(arguments.url)
    driver = new_driver()
    p = Page(driver, server.url)
    checks.after_step = lambda: console.extend(driver.get_log("browser"))  # noqa: E731
    item = lambda name, lst="shopping": store.find(lst, name)  # noqa: E731

    try:
        p.viewport(390, 844)
        page_steps_online.steps(p, driver, store, item, server, TOKEN)
        page_steps_offline.steps(p, driver, store, item)
        page_steps_replay.steps(p, driver, store, item)
        page_steps_lists.steps(p, driver, store, item, server)
        page_steps_people.steps(p, driver, store, item, server, TOKEN, new_driver, Page)

        checks.no_script_errors(lambda: console + driver.get_log("browser"))
    finally:
        driver.quit()

    print(f"{len(passed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
