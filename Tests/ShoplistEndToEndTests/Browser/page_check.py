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
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import checks
from checks import failed, passed, step, wait_for  # noqa: F401 (the other checks import them)


class Database:
    """The server's database, changed and read the way other people and programs do: through
    the shoplist binary (each call its own process and transaction)."""

    def __init__(self, binary, path):
        self.binary = binary
        self.path = path

    def run(self, *args):
        result = subprocess.run([self.binary, "--db", self.path, *args], capture_output=True,
                                text=True, timeout=30)
        if result.returncode != 0:
            raise AssertionError(f"shoplist {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def get(self, list_name):
        try:
            return json.loads(self.run("list", "--json", "-l", list_name))
        except AssertionError:
            return None

    def find(self, list_name, name):
        document = self.get(list_name)
        for item in (document or {}).get("items", []):
            if item["name"].casefold() == name.casefold():
                return item
        return None

    def add(self, list_name, name, quantity=None, unit=None, category=None, note=None):
        args = ["add", "-l", list_name, "--", name]
        for option, value in (("--quantity", quantity), ("--unit", unit),
                              ("--category", category), ("--note", note)):
            if value is not None:
                args[3:3] = [option, str(value)]
        self.run(*args)

    def check(self, list_name, name, checked=True):
        self.run("check" if checked else "uncheck", "-l", list_name, "--", name)

    def edit(self, list_name, name, **fields):
        args = ["edit", "-l", list_name]
        for field, value in fields.items():
            args += [f"--{field}", str(value)]
        self.run(*args, "--", name)

    def remove_by_id(self, list_name, item_id):
        for item in self.get(list_name)["items"]:
            if item["id"] == item_id:
                self.run("remove", "-l", list_name, "--", item["name"])
                return
        raise AssertionError(f"no item {item_id}")

    @property
    def history(self):
        entries = json.loads(self.run("history", "--json", "--limit", "50"))["history"]
        return [e["command"] for e in reversed(entries)]  # oldest first, as a log reads

    @property
    def lists(self):
        return [l["name"].casefold() for l in json.loads(self.run("lists", "--json"))["lists"]]

    def hold_write_lock(self, seconds):
        """Another program writing: the database is busy for `seconds`."""
        ready = threading.Event()

        def hold():
            connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            connection.execute("BEGIN IMMEDIATE")
            ready.set()
            time.sleep(seconds)
            connection.execute("ROLLBACK")
            connection.close()

        thread = threading.Thread(target=hold, daemon=True)
        thread.start()
        ready.wait(10)
        return thread

    def insert_raw(self, list_name, name, note):
        """A row written by another SQLite program, holding what shoplist itself refuses."""
        connection = sqlite3.connect(self.path, timeout=10)
        with connection:
            list_id = connection.execute(
                "SELECT id FROM list WHERE name = ?", (list_name,)).fetchone()[0]
            connection.execute(
                "INSERT INTO product (id, listId, position, name, nameKey, note, addedAt, updatedAt)"
                " SELECT ?, ?, coalesce(max(position), 0) + 1, ?, ?, ?, '2026-11-23T10:00:00Z',"
                " '2026-11-23T10:00:00Z' FROM product WHERE listId = ?",
                (str(uuid.uuid4()).upper(), list_id, name, name.lower(), note, list_id))
        connection.close()


def seed(db):
    for name, fields in [
        ("Milk", {"quantity": 2, "unit": "l", "category": "dairy"}),
        ("Bread", {"category": "bakery", "note": "wholemeal, sliced"}),
        ("Eggs", {"quantity": 12, "category": "dairy"}),
        ("Tomatoes", {"quantity": 500, "unit": "g", "category": "vegetables"}),
        ("Olive oil", {"category": "pantry"}),
        ("Bananas", {"quantity": 6, "category": "fruit"}),
        ("Washing-up liquid", {"category": "household", "note": "the lemon one"}),
    ]:
        db.add("shopping", name, **fields)
    db.check("shopping", "Olive oil")
    db.run("lists", "create", "Hardware store")
    db.add("Hardware store", "Screws", quantity=20, unit="mm 4x30")


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
        if self.visible("message"):
            self.by("message-text").click()  # a tap on the message closes it
            wait_for(lambda: not self.visible("message"), "the message to close")

    def notices(self):
        """The page's words about queued changes that were not applied."""
        return [e.text for e in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="notice"]')]

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

        def opens_with_token():
            driver.get(f"{server.url}/?token={TOKEN}")
            wait_for(lambda: len(p.rows()) == 7, "the 7 seeded rows")
            assert p.to_buy_names()[:3] == ["Milk", "Bread", "Eggs"], p.names()
            assert p.basket_names() == ["Olive oil"], p.basket_names()
            assert not p.row("Olive oil").is_displayed(), "the basket starts folded"
            assert p.text("count") == "1 of 7 in the basket", p.text("count")
            assert p.is_checked("Olive oil") and not p.is_checked("Milk")
            assert not p.visible("offline-banner") and not p.visible("auth-error")
            assert "2 l" in p.row("Milk").text and "dairy" in p.row("Milk").text
            driver.execute_script("window.__sameDocument = true")
            p.shot("01-list-390x844")
        step("opens with the token and shows the list in order", opens_with_token)

        def checks_an_item():
            p.tap_checkbox("Milk")
            wait_for(lambda: item("Milk")["checked"], "Milk checked on the server")
            assert p.is_checked("Milk")
            assert "is-checked" in p.row("Milk").get_attribute("class")
            assert p.basket_names() == ["Milk", "Olive oil"], "a checked item goes to the basket"
            assert p.to_buy_names()[0] == "Bread", p.names()
            wait_for(lambda: p.text("count") == "2 of 7 in the basket", "the count")
            p.tap_checkbox("Bread")
            wait_for(lambda: item("Bread")["checked"], "Bread checked")
            p.tap_checkbox("Bread")
            wait_for(lambda: not item("Bread")["checked"], "Bread unchecked again")
            assert p.to_buy_names()[:2] == ["Bread", "Eggs"], "back in its place in the list"
            assert store.history[-1] == "web: uncheck Bread", store.history[-3:]
        step("tapping checks and unchecks, on the server too", checks_an_item)

        def adds_items():
            p.add("Apples", "6")
            wait_for(lambda: "Apples" in p.names(), "the Apples row")
            wait_for(lambda: item("Apples") and item("Apples")["quantity"] == 6, "Apples on server")
            p.add("Flour", "1,5 kg")
            wait_for(lambda: item("Flour") and item("Flour")["unit"] == "kg", "Flour with unit")
            assert item("Flour")["quantity"] == 1.5
            assert p.by("add-input").get_attribute("value") == ""
            p.add("  milk ")  # merges with Milk by name: unchecked, not duplicated
            wait_for(lambda: not item("Milk")["checked"], "Milk unchecked by the merge")
            assert p.names().count("Milk") + p.names().count("milk") == 1, p.names()
            p.tap_checkbox(next(n for n in p.names() if n.lower() == "milk"))
            wait_for(lambda: item("milk")["checked"], "Milk checked again")
        step("adds items with a quantity, merging by name", adds_items)

        def shows_others_changes_live():
            store.add("shopping", "Coffee", category="drinks", note="beans, not ground")
            store.check("shopping", "Eggs")
            wait_for(lambda: "Coffee" in p.names(), "Coffee pushed by the event stream")
            wait_for(lambda: p.is_checked("Eggs"), "Eggs checked by someone else")
            assert driver.execute_script("return window.__sameDocument === true"), "reloaded"
            p.shot("02-live-update-390x844")
        step("shows another person's changes without a reload", shows_others_changes_live)

        def rapid_taps_never_flicker():
            names = ["Bread", "Tomatoes", "Bananas", "Apples"]
            driver.execute_script("""
                window.__flips = [];
                const watched = arguments[0];
                const seen = new Set();
                new MutationObserver(() => {
                  for (const li of document.querySelectorAll('[data-testid="item-row"]')) {
                    const name = li.dataset.itemName;
                    if (!watched.includes(name)) continue;
                    const on = li.querySelector('[data-testid="item-checkbox"]').checked;
                    if (on) seen.add(name); else if (seen.has(name)) window.__flips.push(name);
                  }
                }).observe(document.querySelector('main'),
                           {childList: true, subtree: true, attributes: true});
            """, names)
            for name in names:
                p.tap_checkbox(name)
            wait_for(lambda: all(item(n)["checked"] for n in names), "all four on the server")
            wait_for(lambda: not p.queue(), "the queue to empty")
            time.sleep(1.0)  # let the last event-triggered reads land
            assert all(p.is_checked(n) for n in names)
            flips = driver.execute_script("return window.__flips")
            assert not flips, f"checked rows flipped back for a moment: {flips}"
            for name in names:
                store.check("shopping", name, False)
            wait_for(lambda: not any(p.is_checked(n) for n in names), "unchecked by others")
        step("quick taps in a row never flicker back", rapid_taps_never_flicker)

        def works_offline():
            p.offline(True)
            p.tap_checkbox("Bread")
            p.add("Butter", "250 g")
            wait_for(lambda: p.visible("offline-banner"), "the offline banner")
            wait_for(lambda: p.text("pending-count") == "2", "2 changes waiting")
            # Shown as typed until the server has read the phrase.
            assert p.is_checked("Bread") and "250 g Butter" in p.names(), p.names()
            assert "not sent yet" in p.row("250 g Butter").text
            assert [q["kind"] for q in p.queue()] == ["check", "add"], p.queue()
            assert not item("Bread")["checked"] and item("Butter") is None
            # Meanwhile someone else, still online, shops too.
            store.check("shopping", "Tomatoes")
            store.add("shopping", "Tea")
            p.shot("03-offline-390x844")
        step("offline: checks and adds show at once and wait in storage", works_offline)

        def survives_a_reload_without_the_api():
            p.block_api(True)
            p.offline(False)
            driver.refresh()
            wait_for(lambda: p.visible("offline-banner"), "the offline banner after reload")
            wait_for(lambda: p.text("pending-count") == "2", "still 2 waiting after reload")
            assert p.is_checked("Bread") and "250 g Butter" in p.names(), p.names()
            assert "Tea" not in p.names(), "the cached copy, not the server's"
            p.shot("04-reloaded-offline-390x844")
        step("a reload while the API is unreachable shows the saved list and queue",
             survives_a_reload_without_the_api)

        def sends_when_back():
            p.block_api(False)
            wait_for(lambda: not p.visible("offline-banner"), "the banner to go", timeout=20)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=10)
            wait_for(lambda: item("Bread")["checked"], "Bread checked on the server")
            assert item("Butter")["quantity"] == 250 and item("Butter")["unit"] == "g"
            assert item("Tomatoes")["checked"], "the other person's check survives"
            assert item("Tea") and item("Eggs")["checked"]
            wait_for(lambda: "Tea" in p.names(), "Tea from the other person")
            wait_for(lambda: "Butter" in p.names(), "Butter as the server read it")
            assert "not sent yet" not in p.row("Butter").text
            p.shot("05-back-online-390x844")
        step("back online: the waiting intents merge with others' work", sends_when_back)

        def removes_with_undo():
            before = item("Washing-up liquid")
            p.tap_remove("Washing-up liquid")
            wait_for(lambda: item("Washing-up liquid") is None, "removed on the server")
            assert "Washing-up liquid" not in p.names()
            wait_for(lambda: p.visible("message") and "Removed" in p.text("message"), "toast")
            p.shot("06-removed-with-undo-390x844")
            p.by("undo-button").click()
            wait_for(lambda: item("Washing-up liquid"), "put back by undo")
            assert item("Washing-up liquid") == before, "the same item, in its place"
            assert store.history[-1].startswith("web: undo "), store.history[-2:]
        step("removes an item, and undo puts it back", removes_with_undo)

        def drops_check_of_item_deleted_meanwhile():
            p.offline(True)
            p.tap_checkbox("Bananas")
            wait_for(lambda: p.visible("offline-banner"), "offline")
            store.remove_by_id("shopping", item("Bananas")["id"])
            p.offline(False)
            wait_for(lambda: not p.queue(), "the 404'd intent dropped", timeout=20)
            wait_for(lambda: "Bananas" not in p.names(), "Bananas gone after refetch")
            wait_for(lambda: "“Bananas” was removed meanwhile — not checked." in p.notices(),
                     "the 404 notice")
            p.dismiss_notices()
        step("404: a check of an item someone deleted is dropped, list refetched",
             drops_check_of_item_deleted_meanwhile)

        def keeps_intent_on_503():
            # Another program holds the write lock longer than the server's --wait.
            holder = store.hold_write_lock(3.0)
            p.tap_checkbox("Coffee")
            wait_for(lambda: "busy" in p.text("message"), "the busy message")
            assert len(p.queue()) == 1 and p.is_checked("Coffee")
            holder.join()
            wait_for(lambda: item("Coffee")["checked"], "Coffee sent after retries", timeout=15)
            wait_for(lambda: not p.queue(), "queue empty")
        step("503: the intent stays queued and is retried", keeps_intent_on_503)

        def shows_422():
            p.add("Soap\u202e")
            wait_for(lambda: p.visible("message") and "invalid name" in p.text("message"), "422 text")
            assert "error" in p.by("message").get_attribute("class")
            assert not p.queue() and not any(n.startswith("Soap") for n in p.names())
            assert "Soap\\u{202E}" in p.text("message"), "the override is shown, not obeyed"
            p.shot("07-error-390x844")
            p.add("2")
            wait_for(lambda: "is a quantity, not an item" in p.text("message"), "a bare quantity")
            assert not p.queue() and "2" not in p.names()
        step("422: the server's message is shown and the intent dropped", shows_422)

        def shows_hidden_characters_escaped():
            # A database written by another program may hold what the API refuses.
            p.dismiss_message()
            store.insert_raw("shopping", "Evil\u202etxet", "tab\there")
            store.add("shopping", "Sugar")  # a change, so the page is told to read the list
            wait_for(lambda: "Evil\u202etxet" in p.names(), "the odd row")
            row = p.row("Evil\u202etxet")
            assert "Evil\\u{202E}txet" in row.text and "tab\\u{9}here" in row.text, row.text
            p.tap_remove("Evil\u202etxet")
            wait_for(lambda: item("Evil\u202etxet") is None, "removed")
            p.dismiss_message()
        step("hidden and control characters are shown escaped", shows_hidden_characters_escaped)

        def clears_checked():
            p.dismiss_message()
            before = [i["name"] for i in store.get("shopping")["items"] if i["checked"]]
            assert before, "something is checked"
            p.by("clear-checked").click()
            wait_for(lambda: "Tap again" in p.text("clear-checked"), "the confirm step")
            assert all(item(n) for n in before), "one tap removes nothing"
            p.shot("08-clear-confirm-390x844")
            p.by("clear-checked").click()
            wait_for(lambda: not any(i["checked"] for i in store.get("shopping")["items"]),
                     "no checked items on the server")
            assert store.history[-1] == "web: clear", store.history[-2:]
            wait_for(lambda: not p.visible("clear-checked"), "the clear button hides")
        step("clear removes the checked items after a second tap", clears_checked)

        def offline_clear_removes_only_what_was_seen():
            p.dismiss_message()
            assert not any(i["checked"] for i in store.get("shopping")["items"])
            p.offline(True)
            p.add("Lemons")
            wait_for(lambda: "Lemons" in p.names(), "Lemons shown at once")
            p.tap_checkbox("Lemons")  # an item the server has not seen yet
            p.tap_checkbox("Apples")
            p.by("clear-checked").click()
            p.by("clear-checked").click()
            wait_for(lambda: "Lemons" not in p.names() and "Apples" not in p.names(), "cleared")
            wait_for(lambda: p.text("pending-count") == "4", "add, 2 checks and a clear wait")
            store.check("shopping", "Butter")  # someone else puts Butter in their basket
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=20)
            assert item("Lemons") is None and item("Apples") is None
            assert item("Butter")["checked"], "the other person's checked item stays"
            wait_for(lambda: p.is_checked("Butter"), "Butter shown checked")
        step("offline clear removes only the items this person saw checked",
             offline_clear_removes_only_what_was_seen)

        def back_online_after(check):
            """`check`, with the page online again afterwards even if it fails half-way, so
            that one failure does not fail the checks after it."""
            def run():
                try:
                    check()
                finally:
                    p.offline(False)
            return run

        # Offline replay: a queued change applies only to the item as this page saw it.
        # Someone else changes the item while the phone is offline; when the phone is back,
        # the other person's change is intact and the page says which change was not applied.

        def replayed_clear_keeps_an_item_unchecked_meanwhile():
            p.dismiss_message()
            store.run("reset")
            wait_for(lambda: not p.visible("clear-checked"), "nothing checked on the page")
            for name in ("Rye bread", "Pickles"):
                store.add("shopping", name)
                store.check("shopping", name)
            wait_for(lambda: p.is_checked("Rye bread") and p.is_checked("Pickles"), "2 checked")
            p.offline(True)
            p.by("clear-checked").click()
            p.by("clear-checked").click()
            wait_for(lambda: "Rye bread" not in p.names() and "Pickles" not in p.names(),
                     "both cleared on the page at once")
            store.check("shopping", "Rye bread", False)  # taken out of someone's basket
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=20)
            assert item("Pickles") is None, "the item nobody touched is cleared"
            assert item("Rye bread") and not item("Rye bread")["checked"], item("Rye bread")
            wait_for(lambda: "“Rye bread” was unchecked meanwhile — not removed." in p.notices(),
                     f"the notice (notices: {p.notices()})")
            wait_for(lambda: "Rye bread" in p.names() and not p.is_checked("Rye bread"),
                     "Rye bread shown as it is")
            assert store.history[-1] == "web: remove Pickles", store.history[-3:]
            p.shot("14-replay-clear-not-applied-390x844")
        step("replayed clear leaves an item someone unchecked meanwhile, and says so",
             back_online_after(replayed_clear_keeps_an_item_unchecked_meanwhile))

        def replayed_remove_keeps_an_item_edited_meanwhile():
            store.add("shopping", "Cheddar")
            wait_for(lambda: "Cheddar" in p.names(), "Cheddar on the page")
            p.offline(True)
            p.tap_remove("Cheddar")
            wait_for(lambda: "Cheddar" not in p.names(), "removed on the page at once")
            store.edit("shopping", "Cheddar", note="the mature one")  # in the same second
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=20)
            assert item("Cheddar") and item("Cheddar")["note"] == "the mature one"
            wait_for(lambda: "“Cheddar” was changed meanwhile — not removed." in p.notices(),
                     f"the notice (notices: {p.notices()})")
            wait_for(lambda: "the mature one" in p.row("Cheddar").text, "Cheddar as it is")
            wait_for(lambda: not p.visible("message"), "no “Removed” offer for what stayed")
            p.shot("15-replay-remove-not-applied-390x844")
        step("replayed remove leaves an item edited meanwhile, and says so",
             back_online_after(replayed_remove_keeps_an_item_edited_meanwhile))

        def replayed_add_keeps_the_item_someone_added_meanwhile():
            p.dismiss_message()
            p.offline(True)
            p.add("Yogurt")
            wait_for(lambda: "Yogurt" in p.names(), "Yogurt shown at once")
            store.add("shopping", "yogurt", quantity=6)
            store.check("shopping", "yogurt")
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=20)
            yogurt = item("Yogurt")
            assert yogurt["name"] == "yogurt" and yogurt["quantity"] == 6 and yogurt["checked"], \
                yogurt
            wait_for(lambda: "“yogurt” was added meanwhile — kept as it is." in p.notices(),
                     f"the notice (notices: {p.notices()})")
            wait_for(lambda: "yogurt" in p.names() and p.is_checked("yogurt"), "theirs shown")
            assert "Yogurt" not in p.names() and "6×" in p.reveal(p.row("yogurt")).text, \
                (p.names(), p.row("yogurt").text)
            # Every refused change is listed, in words, announced, and fits the phone.
            assert len(p.notices()) == 3, p.notices()
            live = driver.execute_script("""
                return document.querySelector('[data-testid="notice-list"]')
                  .closest('[aria-live]').getAttribute('aria-live')""")
            assert live == "polite", live
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, f"no sideways scrolling (width {width})"
            size = p.by("notices-dismiss").size
            assert size["width"] >= 44 and size["height"] >= 44, size
            p.shot("16-replay-three-notices-390x844")
            p.viewport(390, 844, dark=True)
            p.shot("17-replay-three-notices-dark-390x844")
            p.viewport(390, 844)
            p.dismiss_notices()
        step("replayed add keeps the item someone added meanwhile, and says so",
             back_online_after(replayed_add_keeps_the_item_someone_added_meanwhile))

        def replayed_changes_to_untouched_items_apply():
            p.dismiss_message()
            for name in ("Honey", "Jam"):
                store.add("shopping", name)
            wait_for(lambda: "Honey" in p.names() and "Jam" in p.names(), "Honey and Jam")
            for _ in range(3):  # online, quick: each tap builds on the one before
                p.tap_checkbox("Jam")
            wait_for(lambda: not p.queue(), "the taps sent")
            wait_for(lambda: item("Jam")["checked"], "Jam checked after three taps")
            p.offline(True)
            p.tap_checkbox("Jam")
            p.tap_remove("Honey")
            p.add("Oats")
            p.tap_checkbox("Oats")  # an item only this page knows yet
            store.add("shopping", "Rice")  # someone else's change to another item
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue to empty", timeout=20)
            assert item("Honey") is None and not item("Jam")["checked"], item("Jam")
            assert item("Oats")["checked"], item("Oats")
            assert item("Rice")
            time.sleep(0.5)
            assert not p.notices(), p.notices()
            wait_for(lambda: "Rice" in p.names() and p.is_checked("Oats"), "the final list")
        step("replayed changes to items nobody else touched apply, without a word",
             back_online_after(replayed_changes_to_untouched_items_apply))

        def switches_lists():
            p.dismiss_message()
            p.by("new-list").find_element(By.TAG_NAME, "summary").click()
            p.by("new-list-input").send_keys("Party")
            p.by("new-list-button").click()
            wait_for(lambda: "party" in store.lists, "the list on the server")
            wait_for(lambda: driver.execute_script("return location.hash") == "#Party", "hash")
            p.add("Crisps", "3")
            wait_for(lambda: item("Crisps", "Party"), "Crisps in Party")
            select = Select(p.by("list-switcher"))
            options = [o.text for o in select.options]
            assert {"shopping", "Hardware store", "Party"} <= set(options), options
            select.select_by_visible_text("Hardware store")
            wait_for(lambda: p.names() == ["Screws"], "the hardware list")
            assert "20 mm 4x30" in p.row("Screws").text
            driver.get(f"{server.url}/#shopping")
            wait_for(lambda: "Flour" in p.names(), "the hash picks the list")
            driver.get(f"{server.url}/")
            wait_for(lambda: "Flour" in p.names(), "localStorage remembers the list")
        step("creates and switches lists; the hash and storage remember", switches_lists)

        def narrow_phone_and_dark():
            p.viewport(360, 740)
            driver.get(f"{server.url}/#shopping")
            wait_for(lambda: "Flour" in p.names(), "the list")
            store.add("shopping", "Apples", quantity=6, category="fruit")
            store.add("shopping", "Extra virgin cold-pressed olive oil from the good shop",
                      quantity=2, unit="bottles", category="pantry")
            store.add("shopping", "Milk", quantity=2, unit="l", category="dairy")
            store.check("shopping", "Milk")
            store.check("shopping", "Tea")
            wait_for(lambda: p.is_checked("Tea"), "Tea checked")
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 360, f"no sideways scrolling (width {width})"
            small = driver.execute_script("""
                return [...document.querySelectorAll('button, select, summary, .item-check')]
                  .filter(e => e.offsetParent)
                  .map(e => [e.dataset.testid || e.className, e.getBoundingClientRect()])
                  .filter(([, r]) => r.height < 44 || r.width < 44)
                  .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
            """)
            assert not small, f"tap targets under 44 px: {small}"
            p.shot("09-list-360x740")
            p.offline(True)
            p.tap_checkbox("Flour")
            wait_for(lambda: p.visible("offline-banner"), "offline at 360")
            p.shot("10-offline-360x740")
            p.offline(False)
            wait_for(lambda: not p.queue(), "sent", timeout=20)
            p.viewport(390, 844, dark=True)
            driver.refresh()
            wait_for(lambda: "Flour" in p.names(), "the list in dark mode")
            p.shot("11-dark-390x844")
            p.viewport(390, 844)
        step("fits 360 px with 44 px targets; dark scheme", narrow_phone_and_dark)

        def history_records_the_page_and_undo_reverts_it():
            p.dismiss_message()
            store.check("shopping", "Tea", False)
            wait_for(lambda: not p.is_checked("Tea"), "Tea unchecked")
            p.tap_checkbox("Tea")
            wait_for(lambda: item("Tea")["checked"], "Tea checked")
            wait_for(lambda: store.history[-1] == "web: check Tea", "the history entry")
            assert store.run("undo").strip().endswith("web: check Tea")
            wait_for(lambda: not p.is_checked("Tea"), "the undo shown on the page")
            assert not item("Tea")["checked"]
        step("a change from the page is in history, and undo reverts it",
             history_records_the_page_and_undo_reverts_it)

        def two_people_and_a_script_at_once():
            # A second phone, and a cron-like loop of command-line adds, on the same list.
            other = new_driver()
            try:
                q = Page(other, server.url)
                q.viewport(390, 844)
                other.get(f"{server.url}/?token={TOKEN}")
                wait_for(lambda: "Milk" in q.names(), "the second page")
                driver.get(f"{server.url}/#shopping")
                wait_for(lambda: "Milk" in p.names(), "the first page")
                store.run("reset")
                wait_for(lambda: not p.is_checked("Milk") and not q.is_checked("Sugar"), "reset")
                script_names = [f"Script item {n}" for n in range(12)]
                loop = threading.Thread(
                    target=lambda: [store.add("shopping", n) for n in script_names], daemon=True)
                loop.start()
                mine = [f"Mine {n}" for n in range(4)]
                theirs = [f"Theirs {n}" for n in range(4)]
                for a, b in zip(mine, theirs):
                    p.add(a)
                    q.add(b)
                p.tap_checkbox("Milk")
                q.tap_checkbox("Sugar")
                loop.join()
                wait_for(lambda: not p.queue() and not q.queue(), "both queues empty", timeout=20)
                expected = set(mine + theirs + script_names)
                wait_for(lambda: expected <= {i["name"] for i in store.get("shopping")["items"]},
                         "every add stored")
                names = [i["name"] for i in store.get("shopping")["items"]]
                assert all(names.count(n) == 1 for n in expected), "each change applied once"
                assert item("Milk")["checked"] and item("Sugar")["checked"]
                # As the page shows them: the items to buy, then the basket.
                stored = store.get("shopping")["items"]
                final = [i["name"] for i in stored if not i["checked"]] + \
                    [i["name"] for i in stored if i["checked"]]
                wait_for(lambda: p.names() == final, "the first page shows the final list")
                wait_for(lambda: q.names() == final, "the second page shows the final list")
                assert p.is_checked("Sugar") and q.is_checked("Milk")
                q.shot("13-second-phone-390x844")
            finally:
                other.quit()
        step("two pages and a command-line loop at once: every change once, both pages final",
             two_people_and_a_script_at_once)

        def asks_for_the_link_without_token():
            driver.delete_all_cookies()
            driver.get(f"{server.url}/")
            wait_for(lambda: p.visible("auth-error"), "the 401 message")
            assert "a fresh link or an invite" in p.text("auth-error"), p.text("auth-error")
            p.shot("12-not-signed-in-390x844")
        step("401: says to ask for a fresh link", asks_for_the_link_without_token)

        checks.no_script_errors(lambda: console + driver.get_log("browser"))
    finally:
        driver.quit()

    print(f"{len(passed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
