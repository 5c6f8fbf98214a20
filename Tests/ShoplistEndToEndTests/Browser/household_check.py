"""The page doing a household's week of shopping, in headless Chromium at 390x844, against a
running `shoplist serve` and its real database:

    python3 household_check.py --url http://127.0.0.1:PORT --token TOKEN --db DB \
        --binary SHOPLIST --shots FOLDER

The basket section, the aisle view, the item editor, suggestions from what was bought before,
quantity phrases in the add box, a real undo of exactly the change just made (and a conflict
said in words), others' changes highlighted with who made them (the command line, and a
second phone signed in as a member), all of it offline too where it changes data; then the
keyboard and screen-reader basics on a 60-item list, read from Chromium's accessibility tree.
Screenshots, light and dark, go to FOLDER. Prints one line per check, then "N passed, N
failed"; exits 1 if any failed.
"""

import argparse
import json
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import checks
from checks import finish, step, wait_for
from page_check import Database, Page, new_driver

console = []


class Household(Database):
    def history_entries(self, limit=20):
        return json.loads(self.run("history", "--json", "--limit", str(limit)))["history"]

    def entry_of(self, command):
        """The number of the newest history entry labelled `command`."""
        for entry in self.history_entries(50):
            if entry["command"] == command:
                return entry["id"]
        raise AssertionError(f"no history entry {command!r}")

    def items(self, list_name="shopping"):
        return {i["name"]: i for i in self.get(list_name)["items"]}


class Phone(Page):
    def shots(self, name):
        """The screen as it is, light and dark."""
        self.shot(f"{name}-light-390x844")
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        self.shot(f"{name}-dark-390x844")
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "light"}]})

    def type_in_add_box(self, text):
        self.d.execute_script("window.scrollTo(0, 0)")
        field = self.by("add-input")
        field.clear()
        field.send_keys(text)
        return field

    def suggestions(self):
        return [e.find_element(By.CSS_SELECTOR, ".suggestion-name").text
                for e in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="suggestion"]')
                if e.is_displayed()]

    def headings(self):
        return [e.text for e in self.d.find_elements(
            By.CSS_SELECTOR, '[data-testid="aisle-heading"]') if e.is_displayed()]

    def highlight(self, name):
        found = self.row(name).find_elements(By.CSS_SELECTOR, '[data-testid="item-by"]')
        return found[0].get_attribute("textContent") if found else None

    def undo(self):
        wait_for(lambda: self.visible("undo-button"), "the Undo button")
        self.by("undo-button").click()

    def edit(self, item_name, **fields):
        """Opens the editor of `item_name` and types `fields` over what it shows."""
        self.tap_name(item_name)
        wait_for(lambda: self.visible("editor"), "the editor")
        for field, value in fields.items():
            box = self.by(f"edit-{field}")
            box.clear()
            box.send_keys(value)

    def save(self):
        self.by("edit-save").click()


