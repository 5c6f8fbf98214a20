"""A new build of the page replaces the one a phone keeps, on its next visit online: in
headless Chromium at 390×844, against servers the test runs in its own process, the second
one serving a page whose files differ.

    python3 update_check.py --url http://127.0.0.1:PORT --token TOKEN --shots FOLDER \
        --old-version V1 --new-version V2 --new-text TEXT

`server: new build` on standard output asks the test to stop the first server and start, on
the same port and database, one serving the new build (whose add box says TEXT); `server:
stop` to stop it. The test answers `done` on standard input. Prints one line per check, then
"N passed, N failed"; exits 1 if any failed.
"""

import argparse
import os
import sys

import page_check as shop
from offline_check import ask, finish, script
from page_check import Page, step, wait_for

SHELL_CACHE = """
    const keys = await caches.keys();
    const registration = await navigator.serviceWorker.getRegistration();
    return {keys, active: registration && registration.active && registration.active.state,
            controlled: Boolean(navigator.serviceWorker.controller)};
"""


def main():
    parser = argparse.ArgumentParser()
    for option in ("--url", "--token", "--shots", "--old-version", "--new-version",
                   "--new-text"):
        parser.add_argument(option, required=True)
    arguments = parser.parse_args()
    shop.SHOTS = arguments.shots
    os.makedirs(shop.SHOTS, exist_ok=True)
    base = arguments.url
    old_cache = f"shoplist-shell-{arguments.old_version}"
    new_cache = f"shoplist-shell-{arguments.new_version}"

    driver = shop.new_driver()
    p = Page(driver, base)
    p.viewport(390, 844)
    placeholder = lambda: p.by("add-input").get_attribute("placeholder")  # noqa: E731
    try:
        def keeps_this_build():
            driver.get(f"{base}/?token={arguments.token}")
            wait_for(lambda: p.names() == ["Milk"], "the list")
            assert placeholder() != arguments.new_text, placeholder()
            wait_for(lambda: script(driver, SHELL_CACHE)
                     == {"keys": [old_cache], "active": "activated", "controlled": True},
                     f"the worker of this build in control with {old_cache}")
        step("the page's worker keeps this build", keeps_this_build)

        ask("new build")

        def next_visit_online_shows_the_new_build():
            driver.get(f"{base}/")
            wait_for(lambda: placeholder() == arguments.new_text, "the new build's page")
            wait_for(lambda: p.names() == ["Milk"], "the list")
            # The old cache goes while the new worker activates: its state turns "activated"
            # only once that is done, so both are waited for, not read in one snapshot.
            expected = {"keys": [new_cache], "active": "activated", "controlled": True}
            last = {}

            def settled():
                last.clear()
                last.update(script(driver, SHELL_CACHE))
                return last == expected

            wait_for(settled, f"only {new_cache} kept, its worker activated", timeout=15)
            assert last == expected, last
        step("the next visit online shows the new build, whose worker takes over and "
             "deletes the old cache", next_visit_online_shows_the_new_build)

        ask("stop")

        def offline_the_kept_page_is_the_new_one():
            driver.switch_to.new_window("tab")
            driver.get(f"{base}/")
            wait_for(lambda: p.names() == ["Milk"], "the list as last seen")
            assert placeholder() == arguments.new_text, placeholder()
            wait_for(lambda: p.visible("offline-banner"), "the offline banner")
        step("offline, a new tab opens the new build", offline_the_kept_page_is_the_new_one)
    finally:
        status = finish(driver)
    return status


if __name__ == "__main__":
    sys.exit(main())
