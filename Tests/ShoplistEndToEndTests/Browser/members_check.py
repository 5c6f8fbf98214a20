"""A member's invite link in headless Chromium at 390x844, against `shoplist serve` processes
this script starts and restarts itself.

    python3 members_check.py --db DB --binary SHOPLIST --shots FOLDER

The phone opens the link `shoplist members add Ana` printed: a page with one button, "Join
the shopping list as Ana", and no cookie yet; pressing it lands on the list, signed in as
Ana; a reload keeps it signed in; so does a restart of the server with another `--token` on
the same port. Ana's tap is recorded under her name. A second browser opening the same link
gets the page saying in words that the invite was used, with no cookie. "Add another device"
shows a link and its QR code, which zbarimg reads back as the link; the second browser joins
with it as Ana's tablet. After `shoplist members remove Ana`, both devices say in words that
they were signed out, show no list after a reload and keep nothing in their storage.
Screenshots: the join page, the refusal page, the list signed in as a member, the "Add
another device" QR code and the removed device. Prints one line per check, then "N passed, N
failed"; exits 1 if any failed.
"""

import json
import os
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from checks import database_arguments, finish, step, wait_for

class Shoplist:
    def __init__(self, binary, db):
        self.binary, self.db = binary, db

    def run(self, *args):
        result = subprocess.run([self.binary, "--db", self.db, *args], capture_output=True,
                                text=True, timeout=30)
        if result.returncode != 0:
            raise AssertionError(f"shoplist {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def serve(self, token, port=0):
        """`shoplist serve` on loopback; returns the process and its base address."""
        process = subprocess.Popen(
            [self.binary, "--db", self.db, "serve", "--port", str(port), "--token", token],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
            text=True)
        line = process.stdout.readline().strip()
        if not line.startswith("serving http://"):
            process.kill()
            raise AssertionError(f"serve printed {line!r}")
        return process, line[len("serving "):].split("/?token=")[0]


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def new_driver():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                "--disable-dev-shm-usage", "--lang=en-GB", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    return driver


def visible(driver, testid):
    found = driver.find_elements(By.CSS_SELECTOR, f'[data-testid="{testid}"]')
    return bool(found) and found[0].is_displayed()


def text(driver, testid):
    return driver.find_element(By.CSS_SELECTOR, f'[data-testid="{testid}"]').text


def names(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, '[data-testid="item-row"]')
    return [row.get_attribute("data-item-name") for row in rows]


def me(driver):
    """`GET /api/me` from the page, with whatever cookie the browser holds: (status, body)."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("/api/me").then(async r => done([r.status, await r.text()]))
          .catch(e => done([0, String(e)]));
    """)