def main():
    parser = argparse.ArgumentParser()
    for option in ("--url", "--token", "--db", "--binary", "--shots"):
        parser.add_argument(option, required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.shots, exist_ok=True)
    import page_check
    page_check.SHOTS = arguments.shots
    base, token = arguments.url, arguments.token
    store = Household(arguments.binary, arguments.db)
    item = lambda name, lst="shopping": store.find(lst, name)  # noqa: E731

    # Bought before: what suggestions remember (added, checked, cleared through the CLI).
    for name, fields in [("Greek yoghurt", dict(quantity=500, unit="g", category="dairy")),
                         ("Grapes", dict(quantity=1, unit="kg", category="fruit")),
                         ("Greek yoghurt", dict(quantity=500, unit="g", category="dairy"))]:
        store.add("shopping", name, **fields)
        store.check("shopping", name)
        store.run("clear", "-l", "shopping")
    store.run("aisles", "vegetables", "bakery", "dairy")
    for name, fields in [("Tomatoes", dict(quantity=6, category="vegetables")),
                         ("Bread", dict(category="bakery", note="wholemeal")),
                         ("Milk", dict(quantity=1, unit="l", category="dairy")),
                         ("Cheese", dict(category="dairy")),
                         ("Apples", dict(quantity=4, category="fruit")),
                         ("Soap", dict(category="household")),
                         ("Batteries", {}),
                         ("Rice", dict(quantity=1, unit="kg", category="pantry"))]:
        store.add("shopping", name, **fields)
    store.check("shopping", "Soap")
    store.check("shopping", "Rice")

    driver = new_driver()
    p = Phone(driver, base)
    checks.after_step = lambda: console.extend(driver.get_log("browser"))  # noqa: E731
    other = None
    try:
        p.viewport(390, 844)

        def basket_below_folded():
            driver.get(f"{base}/?token={token}")
            wait_for(lambda: len(p.rows()) == 8, "the 8 rows")
            assert p.to_buy_names() == ["Tomatoes", "Bread", "Milk", "Cheese", "Apples",
                                        "Batteries"], p.names()
            assert p.basket_names() == ["Soap", "Rice"], p.basket_names()
            assert p.text("basket-heading") == "In the basket · 2", p.text("basket-heading")
            assert not p.row("Soap").is_displayed(), "folded to its count"
            top = lambda name: p.row(name).location["y"]  # noqa: E731
            assert p.by("basket").location["y"] > top("Batteries"), "below the rest"
            p.by("basket-summary").click()
            wait_for(lambda: p.row("Soap").is_displayed(), "the basket opened")
            p.tap_checkbox("Batteries")
            wait_for(lambda: item("Batteries")["checked"], "Batteries checked on the server")
            wait_for(lambda: p.basket_names() == ["Soap", "Batteries", "Rice"],
                     "Batteries in the basket, in list order")
            assert p.text("basket-heading") == "In the basket · 3"
            p.tap_checkbox("Batteries")
            wait_for(lambda: "Batteries" in p.to_buy_names(), "back among the items to buy")
            p.by("basket-summary").click()
            wait_for(lambda: not p.row("Soap").is_displayed(), "folded again")
        step("checked items wait below in a folded “in the basket” section that opens",
             basket_below_folded)

        def aisle_view():
            p.dismiss_message()
            p.centred(p.by("view-aisles")).click()
            wait_for(lambda: p.headings() == ["vegetables", "bakery", "dairy", "fruit",
                                              "No category"], f"headings {p.headings()}")
            assert p.by("view-aisles").get_attribute("aria-pressed") == "true"
            dairy = driver.find_elements(By.CSS_SELECTOR, '[data-testid="aisle"]')[2]
            names = [r.get_attribute("data-item-name") for r in dairy.find_elements(
                By.CSS_SELECTOR, '[data-testid="item-row"]')]
            assert names == ["Milk", "Cheese"], names
            assert "dairy" not in p.row("Milk").text, "the heading says it once"
            p.shots("02-aisle-view")
            store.run("aisles", "dairy", "vegetables")  # the shop order changed elsewhere
            driver.refresh()
            wait_for(lambda: p.headings()[:3] == ["dairy", "vegetables", "bakery"],
                     f"the new order after a reload (headings {p.headings()})")
            store.run("aisles", "vegetables", "bakery", "dairy")
            p.centred(p.by("view-list")).click()
            wait_for(lambda: not p.headings() and p.to_buy_names()[0] == "Tomatoes", "list order")
        step("the aisle view groups items under headings in the shop order", aisle_view)

        def editor_changes_every_field():
            p.edit("Cheese", name="Cheddar", quantity="0,5", unit="kg", category="deli",
                   note="the mature one")
            p.shots("03-editor")
            p.save()
            wait_for(lambda: item("Cheddar"), "Cheddar on the server")
            cheddar = item("Cheddar")
            assert (cheddar["quantity"], cheddar["unit"], cheddar["category"], cheddar["note"]) \
                == (0.5, "kg", "deli", "the mature one"), cheddar
            assert item("Cheese") is None
            assert store.history[-1] == "web: edit Cheese", store.history[-2:]
            wait_for(lambda: "Cheddar" in p.names(), "the row renamed")
            assert not p.visible("editor")
            # Bad input is said in the editor and sends nothing; Cancel changes nothing.
            before = store.history
            p.edit("Cheddar", quantity="lots")
            p.save()
            wait_for(lambda: p.visible("editor-error"), "the editor's error")
            assert "Quantity" in p.text("editor-error"), p.text("editor-error")
            p.by("edit-cancel").click()
            wait_for(lambda: not p.visible("editor"), "the editor closed")
            active = driver.execute_script(
                "return document.activeElement.closest('[data-testid=item-row]')"
                "?.dataset.itemName")
            assert active == "Cheddar", f"focus back on the item, not {active!r}"
            p.edit("Cheddar", unit="")  # clearing a field
            p.save()
            wait_for(lambda: item("Cheddar")["unit"] is None, "the unit cleared")
            assert store.history[:-1] == before
        step("the editor changes name, quantity, unit, category and note", editor_changes_every_field)

        def quantity_phrases():
            p.dismiss_message()
            store.run("remove", "Milk")
            wait_for(lambda: "Milk" not in p.names(), "Milk gone")
            p.type_in_add_box("2 l milk" + Keys.ENTER)
            wait_for(lambda: item("milk"), "milk added")
            milk = item("milk")
            assert (milk["name"], milk["quantity"], milk["unit"]) == ("milk", 2, "l"), milk
            wait_for(lambda: "milk" in p.names(), "shown as the server read it")
            p.type_in_add_box("3 l milk" + Keys.ENTER)  # the same item, not a second one
            wait_for(lambda: item("milk")["quantity"] == 3, "milk now 3 l")
            assert [n.lower() for n in p.names()].count("milk") == 1, p.names()
            p.type_in_add_box("lemons x3" + Keys.ENTER)
            wait_for(lambda: item("lemons"), "lemons added")
            assert item("lemons")["quantity"] == 3, item("lemons")
            wait_for(lambda: "lemons" in p.names(), "shown as the server read it")
            assert p.by("add-input").get_attribute("value") == ""
            p.type_in_add_box('"3 musketeers bar"' + Keys.ENTER)  # quoted: kept whole
            wait_for(lambda: item("3 musketeers bar"), "the quoted name whole")
            assert item("3 musketeers bar")["quantity"] == 1
            p.type_in_add_box("2 l" + Keys.ENTER)  # no name left: said, nothing added
            wait_for(lambda: "is a quantity, not an item" in p.text("message"), "the refusal")
            assert "is-error" in p.by("message").get_attribute("class")
        step("“2 l milk” in the add box adds milk, 2 l", quantity_phrases)

        def suggestions_from_history():
            p.dismiss_message()
            field = p.type_in_add_box("yog")
            wait_for(lambda: p.suggestions() == ["Greek yoghurt"], f"{p.suggestions()}")
            assert field.get_attribute("aria-expanded") == "true"
            assert "500 g" in p.by("suggestion").text and "dairy" in p.by("suggestion").text
            p.shots("04-suggestions")
            field.send_keys(Keys.ARROW_DOWN)
            assert field.get_attribute("aria-activedescendant") == "suggestion-0"
            field.send_keys(Keys.ENTER)
            wait_for(lambda: item("Greek yoghurt"), "picked and added")
            added = item("Greek yoghurt")
            assert (added["quantity"], added["unit"], added["category"]) == (500, "g", "dairy")
            assert field.get_attribute("value") == "" and not p.suggestions()
            p.type_in_add_box("gr")  # what is on the list now is not suggested
            wait_for(lambda: p.suggestions() == ["Grapes"], f"{p.suggestions()}")
            p.by("suggestion").click()
            wait_for(lambda: item("Grapes"), "Grapes by a tap")
            assert item("Grapes")["unit"] == "kg" and item("Grapes")["category"] == "fruit"
        step("suggestions of items bought before; picking one adds its last amount and category",
             suggestions_from_history)

        def undo_reverts_exactly_that_entry(change, name):
            def run():
                p.dismiss_message()
                before = store.get("shopping")
                change()
                wait_for(lambda: store.get("shopping") != before, f"the {name} on the server")
                entry = store.history_entries(1)[0]
                assert entry["command"].startswith("web: "), entry
                if name == "check":
                    p.shots("05-undo-toast")
                p.undo()
                wait_for(lambda: store.get("shopping") == before, f"the {name} undone exactly")
                newest = store.history_entries(1)[0]
                assert newest["command"] == f"web: undo {entry['id']}", newest
                wait_for(lambda: "Undone" in p.text("message"), "Undone said")
            return run

        def check_bread():
            p.tap_checkbox("Bread")

        def clear_two():  # Soap and Rice
            p.centred(p.by("clear-checked")).click()
            p.by("clear-checked").click()

        def edit_note():
            p.edit("Apples", note="the red ones")
            p.save()

        step("Undo after a check reverts exactly that history entry",
             undo_reverts_exactly_that_entry(check_bread, "check"))
        step("Undo after a clear reverts exactly that history entry",
             undo_reverts_exactly_that_entry(clear_two, "clear"))
        step("Undo after an edit reverts exactly that history entry",
             undo_reverts_exactly_that_entry(edit_note, "edit"))

        def redo_after_undo():
            p.dismiss_message()
            p.tap_checkbox("Bread")
            wait_for(lambda: item("Bread")["checked"], "checked")
            p.undo()
            wait_for(lambda: not item("Bread")["checked"], "undone")
            wait_for(lambda: p.visible("redo-button"), "Redo offered")
            p.by("redo-button").click()
            wait_for(lambda: item("Bread")["checked"], "redone")
            assert store.history[-1] == "web: redo", store.history[-2:]
            p.tap_checkbox("Bread")
            wait_for(lambda: not item("Bread")["checked"], "unchecked again")
        step("Redo after an undo re-applies it", redo_after_undo)

        def undo_conflict_in_words():
            p.dismiss_message()
            p.tap_checkbox("Apples")
            wait_for(lambda: item("Apples")["checked"], "Apples checked")
            check = store.entry_of("web: check Apples")
            store.edit("shopping", "Apples", note="green ones")  # someone else, meanwhile
            edit = store.history_entries(1)[0]["id"]
            before = store.get("shopping")
            p.undo()
            wait_for(lambda: p.text("message").startswith("Cannot undo"), "the refusal")
            text = p.text("message")
            assert f"#{check}" in text and f"#{edit}" in text and "changed the same items" in text, \
                text
            assert "is-error" in p.by("message").get_attribute("class")
            assert store.get("shopping") == before, "nothing changed"
            p.shots("06-undo-conflict")
        step("an undo that conflicts is refused in words and changes nothing",
             undo_conflict_in_words)

        def others_changes_highlighted():
            nonlocal other
            p.dismiss_message()
            store.add("shopping", "Pears", quantity=3, category="fruit")
            wait_for(lambda: "Pears" in p.names(), "Pears from the command line")
            wait_for(lambda: p.highlight("Pears") == "added from the command line",
                     f"the highlight ({p.highlight('Pears')!r})")
            assert "is-highlighted" in p.row("Pears").get_attribute("class")
            wait_for(lambda: "“Pears” added from the command line" in p.text("activity"),
                     "the activity line")
            # A second phone, signed in as Ana by her invite.
            invite = json.loads(store.run("members", "add", "Ana", "--url", base, "--json"))
            other = new_driver()
            q = Phone(other, base)
            q.viewport(390, 844)
            other.get(invite["link"])
            wait_for(lambda: "milk" in q.names(), "Ana's phone shows the list")
            wait_for(lambda: q.text("signed-in-as") == "Ana", "signed in as Ana")
            q.add("Bread rolls", "6")
            wait_for(lambda: "Bread rolls" in p.names(), "Ana's add on the first phone")
            wait_for(lambda: p.highlight("Bread rolls") == "added by Ana",
                     f"Ana's name ({p.highlight('Bread rolls')!r})")
            assert p.highlight("Bread rolls") and not q.highlight("Bread rolls"), \
                "her own change is not highlighted on her phone"
            p.centred(p.row("Bread rolls"))
            p.shots("07-highlighted-change")
            q.tap_checkbox("milk")  # as the add of "2 l milk" wrote it
            wait_for(lambda: "“milk” checked by Ana" in p.text("activity"), "checked by Ana")
            wait_for(lambda: p.highlight("Bread rolls") is None, "the highlight fades",
                     timeout=15)
        step("items added by the command line and by a second phone are highlighted with who "
             "did it", others_changes_highlighted)

        def offline_too():
            p.dismiss_message()
            # Suggestions fetched online, picked after the signal went.
            field = p.type_in_add_box("gr")
            store.run("remove", "Grapes")
            field.send_keys("a")
            wait_for(lambda: p.suggestions() == ["Grapes"], f"{p.suggestions()}")
            p.offline(True)
            p.by("suggestion").click()
            p.edit("Cheddar", quantity="2")
            p.save()
            p.type_in_add_box("1 kg oranges" + Keys.ENTER)
            p.tap_checkbox("Bread")
            wait_for(lambda: p.visible("offline-banner"), "offline")
            p.undo()  # the check of Bread, never sent: taken out of the queue
            wait_for(lambda: not p.is_checked("Bread"), "Bread unchecked again at once")
            p.tap_checkbox("Pears")
            wait_for(lambda: p.text("pending-count") == "4", f"4 waiting ({p.queue()})")
            assert [q["kind"] for q in p.queue()] == ["add", "edit", "add", "check"], p.queue()
            assert "1 kg oranges" in p.names() and "2×" in p.row("Cheddar").text
            assert item("Grapes") is None and item("Cheddar")["quantity"] == 0.5
            p.shots("08-offline-queued")
            p.offline(False)
            wait_for(lambda: not p.queue(), "the queue sent", timeout=20)
            assert item("Grapes")["unit"] == "kg" and item("Grapes")["category"] == "fruit"
            assert item("Cheddar")["quantity"] == 2 and item("oranges")["unit"] == "kg"
            assert item("Pears")["checked"] and not item("Bread")["checked"]
            assert "web: check Bread" not in store.history[-6:], store.history[-6:]
            # An undo of a change already sent waits in the queue too.
            p.dismiss_message()
            p.tap_checkbox("Batteries")
            wait_for(lambda: not p.queue(), "sent")
            p.offline(True)
            p.undo()
            wait_for(lambda: p.text("pending-count") == "1", "the undo waits")
            assert item("Batteries")["checked"]
            p.offline(False)
            wait_for(lambda: not item("Batteries")["checked"], "undone once back", timeout=20)
            assert store.history[-1].startswith("web: undo "), store.history[-2:]
        step("offline, picks, edits, phrases, checks and undos are queued and sent later",
             offline_too)

        def sixty_items_for_keyboard_and_screen_readers():
            p.offline(False)
            lines = "\n".join(f"Item {n:02d}" for n in range(60))
            path = os.path.join(arguments.shots, "sixty.txt")
            with open(path, "w") as f:
                f.write(lines + "\n")
            store.run("import", path, "-l", "Big shop")
            for n in range(0, 60, 2):
                store.check("Big shop", f"Item {n:02d}")
            driver.get(f"{base}/#Big%20shop")
            wait_for(lambda: len(p.rows()) == 60, "60 rows")
            assert len(p.basket_names()) == 30
            p.shots("01-sixty-half-checked")
            # Every control has a name, in Chromium's own accessibility tree.
            driver.execute_cdp_cmd("Accessibility.enable", {})
            nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
            value = lambda n, k: (n.get(k) or {}).get("value")  # noqa: E731
            controls = {"button", "checkbox", "textbox", "combobox", "link", "searchbox",
                        "listbox", "option", "switch", "radio", "slider", "menuitem",
                        "DisclosureTriangle"}
            named = [(value(n, "role"), value(n, "name")) for n in nodes
                     if not n.get("ignored") and value(n, "role") in controls]
            nameless = [role for role, name in named if not (name or "").strip()]
            assert not nameless, f"controls without a name: {nameless}"
            boxes = [name for role, name in named if role == "checkbox"]
            assert len(boxes) == 60 and "Item 01" in boxes, boxes[:5]
            assert sum(1 for role, name in named if name == "Remove Item 01") == 1
            headings = [(value(n, "name"), [p_["value"]["value"] for p_ in n.get("properties", [])
                         if p_["name"] == "level"]) for n in nodes
                        if not n.get("ignored") and value(n, "role") == "heading"]
            assert ("Big shop", [1]) in headings, headings
            assert ("To buy · 30", [2]) in headings and ("In the basket · 30", [2]) in headings, \
                headings
            # Focus order: the list's name, the add box, the view, the skip link, then the rows.
            p.dismiss_message()
            driver.execute_script("window.scrollTo(0, 0); document.querySelector("
                                  "'[data-testid=list-switcher]').focus()")
            order = []
            for _ in range(10):
                active = driver.switch_to.active_element
                order.append(active.get_attribute("data-testid"))
                active.send_keys(Keys.TAB)
            assert order == ["list-switcher", "add-input", "add-button", "view-list",
                             "view-aisles", "skip-link", "item-checkbox", "item-edit",
                             "remove-button", "item-checkbox"], order
            # The skip link goes past the 30 rows to the basket.
            p.by("skip-link").send_keys(Keys.ENTER)
            wait_for(lambda: driver.switch_to.active_element.get_attribute("id") == "after-list",
                     "focus past the list")
            driver.switch_to.active_element.send_keys(Keys.TAB)
            assert driver.switch_to.active_element.get_attribute("data-testid") == \
                "basket-summary"
            # Space checks the focused item; focus stays on the list, at the next item.
            first = p.by("item-checkbox", p.rows()[0])
            first.send_keys(Keys.SPACE)
            wait_for(lambda: item("Item 01", "Big shop")["checked"], "checked by the keyboard")
            wait_for(lambda: driver.switch_to.active_element.get_attribute("aria-label")
                     == "Item 03", "focus on the next item's checkbox")
            p.dismiss_message()
            p.reveal(p.row("Item 00"))
            p.centred(p.by("basket-summary"))
            p.shots("09-sixty-basket-open")
        step("60 items: named controls, headings, focus order and a skip link",
             sixty_items_for_keyboard_and_screen_readers)

        checks.no_script_errors(lambda: console + driver.get_log("browser"))
    finally:
        driver.quit()
        if other:
            other.quit()
    finish()


if __name__ == "__main__":
    main()
