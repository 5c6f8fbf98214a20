"""The page as an app on a phone's home screen, in headless Chromium at 390×844: installable
(a manifest and its icons, a service worker), and opened in the shop with no signal.

    python3 offline_check.py --url http://127.0.0.1:PORT --token TOKEN --db DB \
        --binary SHOPLIST --shots FOLDER --profile FOLDER

The server is the test's: a line `server: stop` or `server: start` on standard output asks it
to stop the server or start it again (same port, token and database), and the test answers
`done` on standard input. The browser keeps its profile in `--profile`, so that quitting it and
starting it again is a phone that restarted. Prints one line per check, then
"N passed, N failed"; exits 1 if any failed.
"""

import argparse
import os
import re
import sys
import time

import checks

import page_check as shop
from page_check import Database, Page, step, wait_for

SHELL = ["/", "/app.js", "/model.js", "/words.js", "/state.js", "/queue.js", "/history.js",
         "/render.js", "/net.js", "/effects.js", "/devices.js", "/adding.js", "/editing.js",
         "/lists.js", "/shops.js", "/journal.js", "/panels.js", "/app.css",
         "/manifest.webmanifest", "/icon-192.png", "/icon-512.png", "/icon-maskable-512.png",
         "/apple-touch-icon.png"]
def ask(request):
    """Has the test do `request` to the server, and waits until it is done."""
    print(f"server: {request}", flush=True)
    answer = sys.stdin.readline().strip()
    if answer != "done":
        raise AssertionError(f"the test could not {request}: {answer!r}")


