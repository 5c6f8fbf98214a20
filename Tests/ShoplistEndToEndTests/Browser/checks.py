"""What the browser checks share: named steps that report and go on, waiting for a condition,
and the closing tally ("N passed, N failed", exit 1 if any failed) the Swift tests read."""

import os
import sys
import time
import traceback

from selenium.webdriver.common.actions.action_builder import ActionBuilder

passed, failed = [], []
# Called after each step's body, when it ran through (the page check gathers the browser's
# console with it); a failure in it fails the step.
after_step = None


def step(name, fn):
    try:
        fn()
        if after_step:
            after_step()
        passed.append(name)
        print(f"ok    {name}", flush=True)
    except Exception as err:  # one failed step is reported, the next ones still run
        failed.append(name)
        print(f"FAIL  {name}: {err}", flush=True)
        if os.environ.get("VERBOSE"):
            traceback.print_exc()


def wait_for(fn, what, timeout=20.0):
    # 20 s: what the page does within a moment alone may wait many seconds for the two cores
    # while the rest of the suite runs beside it (thousands of TLS connections, say).
    end = time.time() + timeout
    last = None
    while time.time() < end:
        try:
            value = fn()
            if value:
                return value
        except Exception as err:  # not there yet
            last = err
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}" + (f" ({last})" if last else ""))


# What the browser itself logs at SEVERE level for each request that fails (offline, refused,
# blocked, or answered 401, 404, 503): anything else at that level is the page's own error.
NOISE = ("Failed to load resource", "net::ERR_CONNECTION_REFUSED",
         "net::ERR_INTERNET_DISCONNECTED", "net::ERR_BLOCKED_BY_CLIENT",
         "EventSource's response has a MIME type")


def script_errors(logs):
    """The page's own errors among the browser console's entries `logs`."""
    if os.environ.get("VERBOSE"):
        for e in logs:
            print("      console:", e["level"], e["message"][:160])
    return [e["message"] for e in logs
            if e["level"] == "SEVERE" and not any(n in e["message"] for n in NOISE)]


def no_script_errors(read_logs):
    """The closing step: no error of the page's own among the entries `read_logs()` gives."""
    def check():
        errors = script_errors(read_logs())
        assert not errors, errors
    step("no script errors in the console", check)


def database_arguments():
    """What a check that starts its own server takes: `--db`, `--binary` and `--shots` (the
    folder made if it is missing)."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--shots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.shots, exist_ok=True)
    return arguments


def finish():
    print(f"{len(passed)} passed, {len(failed)} failed", flush=True)
    sys.exit(1 if failed else 0)


def tap_where_drawn(driver, element):
    """Taps `element` at the middle of the rectangle the page itself reports, after checking
    that the element is what lies on top there (a covered element fails here, by name).
    chromedriver's own point for a fixed element (the message and its Undo) under an emulated
    phone's metrics once landed on the sticky header instead."""
    x, y, covering = driver.execute_script("""
        const e = arguments[0], r = e.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        return [x, y, top && e.contains(top) ? '' : (top ? top.outerHTML.slice(0, 120) : 'nothing')];
    """, element)
    assert not covering, f"{element.get_attribute('data-testid')} lies under {covering}"
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(x), int(y)).click()
    actions.perform()
