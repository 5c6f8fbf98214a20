"""The household check's steps with others and offline: changes by the command line and by a
second phone signed in as a member, highlighted with who made them, then picks, edits,
phrases, checks and undos queued offline."""

import json

from selenium.webdriver.common.keys import Keys

from checks import step, wait_for
from household_page import Phone
from page_check import new_driver


def steps(p, store, item, base, others):
    """The steps, in order, on the phone `p`, with the database `store`; the second phone's
    browser goes into the list `others`, for the caller to quit."""

    def others_changes_highlighted():
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
        others.append(other)
        q = Phone(other, base)
        q.viewport(390, 844)
        other.get(invite["link"])
        wait_for(lambda: q.visible("join-button"), "the invite's page with its button")
        q.by("join-button").click()
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
