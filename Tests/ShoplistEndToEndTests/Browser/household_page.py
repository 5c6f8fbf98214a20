"""The household check's database and phone: the page check's own, with history entries and
items by name, and screenshots light and dark, the add box, suggestions, aisle headings,
highlights, undo and the item editor."""

import json

from selenium.webdriver.common.by import By

from checks import wait_for
from page_check import Database, Page


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
        self.tap_undo()

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
