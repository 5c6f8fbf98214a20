"""The page check's offline replay: changes queued offline meet items someone else changed
meanwhile, and changes to items nobody touched."""

import time

from checks import step, wait_for


def said(p, start, end):
    """Whether a notice on the page starts with `start` and ends with `end` (the time
    between is the clock's)."""
    return any(n.startswith(start) and n.endswith(end) for n in p.notices())


def steps(p, driver, store, item):
    """The steps, in order, on the page `p` of `driver`, with the database `store`."""

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
        wait_for(lambda: said(p, "“Rye bread” was unchecked from the command line at ",
                              " — now to buy; your removal was not applied."),
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
        wait_for(lambda: said(p, "“Cheddar” was changed from the command line at ",
                              " — now to buy; your removal was not applied."),
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
        wait_for(lambda: said(p, "“yogurt” was added from the command line at ",
                              " — now 6, in the basket; your “Yogurt” was not applied."),
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
