"""The page check's first steps, online: opening with the token, checking and adding items,
another person's changes shown live, and quick taps in a row."""

import time

from checks import step, wait_for


def steps(p, driver, store, item, server, token):
    """The steps, in order, on the page `p` of `driver`, with the database `store`."""

    def opens_with_token():
        driver.get(f"{server.url}/?token={token}")
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
