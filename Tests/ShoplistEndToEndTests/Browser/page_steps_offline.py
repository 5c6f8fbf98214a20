"""The page check's steps offline and on the way back, then what becomes of a change the server
refuses or cannot take yet (404, 503, 422), odd characters, removing and clearing."""

from checks import step, wait_for


def steps(p, driver, store, item):
    """The steps, in order, on the page `p` of `driver`, with the database `store`."""

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
        p.tap_undo()
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