def main():
    arguments = database_arguments()
    shoplist = Shoplist(arguments.binary, arguments.db)
    shoplist.run("add", "Milk", "Bread", "Eggs")

    server, base = shoplist.serve("the-first-token-of-the-household")
    port = base.rsplit(":", 1)[1]
    invite = json.loads(shoplist.run("members", "add", "Ana", "--url", base, "--json"))
    link = invite["link"]
    phone = new_driver()
    other = None

    def signed_in_as_ana():
        # Whatever is checked waits in the basket, below the rest.
        wait_for(lambda: sorted(names(phone)) == ["Bread", "Eggs", "Milk"], "the list's rows")
        wait_for(lambda: text(phone, "signed-in-as") == "Ana", "Ana's name in the header")
        assert not visible(phone, "auth-error"), text(phone, "auth-error")
        status, body = me(phone)
        assert status == 200 and json.loads(body) == {"member": "Ana"}, (status, body)

    try:
        def the_link_opens_a_page_with_one_button():
            phone.get(link)
            wait_for(lambda: visible(phone, "join-button"), "the join button")
            assert text(phone, "join-button") == "Join the shopping list as Ana"
            assert not [c for c in phone.get_cookies() if c["name"] == "shoplist_session"]
            phone.save_screenshot(os.path.join(arguments.shots, "join-page-390x844.png"))
            members = json.loads(shoplist.run("members", "--json"))["members"]
            assert members[0]["devices"] == [], members
        step("the invite link opens a page with one button and signs nothing in",
             the_link_opens_a_page_with_one_button)

        def opens_the_link():
            phone.find_element(By.CSS_SELECTOR, '[data-testid="join-button"]').click()
            try:
                # The page names the list shown after a #.
                wait_for(lambda: phone.current_url.split("#")[0] == base + "/", "the redirect")
            except AssertionError:
                raise AssertionError(f"at {phone.current_url}, not {base}/")
            cookies = {c["name"]: c for c in phone.get_cookies()}
            cookie = cookies.get("shoplist_session")
            assert cookie, cookies
            assert cookie["httpOnly"] and cookie["sameSite"] == "Strict", cookie
            days = (cookie["expiry"] - time.time()) / 86400
            assert 399 < days <= 400, f"the cookie lasts {days} days"
            assert invite["link"].split("/")[-1] not in cookie["value"]
            signed_in_as_ana()
        step("its button lands on the list signed in as Ana", opens_the_link)

        def taps_under_her_name():
            row = [r for r in phone.find_elements(By.CSS_SELECTOR, '[data-testid="item-row"]')
                   if r.get_attribute("data-item-name") == "Bread"][0]
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
            row.find_element(By.CSS_SELECTOR, '[data-testid="item-checkbox"]').click()

            def recorded():
                entries = json.loads(shoplist.run("history", "--json"))["history"]
                return entries[0] if entries[0]["command"] == "web (Ana): check Bread" else None
            entry = wait_for(recorded, "the check in history")
            assert entry["by"] == "Ana", entry
        step("Ana's tap is in history as web (Ana): check Bread, by Ana", taps_under_her_name)

        def reloads():
            phone.refresh()
            signed_in_as_ana()
        step("a reload keeps the phone signed in", reloads)

        def survives_a_restart_with_another_token():
            nonlocal server
            stop(server)
            server, again = shoplist.serve("a-second-token-after-a-leak", port=int(port))
            assert again == base, (again, base)
            phone.refresh()
            signed_in_as_ana()
            time.sleep(0.5)  # let the check mark's transition end
            phone.save_screenshot(os.path.join(arguments.shots, "member-signed-in-390x844.png"))
        step("a restart with another --token keeps the phone signed in",
             survives_a_restart_with_another_token)

        def a_second_browser_is_refused_in_words():
            nonlocal other
            other = new_driver()
            other.get(link)
            body = other.find_element(By.TAG_NAME, "body").text
            assert "This invite was already used" in body, body
            assert "Ask whoever runs your shopping list for a new invite" in body, body
            assert "shoplist members add NAME" in body, body
            assert '"error"' not in other.page_source
            assert other.current_url == link, other.current_url
            assert not [c for c in other.get_cookies() if c["name"] == "shoplist_session"]
            other.save_screenshot(os.path.join(arguments.shots, "join-refused-390x844.png"))
        step("a second browser opening the link is told in words it was used",
             a_second_browser_is_refused_in_words)

        def adds_another_device():
            phone.find_element(By.CSS_SELECTOR, '[data-testid="add-device"]').click()
            wait_for(lambda: visible(phone, "device-qr"), "the QR code")
            new_link = phone.find_element(
                By.CSS_SELECTOR, '[data-testid="device-link"]').get_attribute("value")
            assert new_link.startswith(base + "/join/") and new_link != link, new_link
            time.sleep(0.3)
            phone.save_screenshot(os.path.join(arguments.shots, "add-another-device-390x844.png"))
            qr = os.path.join(arguments.shots, "add-another-device-qr.png")
            phone.find_element(By.CSS_SELECTOR, '[data-testid="device-qr"]').screenshot(qr)
            decoded = subprocess.run(["/usr/bin/zbarimg", "--raw", "-q", qr],
                                     capture_output=True, text=True, timeout=30)
            assert decoded.stdout.strip() == new_link, (decoded.stdout, decoded.stderr)
            phone.find_element(By.CSS_SELECTOR, '[data-testid="device-close"]').click()
            other.get(new_link)
            wait_for(lambda: visible(other, "join-button"), "the tablet's join button")
            other.find_element(By.CSS_SELECTOR, '[data-testid="join-button"]').click()
            wait_for(lambda: text(other, "signed-in-as") == "Ana", "the tablet signed in as Ana")
            members = json.loads(shoplist.run("members", "--json"))["members"]
            assert len(members[0]["devices"]) == 2, members
        step("Add another device: its QR code reads as the link, which signs in a tablet",
             adds_another_device)

        def removal_signs_every_device_out():
            shoplist.run("members", "remove", "Ana")
            for device in (phone, other):
                device.refresh()
                wait_for(lambda: visible(device, "signed-out"), "the signed-out page")
                body = device.find_element(By.TAG_NAME, "body").text
                assert "This device was signed out" in body, body
                assert "Ana was removed" in body, body
                assert not names(device), names(device)
            phone.save_screenshot(os.path.join(arguments.shots, "removed-device-390x844.png"))
            status, body = me(phone)
            assert status == 401, (status, body)
        step("after members remove both devices say they were signed out",
             removal_signs_every_device_out)

        def keeps_nothing():
            phone.refresh()
            wait_for(lambda: visible(phone, "signed-out"), "the signed-out page after a reload")
            assert not names(phone), names(phone)
            kept = phone.execute_script(
                "return Object.keys(localStorage).filter(k => k !== 'shoplist.signedOut')")
            assert kept == [], kept
            # A tap has nowhere to go: the list's controls are not shown, nothing is queued.
            assert not visible(phone, "add-input")
            phone.execute_script("""
                const form = document.querySelector('[data-testid="add-form"]');
                form.elements.text.value = 'cheese';
                form.requestSubmit();""")
            time.sleep(0.5)
            assert phone.execute_script("return localStorage.getItem('shoplist.queue')") is None
        step("a removed device shows no list after a reload and queues nothing", keeps_nothing)
    finally:
        phone.quit()
        if other:
            other.quit()
        stop(server)

    finish()


if __name__ == "__main__":
    main()
