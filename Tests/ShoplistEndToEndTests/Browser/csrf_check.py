"""Attacks a running `shoplist serve` from a page on another loopback port, in headless
Chromium, with the victim's session cookie in the browser.

    python3 csrf_check.py --url http://127.0.0.1:PORT --token TOKEN --db DB --binary SHOPLIST

A page on another port of the same host is the same *site* for the browser, so the SameSite
cookie goes with its requests. The attacker page posts a `text/plain` form, and sends
`fetch` requests (no CORS, so no preflight: only POST can be forged so) with the cookie to
add, clear and reset. Each of
them must reach the server and be answered 403 (read from Chromium's network log), and the
database must stay as it was (read through the shoplist binary). The page itself, opened
from the server, still changes the list with the same cookie. Prints one line per check, then
"N passed, N failed"; exits 1 if any failed.
"""

import argparse
import http.server
import json
import socketserver
import subprocess
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from checks import finish, step, wait_for

ATTACK = """<!doctype html>
<html><head><title>win a prize</title></head><body>
<form id="form" method="POST" action="{victim}/api/lists/shopping/items" enctype="text/plain">
<input name='{{"name": "forged by form", "x": "' value='"}}'></form>
<script>
const victim = "{victim}";
const sends = [
  fetch(victim + "/api/lists/shopping/items", {{method: "POST", mode: "no-cors",
    credentials: "include", headers: {{"Content-Type": "text/plain"}},
    body: JSON.stringify({{name: "forged by fetch"}})}}),
  fetch(victim + "/api/lists/shopping/clear", {{method: "POST", mode: "no-cors",
    credentials: "include"}}),
  fetch(victim + "/api/lists/shopping/reset", {{method: "POST", mode: "no-cors",
    credentials: "include"}}),
];
Promise.allSettled(sends).then(() => {{
  document.title = "sent";
  setTimeout(() => document.getElementById("form").submit(), 100);
}});
</script></body></html>
"""

def shoplist(binary, db, *args):
    result = subprocess.run([binary, "--db", db, *args], capture_output=True, text=True,
                            timeout=30)
    if result.returncode != 0:
        raise AssertionError(f"shoplist {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def serve_attacker(page):
    """The attacker's site: one page, on a free loopback port of its own."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = socketserver.TCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def api_answers(driver, victim, origin):
    """Status of every response from the victim's /api to a request sent with `origin` as its
    Origin, by path, from Chromium's network log. The victim's own page may still be loading
    its lists when the attack starts: its requests are not the attacker's."""
    sent_from_origin, responses = set(), []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        method = message.get("method")
        if method in ("Network.requestWillBeSent", "Network.requestWillBeSentExtraInfo"):
            # The headers Chromium adds late (Origin among them) come in the extra info, which
            # may be logged after the response: the responses are matched once all are read.
            given = params.get("request", params).get("headers", {})
            headers = {k.lower(): v for k, v in given.items()}
            if headers.get("origin") == origin:
                sent_from_origin.add(params["requestId"])
        elif method == "Network.responseReceived":
            responses.append((params["requestId"], params["response"]))
    return [(response["url"][len(victim):], response["status"])
            for request, response in responses
            if request in sent_from_origin and response["url"].startswith(victim + "/api/")]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--binary", required=True)
    arguments = parser.parse_args()
    victim, db, binary = arguments.url, arguments.db, arguments.binary

    shoplist(binary, db, "add", "Milk", "Bread")
    shoplist(binary, db, "check", "Bread")
    before = shoplist(binary, db, "list", "--json")
    attacker = serve_attacker(ATTACK.format(victim=victim))
    attacker_url = f"http://127.0.0.1:{attacker.server_address[1]}/"

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844",
                "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        def signs_in():
            driver.get(f"{victim}/?token={arguments.token}")
            cookies = {c["name"]: c for c in driver.get_cookies()}
            assert "shoplist_session" in cookies, cookies
            assert cookies["shoplist_session"]["sameSite"] == "Strict"
            driver.get_log("performance")  # start the log afresh
        step("the victim's browser holds the session cookie", signs_in)

        def attack():
            driver.get(attacker_url)
            wait_for(lambda: driver.current_url.startswith(victim), "the form's post")
            time.sleep(0.5)
            answers = api_answers(driver, victim, attacker_url.rstrip("/"))
            methods = sorted(path for path, _ in answers)
            assert len(answers) >= 4, f"the attacks did not all reach the server: {answers}"
            refused = [(path, status) for path, status in answers if status != 403]
            assert not refused, f"answered other than 403: {refused}"
            body = driver.find_element("tag name", "body").text
            assert "must come from the page itself" in body, body
            print(f"      {len(answers)} forged requests, all 403: {methods}", flush=True)
        step("a form post and fetches from another port are refused (403)", attack)

        def nothing_changed():
            after = shoplist(binary, db, "list", "--json")
            assert after == before, f"the list changed:\n{before}\n{after}"
        step("the list is exactly as before", nothing_changed)

        def the_page_still_works():
            driver.get(f"{victim}/")
            status = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                fetch("/api/lists/shopping/items", {method: "POST",
                  headers: {"Content-Type": "application/json"},
                  body: JSON.stringify({name: "Eggs"})}).then(r => done(r.status));
            """)
            assert status == 200, status
            names = [i["name"] for i in json.loads(shoplist(binary, db, "list", "--json"))["items"]]
            assert names == ["Milk", "Bread", "Eggs"], names
        step("the page itself still changes the list with the same cookie", the_page_still_works)
    finally:
        driver.quit()
        attacker.shutdown()

    finish()


if __name__ == "__main__":
    main()
