"""Two members of a household, Ana and Ben, each on a phone (headless Chromium at 390x844),
against a `shoplist serve` this script starts: what one changes while the other is offline,
and what the page says when a change of Ben's meets one of Ana's.

    python3 conflicts_check.py --db DB --binary SHOPLIST --shots FOLDER

Ben's offline edit of milk meets Ana's: Ana's stays, and Ben's page names who changed it,
when and what it is now, with "Use mine", which applies Ben's to milk as it is now. Ben's
offline "3 apples", where nobody touched apples, is applied as `add` applies it. Ben's offline
removal of bread, which Ana unchecked meanwhile, leaves Ana's bread. Ben's Undo after Ana
changed the same item is refused in words with no history number nor option. Prints one line
per check, then "N passed, N failed"; exits 1 if any failed.
"""

import json
import re
import subprocess

import page_check
from checks import database_arguments, finish, step, wait_for
from household_page import Phone
from page_check import new_driver
from page_database import Database

CONFLICT = re.compile(r"^“(?P<name>[^”]+)” was (?P<what>\w+) by (?P<who>\w+) at (?P<at>\S.*?) — "
                      r"now (?P<now>.+); your (?P<yours>.+) was not applied\.$")


def serve(binary, db):
    process = subprocess.Popen(
        [binary, "--db", db, "serve", "--port", "0"], stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    line = process.stdout.readline().strip()
    if not line.startswith("serving http://"):
        process.kill()
        raise AssertionError(f"serve printed {line!r}")
    return process, line[len("serving "):].split("/?token=")[0]


def phone(store, base, name):
    """A phone signed in as the member `name`, through their invite's page and its button."""
    driver = new_driver()
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    link = json.loads(store.run("members", "add", name, "--url", base, "--json"))["link"]
    page = Phone(driver, base)
    driver.get(link)
    wait_for(lambda: page.visible("join-button"), f"{name}'s join button")
    page.by("join-button").click()
    wait_for(lambda: page.text("signed-in-as") == name, f"{name} signed in")
    return page


def shut(pages, server):
    """Closes the phones' browsers and stops the server."""
    for page in pages:
        if page:
            page.d.quit()
    server.terminate()
    server.wait(timeout=10)


def main():
    arguments = database_arguments()
    page_check.SHOTS = arguments.shots
    store = Database(arguments.binary, arguments.db)
    store.run("add", "Milk", "Apples", "Eggs")
    store.run("add", "Bread")
    store.run("check", "Bread")
    server, base = serve(arguments.binary, arguments.db)
    ana = ben = None

    def item(name):
        return store.find("shopping", name)

    def conflict_on(page, name):
        for text in page.notices():
            found = CONFLICT.match(text.replace("\u00a0", " "))
            if found and found["name"] == name:
                return found
        return None

    try:
        ana = phone(store, base, "Ana")
        ben = phone(store, base, "Ben")
        for page in (ana, ben):
            wait_for(lambda: {"Milk", "Apples", "Eggs", "Bread"} <= set(page.names()),
                     "the list on both phones")

        def an_edit_meets_another_and_use_mine_applies_it():
            ben.offline(True)
            ben.edit("Milk", quantity="1", unit="l")
            ben.save()
            ana.edit("Milk", quantity="2", unit="l")
            ana.save()
            wait_for(lambda: item("Milk")["unit"] == "l" and item("Milk")["quantity"] == 2,
                     "Ana's 2 l stored")
            ben.dismiss_message()
            ben.offline(False)
            found = wait_for(lambda: conflict_on(ben, "Milk"), f"Ben's notice ({ben.notices()})")
            assert found["what"] == "changed" and found["who"] == "Ana", found.groupdict()
            assert found["now"] == "2 l, to buy" and found["yours"] == "1 l", found.groupdict()
            assert not re.search(r"#\d|--", found.string), found.string
            assert item("Milk")["quantity"] == 2, "Ana's change is intact"
            wait_for(lambda: ben.visible("use-mine"), "Use mine")
            size = ben.by("use-mine").size
            assert size["height"] >= 44, size
            ben.shot("conflict-use-mine-390x844")
            ben.by("use-mine").click()
            wait_for(lambda: item("Milk")["quantity"] == 1,
                     f"Ben's 1 l applied to milk as it is ({item('Milk')}, {ben.notices()}, "
                     f"{ben.queue()})")
            assert item("Milk")["unit"] == "l", item("Milk")
            entries = json.loads(store.run("history", "--json", "--limit", "1"))["history"]
            assert entries[0]["by"] == "Ben", entries[0]
            assert not conflict_on(ben, "Milk"), ben.notices()
        step("an offline edit meeting Ana's is said in people's words; Use mine applies it",
             an_edit_meets_another_and_use_mine_applies_it)

        def an_offline_add_of_an_untouched_item_applies():
            ben.dismiss_notices()
            ben.offline(True)
            ben.add("apples", quantity="3")
            ana.tap_checkbox("Eggs")  # Ana's change elsewhere on the list
            wait_for(lambda: item("Eggs")["checked"], "Ana's Eggs checked")
            ben.offline(False)
            wait_for(lambda: not ben.queue(), "Ben's queue sent")
            wait_for(lambda: item("Apples")["quantity"] == 3, f"3 apples ({item('Apples')})")
            assert not item("Apples")["checked"] and item("Eggs")["checked"]
            assert not ben.notices(), ben.notices()
        step("an offline 3 apples, where nobody changed apples, is applied as add applies it",
             an_offline_add_of_an_untouched_item_applies)

        def a_removal_leaves_what_ana_unchecked():
            ben.dismiss_message()
            ben.offline(True)
            ben.tap_remove("Bread")
            ana.tap_checkbox("Bread")  # back out of the basket
            wait_for(lambda: not item("Bread")["checked"], "Ana's Bread unchecked")
            ben.offline(False)
            found = wait_for(lambda: conflict_on(ben, "Bread"), f"the notice ({ben.notices()})")
            assert found["what"] == "unchecked" and found["who"] == "Ana", found.groupdict()
            assert found["now"] == "to buy" and found["yours"] == "removal", found.groupdict()
            assert item("Bread") and not item("Bread")["checked"], "Ana's bread is intact"
            ben.dismiss_notices()
        step("an offline removal of what Ana unchecked leaves her bread, and says so",
             a_removal_leaves_what_ana_unchecked)

        def an_undo_conflict_names_no_number():
            ben.dismiss_message()
            ben.tap_checkbox("apples")  # as Ben's "3 apples" wrote it
            wait_for(lambda: item("Apples")["checked"], "Ben's Apples checked")
            apples = item("Apples")["id"]
            status = ana.d.execute_async_script("""
                const done = arguments[arguments.length - 1];
                fetch('/api/lists/shopping/items/' + arguments[0], {method: 'PATCH',
                  headers: {'Content-Type': 'application/json'},
                  body: JSON.stringify({note: 'the green ones'})})
                  .then((r) => done(r.status)).catch((e) => done(String(e)));""", apples)
            assert status == 200, status
            before = store.get("shopping")
            ben.tap_undo()
            wait_for(lambda: ben.text("message").startswith("Not undone"), "the refusal")
            text = ben.text("message")
            assert text.startswith("Not undone: Ana changed the same items since"), text
            assert not re.search(r"#|--|\d", text), text
            assert store.get("shopping") == before, "nothing changed"
            ben.shot("undo-conflict-in-words-390x844")
        step("an undo that would overwrite Ana's change says so, with no number nor option",
             an_undo_conflict_names_no_number)
    finally:
        shut((ana, ben), server)

    finish()


if __name__ == "__main__":
    main()
