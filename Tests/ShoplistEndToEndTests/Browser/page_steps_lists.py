"""The page check's steps on lists and screens: creating and switching lists, then a narrow
phone and the dark scheme."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from checks import step, wait_for


def steps(p, driver, store, item, server):
    """The steps, in order, on the page `p` of `driver`, with the database `store`."""

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

    def message_never_covers_a_row():
        p.viewport(390, 844)
        for number in range(1, 16):
            store.add("shopping", f"Longer list item {number}")
        driver.get(f"{server.url}/#shopping")
        wait_for(lambda: "Longer list item 15" in p.names(), "a list longer than the screen")
        for name in ["Longer list item 13", "Longer list item 14", "Longer list item 15"]:
            p.tap_checkbox(name)
        wait_for(lambda: p.visible("undo-button"), "the message with Undo")
        basket = p.by("basket")
        if basket.get_attribute("open") is None:
            p.centred(p.by("basket-summary")).click()
        under_the_message = """
            const message = document.querySelector('[data-testid="message"]');
            // Gone (it lasts a few seconds): nothing to say about what it covers.
            if (!message || message.getClientRects().length === 0) return null;
            const m = message.getBoundingClientRect();
            const within = arguments[0] || document.querySelector('main');
            return [...within.querySelectorAll('button, input, summary')]
              .filter(e => e.offsetParent)
              .map(e => [(e.closest('[data-testid="item-row"]') || {dataset: {}}).dataset.itemName
                         || e.dataset.testid || e.textContent.trim(), e.getBoundingClientRect()])
              .filter(([, r]) => r.bottom > m.top && r.top < m.bottom
                                 && r.right > m.left && r.left < m.right)
              .map(([name]) => name);
        """
        # Items still to buy: checking one brings a new message when the last one has gone
        # (a busy machine can take longer over the rows than a message stays).
        spare = [f"Longer list item {number}" for number in range(12, 0, -1)]

        def covered_with_the_message_shown(row):
            for _ in range(3):
                if not p.visible("message"):
                    p.tap_checkbox(spare.pop(0))
                    wait_for(lambda: p.visible("message"), "a new message")
                if row is None:
                    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
                else:
                    driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", row)
                covered = driver.execute_script(under_the_message, row)
                if covered is not None:
                    return covered
            raise AssertionError("the message was gone each time it was looked for")

        # Each of the basket's rows, brought into view as low as it goes: none of its controls
        # under the message; and at the page's end, no control at all.
        for name in p.basket_names():
            covered = covered_with_the_message_shown(p.row(name))
            assert not covered, f"{name} brought into view stays under the message"
        covered = covered_with_the_message_shown(None)
        assert not covered, f"at the page's end the message covers {covered}"
        p.shot("12-message-clear-of-the-basket-390x844")
        p.dismiss_message()
    step("the message never covers a row's controls at 390x844", message_never_covers_a_row)
