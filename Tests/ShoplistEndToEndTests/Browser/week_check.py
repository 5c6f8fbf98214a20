"""A household's week run from the page alone: two members, Ana and Ben, each on a phone
(headless Chromium at 390x844), against a `shoplist serve` this script starts, with the
command line and an import changing the same database beside them.

    python3 week_check.py --db DB --binary SHOPLIST --shots FOLDER

Ana renames, moves and deletes lists from the Lists sheet and brings the deleted one back
with the message's Undo; reads the History view (her own, the command line's and an import's
entries, with who and when), undoes an entry from it, and meets an undo refused in people's
words; picks a shop in the "by aisle" view and reorders its aisles, which Ben's phone follows
live; types "2 l milk" and gets milk's remembered category; and is offered an item that was
added and removed unbought. Each screen is shot light and dark. Prints one line per check,
then "N passed, N failed"; exits 1 if any failed.
"""

import json
import os
import re

import page_check
from checks import database_arguments, finish, no_script_errors, step, tap_where_drawn, wait_for
from conflicts_check import phone, serve, shut
from household_page import Phone
from page_database import Database

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

CLOCK = re.compile(r"^(yesterday )?\d{1,2}:\d{2}( ?[AP]M)?$")


def seed(store, folder):
    store.run("add", "Milk", "--category", "dairy")
    store.run("add", "Apples", "Bananas", "--category", "produce")
    store.run("add", "Bread", "--category", "bakery")
    store.run("aisles", "--shop", "Lidl", "produce", "dairy", "bakery")
    store.run("aisles", "--shop", "Aldi", "bakery", "produce", "dairy")
    store.run("lists", "shop", "shopping", "Lidl")
    week = os.path.join(folder, "week.csv")
    with open(week, "w", encoding="utf-8") as f:
        f.write("name,quantity,category\nRice,2,pantry\nLentils,1,pantry\n")
    store.run("import", week)
    store.run("lists", "create", "Weekend")
    store.run("lists", "create", "Party")
    store.run("add", "-l", "Party", "Crisps", "Lemonade")
    # Added and removed unbought: still offered as a suggestion.
    store.run("add", "Saffron", "--category", "spices")
    store.run("remove", "Saffron")


class Week(Phone):
    """A phone of the household's (shots light and dark, the editor) with the sheets."""

    def rows_of(self, testid, key):
        return [e.get_attribute(key) for e in self.d.find_elements(
            By.CSS_SELECTOR, f'[data-testid="{testid}"]') if e.is_displayed()]

    def list_row(self, name):
        for row in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="lists-row"]'):
            if row.get_attribute("data-list") == name:
                return row
        raise AssertionError(f"no row for the list {name!r}")

    def tool(self, row, testid):
        return row.find_element(By.CSS_SELECTOR, f'[data-testid="{testid}"]')

    def open_sheet(self, which):
        self.d.execute_script("window.scrollTo(0, 0)")
        self.by(f"open-{which}").click()
        wait_for(lambda: self.visible(f"{which}-panel"), f"the {which} sheet")

    def close_sheet(self, which):
        self.by(f"{which}-close").click()
        wait_for(lambda: not self.visible(f"{which}-panel"), f"the {which} sheet closed")

    def history_rows(self):
        rows = []
        for row in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="history-row"]'):
            def part(testid):
                found = row.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')
                return found[0].get_attribute("textContent").strip() if found else None
            rows.append({"entry": int(row.get_attribute("data-entry")), "what": part("history-what"),
                         "detail": part("history-detail"), "who": part("history-who"),
                         "when": part("history-when"), "undone": bool(part("history-undone")),
                         "row": row})
        return rows

    def history_row(self, text):
        """The row whose title or detail is `text` (a page's change is titled by what was done,
        any other by what it changed)."""
        return wait_for(lambda: next((r for r in self.history_rows()
                                      if text in (r["what"], r["detail"])), None),
                        f"the history row {text!r}")

    def undo_in_history(self, text):
        """Taps Undo on the row `text` (found again if the view was drawn anew meanwhile)."""
        def tap():
            self.history_row(text)["row"].find_element(
                By.CSS_SELECTOR, '[data-testid="history-undo"]').click()
            return True
        wait_for(tap, f"Undo of {text!r} tapped")

    def close_sheets(self):
        """Back to the list, whatever an earlier step left open."""
        for which in ("lists", "history"):
            if self.visible(f"{which}-panel"):
                self.close_sheet(which)

    def headings(self):
        return [e.text for e in self.d.find_elements(
            By.CSS_SELECTOR, '[data-testid="aisle-heading"]') if e.is_displayed()]

    def pick_shop(self, name):
        self.d.execute_script("""
            const s = arguments[0]; s.value = arguments[1];
            s.dispatchEvent(new Event('change', {bubbles: true}));""", self.by("shop-picker"), name)


