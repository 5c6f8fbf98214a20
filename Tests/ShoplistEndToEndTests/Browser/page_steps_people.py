"""The page check's last steps, with others: the page's changes in history and undone from
the command line, a second phone and a command-line loop at once, and no token at all."""

import threading

from checks import step, wait_for


def steps(p, driver, store, item, server, token, new_driver, page_class):
    """The steps, in order, on the page `p` of `driver`, with the database `store`; a second
    phone's page is a `page_class` in a browser from `new_driver`."""

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
            q = page_class(other, server.url)
            q.viewport(390, 844)
            other.get(f"{server.url}/?token={token}")
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