def script(driver, source, *args):
    """Runs `source` as the body of an async function in the page; returns what it returns."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"(async (...args) => {{ {source} }})(...arguments).then(done,"
        " (e) => done({error: String(e)}));", *args)


def errors_in_console(driver):
    return checks.script_errors(driver.get_log("browser"))


def finish(driver, earlier_errors=()):
    """The last check (no script errors, these and the console's now), the browser closed,
    and the closing line; returns the exit status."""
    def no_console_errors():
        errors = list(earlier_errors) + errors_in_console(driver)
        assert not errors, errors
    try:
        step("no script errors in the console", no_console_errors)
    finally:
        driver.quit()
    print(f"{len(shop.passed)} passed, {len(shop.failed)} failed")
    return 1 if shop.failed else 0


def main():
    parser = argparse.ArgumentParser()
    for option in ("--url", "--token", "--db", "--binary", "--shots", "--profile"):
        parser.add_argument(option, required=True)
    arguments = parser.parse_args()
    shop.SHOTS = arguments.shots
    os.makedirs(shop.SHOTS, exist_ok=True)
    base = arguments.url
    store = Database(arguments.binary, arguments.db)
    for name in ("Milk", "Bread", "Eggs"):
        store.add("shopping", name)
    store.check("shopping", "Eggs")
    store.run("lists", "create", "Hardware store")
    store.add("Hardware store", "Screws")

    driver = shop.new_driver(profile=arguments.profile)
    p = Page(driver, base)
    p.viewport(390, 844)
    console = []
    try:
        def opens_online():
            driver.get(f"{base}/?token={arguments.token}")
            wait_for(lambda: p.names() == ["Milk", "Bread", "Eggs"], "the three rows")
            assert p.is_checked("Eggs") and not p.is_checked("Bread")
        step("opens online with the link", opens_online)

        def manifest_and_icons():
            manifest = script(driver, """
                const link = document.querySelector('link[rel="manifest"]');
                const answer = await fetch(link.href);
                return {type: answer.headers.get('Content-Type'), body: await answer.json()};
            """)
            assert manifest.get("type") == "application/manifest+json", manifest
            body = manifest["body"]
            assert body["name"] and body["short_name"], body
            assert body["start_url"] == "/" and body["scope"] == "/", body
            assert body["display"] == "standalone", body
            assert re.fullmatch(r"#[0-9a-f]{6}", body["theme_color"]), body
            assert re.fullmatch(r"#[0-9a-f]{6}", body["background_color"]), body
            sizes = set()
            for icon in body["icons"]:
                loaded = script(driver, """
                    const [src] = args;
                    const answer = await fetch(src);
                    const image = new Image();
                    image.src = src;
                    await image.decode();
                    return {type: answer.headers.get('Content-Type'),
                            size: `${image.naturalWidth}x${image.naturalHeight}`};
                """, icon["src"])
                assert loaded.get("type") == "image/png" == icon["type"], loaded
                assert loaded["size"] == icon["sizes"], (icon, loaded)
                sizes.add((icon["sizes"], icon.get("purpose", "any")))
            assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes, sizes
            links = script(driver, """
                const href = (selector) => document.querySelector(selector)?.getAttribute('href');
                return {touch: href('link[rel="apple-touch-icon"]'),
                        themes: [...document.querySelectorAll('meta[name="theme-color"]')]
                          .map((m) => m.media + ' ' + m.content)};
            """)
            assert links["touch"] == "/apple-touch-icon.png", links
            assert len(links["themes"]) == 2, links
        step("the manifest has the name, start, standalone display, colours and icons, "
             "each icon a PNG of its size", manifest_and_icons)

        def worker_activates():
            state = script(driver, """
                const registration = await navigator.serviceWorker.ready;
                return {state: registration.active.state, scope: registration.scope,
                        script: registration.active.scriptURL};
            """)
            assert state["state"] == "activated", state
            assert state["scope"] == f"{base}/" and state["script"] == f"{base}/sw.js", state
            wait_for(lambda: driver.execute_script(
                "return Boolean(navigator.serviceWorker.controller)"), "the worker in control")
            cached = wait_for(lambda: script(driver, """
                const keys = await caches.keys();
                if (keys.length !== 1) return null;
                const requests = await (await caches.open(keys[0])).keys();
                return {name: keys[0], paths: requests.map((r) => new URL(r.url).pathname)};
            """), "the shell cached")
            assert re.fullmatch(r"shoplist-shell-[0-9a-f]{16}", cached["name"]), cached
            assert sorted(cached["paths"]) == sorted(SHELL), cached
        step("the service worker activates and caches the page's files", worker_activates)

        def sees_the_other_list():
            driver.get(f"{base}/#Hardware%20store")
            wait_for(lambda: p.names() == ["Screws"], "the hardware list")
            driver.get(f"{base}/#shopping")
            wait_for(lambda: p.names() == ["Milk", "Bread", "Eggs"], "back to shopping")
            console.extend(errors_in_console(driver))
        step("both lists seen once online", sees_the_other_list)
    finally:
        driver.quit()  # the phone is switched off

    ask("stop")
    store.add("shopping", "Tea")  # someone at home adds to the list meanwhile

    driver = shop.new_driver(profile=arguments.profile)  # switched on again, in the shop
    p = Page(driver, base)
    p.viewport(390, 844)
    try:
        def cold_open_offline():
            driver.get(f"{base}/")
            wait_for(lambda: p.names() == ["Milk", "Bread", "Eggs"], "the rows as last seen")
            assert p.is_checked("Eggs") and not p.is_checked("Bread")
            assert "Tea" not in p.names(), "the copy last seen, not the server's"
            wait_for(lambda: p.visible("offline-banner"), "the offline banner")
            since = p.text("offline-since")
            assert re.fullmatch(
                r"The list as of \d{1,2}:\d{2}( [AP]M)? \((just now|\d+ min ago)\)\.", since), since
            assert "Hardware store" in p.d.find_element(
                "css selector", '[data-testid="list-switcher"]').text
            p.shot("20-offline-cold-open-390x844")
            # Seen hours ago: the page says how long ago, and that is how it reads after a
            # reload with no signal too.
            driver.execute_script("""
                const seen = JSON.parse(localStorage.getItem('shoplist.seenAt'));
                seen.shopping = new Date(Date.now() - (3 * 60 + 5) * 60000).toISOString();
                localStorage.setItem('shoplist.seenAt', JSON.stringify(seen));""")
            driver.refresh()
            wait_for(lambda: re.fullmatch(
                r"The list as of (yesterday )?\d{1,2}:\d{2}( [AP]M)? \(3 h ago\)\.",
                p.text("offline-since")), "“3 h ago”")
            assert p.names() == ["Milk", "Bread", "Eggs"], p.names()
        step("with the server stopped, a fresh browser opens the list as last seen and says "
             "since when", cold_open_offline)

        def checks_offline():
            p.tap_checkbox("Bread")
            wait_for(lambda: p.text("pending-count") == "1", "1 change waiting")
            assert p.is_checked("Bread")
            assert [(q["kind"], q["name"]) for q in p.queue()] == [("check", "Bread")], p.queue()
            assert not store.find("shopping", "Bread")["checked"]
            p.shot("21-offline-check-queued-390x844")
        step("a check made then is queued", checks_offline)
    except Exception:
        driver.quit()
        raise

    ask("start")
    try:
        def applied_once_when_back():
            wait_for(lambda: store.find("shopping", "Bread")["checked"], "Bread checked on the "
                     "server", timeout=30)
            wait_for(lambda: not p.queue(), "the queue to empty")
            wait_for(lambda: not p.visible("offline-banner"), "the banner to go", timeout=15)
            wait_for(lambda: "Tea" in p.names(), "the server's copy, with Tea")
            time.sleep(2)  # any second sending would be in by now
            entries = [c for c in store.history if c == "web: check Bread"]
            assert len(entries) == 1, store.history
        step("the queued check is applied exactly once when the server is back",
             applied_once_when_back)

        advice = {}

        def signed_out_banner():
            driver.delete_all_cookies()
            driver.get(f"{base}/")
            wait_for(lambda: p.visible("auth-error"), "the signed-out banner")
            advice["banner"] = p.text("sign-in-advice")
        step("signed out, the page says how to get a new link", signed_out_banner)

        def stale_link_page():
            driver.get(f"{base}/?token=not-the-token-anymore-0123")
            wait_for(lambda: p.visible("stale-link"), "the stale-link page")
            heading = driver.find_element("css selector", "h1").text
            assert heading == "This link no longer works", heading
            assert p.text("sign-in-advice") == advice.get("banner"), \
                (p.text("sign-in-advice"), advice)
            assert "fresh link or an invite" in p.text("sign-in-advice")
            assert "error" not in driver.find_element("css selector", "body").text.lower()
            width = driver.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, f"no sideways scrolling (width {width})"
            size = p.by("open-list").size
            assert size["height"] >= 44, size
            p.shot("22-stale-link-390x844")
            p.viewport(390, 844, dark=True)
            p.shot("23-stale-link-dark-390x844")
            p.viewport(390, 844)
        step("a stale link shows a page that says so and how to get a new one, through the "
             "worker too", stale_link_page)
    finally:
        status = finish(driver, console)
    return status


if __name__ == "__main__":
    sys.exit(main())