def main():
    arguments = database_arguments()
    page_check.SHOTS = arguments.shots
    store = Database(arguments.binary, arguments.db)
    seed(store, os.path.dirname(os.path.abspath(arguments.db)))
    server, base = serve(arguments.binary, arguments.db)
    ana = ben = None

    def lists():
        return [entry["name"] for entry in json.loads(store.run("lists", "--json"))["lists"]]

    def item(name, list_name="shopping"):
        return store.find(list_name, name)

    try:
        ana, ben = phone(store, base, "Ana"), phone(store, base, "Ben")
        for page in (ana, ben):
            page.__class__ = Week
            wait_for(lambda: {"Milk", "Apples", "Bread"} <= set(page.names()), "the list")

        def lists_are_renamed_moved_deleted_and_brought_back():
            ana.open_sheet("lists")
            wait_for(lambda: ana.rows_of("lists-row", "data-list")
                     == ["shopping", "Weekend", "Party"], "the three lists in order")
            ana.shots("week-lists")
            # The list under the sheet takes no focus: the keyboard stays in the sheet.
            seen = set()
            for _ in range(40):  # past the sheet's 16 controls, and round again
                ana.d.switch_to.active_element.send_keys(Keys.TAB)
                seen.add(ana.d.execute_script(
                    "const e = document.activeElement;"
                    "return e.closest('[data-testid=lists-panel]') ? 'sheet'"
                    " : e === document.body ? 'body' : e.dataset.testid || e.tagName"))
            assert seen <= {"sheet", "body"}, seen
            ana.tool(ana.list_row("Weekend"), "list-rename").click()
            wait_for(lambda: ana.visible("rename-input"), "the name's box")
            box = ana.by("rename-input")
            box.clear()
            box.send_keys("Party")  # another list's name
            ana.by("rename-save").click()
            wait_for(lambda: ana.visible("rename-error"), "the clash said")
            assert ana.text("rename-error") == "There is a list “Party” already.", \
                ana.text("rename-error")
            ana.shots("week-rename-clash")
            box = ana.by("rename-input")
            box.clear()
            box.send_keys("Weekend trip")
            ana.by("rename-save").click()
            wait_for(lambda: lists() == ["shopping", "Weekend trip", "Party"], "renamed")
            ana.tool(ana.list_row("Party"), "list-up").click()
            wait_for(lambda: lists() == ["shopping", "Party", "Weekend trip"], "Party moved up")
            wait_for(lambda: ben.rows_of("lists-row", "data-list") == []
                     and [o.get_attribute("value") for o in ben.d.find_elements(
                         By.CSS_SELECTOR, '[data-testid="list-switcher"] option')]
                     == ["shopping", "Party", "Weekend trip"], "Ben's switcher, live")
            ana.tool(ana.list_row("Party"), "list-delete").click()
            wait_for(lambda: lists() == ["shopping", "Weekend trip"], "Party deleted")
            wait_for(lambda: ana.text("message").startswith("Deleted “Party”"), "the message")
            assert ana.text("message").startswith("Deleted “Party” and its 2 items."), \
                ana.text("message")
            ana.shots("week-list-deleted")
            tap_where_drawn(ana.d, ana.by("undo-button"))
            wait_for(lambda: lists() == ["shopping", "Party", "Weekend trip"],
                     f"Party back in its place ({lists()})")
            assert {i["name"] for i in store.get("Party")["items"]} == {"Crisps", "Lemonade"}
            wait_for(lambda: ana.rows_of("lists-row", "data-list")
                     == ["shopping", "Party", "Weekend trip"], "the sheet shows it back")
            ana.close_sheet("lists")
        step("lists are renamed, moved and deleted from the page; Undo brings one back",
             lists_are_renamed_moved_deleted_and_brought_back)

        def history_says_who_what_and_when_and_undoes():
            ana.tap_checkbox("Apples")
            wait_for(lambda: item("Apples")["checked"], "Ana's check stored")
            ana.dismiss_message()
            ana.open_sheet("history")
            mine = ana.history_row("check Apples")
            assert mine["who"] == "Ana" and CLOCK.match(mine["when"]), mine
            assert mine["detail"] == "shopping: 1 updated", mine
            cli = ana.history_row("add Milk --category dairy")
            assert cli["who"] == "command line" and CLOCK.match(cli["when"]), cli
            assert cli["what"] == "shopping: created, 1 added", cli
            imported = next(r for r in ana.history_rows() if r["detail"].startswith("import "))
            assert imported["who"] == "import" and CLOCK.match(imported["when"]), imported
            assert imported["what"] == "shopping: 2 added", imported
            ana.shots("week-history")
            ana.undo_in_history(imported["detail"])
            wait_for(lambda: item("Rice") is None and item("Lentils") is None, "the import undone")
            wait_for(lambda: ana.history_row(imported["detail"])["undone"], "marked undone")
            wait_for(lambda: ana.text("message").startswith("Undone: import "), "the message")
        step("the History view says who, what and when, and undoes an entry",
             history_says_who_what_and_when_and_undoes)

        def an_undo_from_history_is_refused_in_words():
            ana.dismiss_message()
            ben.edit("Milk", note="the blue one")
            ben.save()
            wait_for(lambda: item("Milk")["note"] == "the blue one", "Ben's note stored")
            before = store.get("shopping")
            wait_for(lambda: ana.history_rows()[0]["who"] == "Ben",
                     "Ben's change in the view, live")
            ana.undo_in_history("add Milk --category dairy")
            wait_for(lambda: ana.text("message").startswith("Not undone"), "the refusal")
            text = ana.text("message")
            assert text.startswith("Not undone: Ben changed the same items since"), text
            assert not re.search(r"#|--|\d", text), text
            assert store.get("shopping") == before, "nothing changed"
            ana.shots("week-history-refused")
            ana.close_sheet("history")
        step("an undo from the History view that would overwrite Ben's is said in words",
             an_undo_from_history_is_refused_in_words)

        def the_shop_picker_and_the_aisle_order():
            ana.close_sheets()
            ana.dismiss_message()
            for page in (ana, ben):
                page.d.execute_script("window.scrollTo(0, 0)")
                page.by("view-aisles").click()
            wait_for(lambda: ana.headings()[:3] == ["produce", "dairy", "bakery"],
                     f"Lidl's order, the list's shop ({ana.headings()})")
            options = [o.text for o in ana.d.find_elements(
                By.CSS_SELECTOR, '[data-testid="shop-picker"] option')]
            assert options == ["Lidl", "Aldi"], options
            ana.pick_shop("Aldi")
            wait_for(lambda: ana.headings()[:3] == ["bakery", "produce", "dairy"],
                     f"Aldi's order ({ana.headings()})")
            ben.pick_shop("Aldi")
            wait_for(lambda: ben.headings()[:3] == ["bakery", "produce", "dairy"], "Ben on Aldi")
            ana.by("edit-aisles").click()
            wait_for(lambda: ana.visible("aisle-editor"), "the aisle order")
            ana.shots("week-aisle-order")
            row = next(r for r in ana.d.find_elements(
                By.CSS_SELECTOR, '[data-testid="aisle-order-row"]')
                if r.get_attribute("data-category") == "dairy")
            row.find_element(By.CSS_SELECTOR, '[data-testid="aisle-up"]').click()
            wait_for(lambda: store.run("aisles", "--shop", "Aldi").strip()
                     == "shop order of Aldi: bakery → dairy → produce", "stored")
            ana.by("aisles-done").click()
            wait_for(lambda: ana.headings()[:3] == ["bakery", "dairy", "produce"], "Ana's view")
            wait_for(lambda: ben.headings()[:3] == ["bakery", "dairy", "produce"],
                     f"Ben's view, live ({ben.headings()})")
            assert store.run("aisles", "--shop", "Lidl").strip() \
                == "shop order of Lidl: produce → dairy → bakery", "Lidl's order is its own"
            ana.shots("week-by-aisle-aldi")
            ana.by("view-list").click()
            ben.by("view-list").click()
        step("the shop picker switches the aisle view; a shop's aisles are reordered",
             the_shop_picker_and_the_aisle_order)

        def a_phrase_gets_the_remembered_category():
            ana.close_sheets()
            ana.dismiss_message()
            store.run("remove", "Milk")
            wait_for(lambda: "Milk" not in ana.names(), "milk gone from Ana's list")
            ana.add("2 l milk")
            wait_for(lambda: item("milk") is not None, "milk added")
            got = item("milk")
            assert got["category"] == "dairy" and got["quantity"] == 2 and got["unit"] == "l", got
            wait_for(lambda: "dairy" in ana.row("milk").text, "the category shown")
        step("\"2 l milk\" typed gets milk's remembered category",
             a_phrase_gets_the_remembered_category)

        def an_item_removed_unbought_is_suggested():
            ana.d.execute_script("window.scrollTo(0, 0)")
            field = ana.by("add-input")
            field.clear()
            field.send_keys("saf")
            wait_for(lambda: any(e.is_displayed() and "Saffron" in e.text for e in
                                 ana.d.find_elements(By.CSS_SELECTOR,
                                                     '[data-testid="suggestion"]')),
                     "Saffron suggested")
            ana.shots("week-suggestion")
            field.clear()
        step("an item added and removed unbought is suggested", an_item_removed_unbought_is_suggested)

        no_script_errors(lambda: ana.d.get_log("browser") + ben.d.get_log("browser"))
    finally:
        shut((ana, ben), server)

    finish()


if __name__ == "__main__":
    main()
