"""The household check's keyboard and screen-reader step: a 60-item list, half of it in the
basket, read from Chromium's accessibility tree and used with the keyboard alone."""

import os

from selenium.webdriver.common.keys import Keys

from checks import step, wait_for


def steps(p, driver, store, item, base, shots):
    """The step, on the phone `p` of `driver`, with the database `store`; the list it imports
    is written into the folder `shots`."""

    def sixty_items_for_keyboard_and_screen_readers():
        p.offline(False)
        lines = "\n".join(f"Item {n:02d}" for n in range(60))
        path = os.path.join(shots, "sixty.txt")
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
        # Focus order: the list's name, the Lists and History sheets, the add box, the view,
        # the skip link, then the rows.
        p.dismiss_message()
        driver.execute_script("window.scrollTo(0, 0); document.querySelector("
                              "'[data-testid=list-switcher]').focus()")
        order = []
        for _ in range(12):
            active = driver.switch_to.active_element
            order.append(active.get_attribute("data-testid"))
            active.send_keys(Keys.TAB)
        assert order == ["list-switcher", "open-lists", "open-history", "add-input",
                         "add-button", "view-list", "view-aisles", "skip-link", "item-checkbox",
                         "item-edit", "remove-button", "item-checkbox"], order
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
