"""The page doing a household's week of shopping, in headless Chromium at 390x844, against a
running `shoplist serve` and its real database:

    python3 household_check.py --url http://127.0.0.1:PORT --token TOKEN --db DB \
        --binary SHOPLIST --shots FOLDER

The basket section, the aisle view, the item editor, suggestions from what was had before
(bought or removed unbought), quantity phrases in the add box with the category an item's name
last had, a real undo of exactly the change just made (and a conflict
said in words), others' changes highlighted with who made them (the command line, and a
second phone signed in as a member), all of it offline too where it changes data; then the
keyboard and screen-reader basics on a 60-item list, read from Chromium's accessibility tree.
Screenshots, light and dark, go to FOLDER. Prints one line per check, then "N passed, N
failed"; exits 1 if any failed.
"""

import argparse
import os

import checks
import household_steps_access
import household_steps_list
import household_steps_others
import household_steps_undo
from checks import finish
from household_page import Household, Phone
from page_check import new_driver

console = []


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
    # Added and removed unbought: remembered all the same.
    store.add("shopping", "Muesli", category="breakfast")
    store.run("remove", "Muesli", "-l", "shopping")
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
    others = []  # the second phone's browser, once it is opened
    try:
        p.viewport(390, 844)
        household_steps_list.steps(p, driver, store, item, base, token)
        household_steps_undo.steps(p, store, item)
        household_steps_others.steps(p, store, item, base, others)
        household_steps_access.steps(p, driver, store, item, base, arguments.shots)

        checks.no_script_errors(lambda: console + driver.get_log("browser"))
    finally:
        driver.quit()
        for other in others:
            other.quit()
    finish()


if __name__ == "__main__":
    main()
