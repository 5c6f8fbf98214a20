"""The page's weight and first render, for BENCHMARKS.md: this build's page beside an earlier
build's, measured in one run, in turn (A B A B …), so that drift in the machine falls on both.

    python3 page_weight.py --binary SHOPLIST --previous OLD_SHOPLIST [--runs 7]

For each build: a database of 100 items on one list, `shoplist serve` on loopback, and
- the weight: the bytes of every file of the page a first visit loads (the page itself and
  what its service worker keeps: `SHELL` in `/sw.js`), as served;
- the first render: in a new headless Chromium (no cache, at 390x844), the time from the
  start of the navigation (opening the link with the token) to the moment the 100 rows are
  in the page, and to the first contentful paint; the median of the runs.
Prints one line per build and the ratios.
"""

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time
import urllib.request

from page_check import new_driver

TOKEN = "page-weight-token-0123456789"
ROWS = 100
WATCH = """
window.__rows = null;
new MutationObserver(function () {
  if (window.__rows === null
      && document.querySelectorAll('[data-testid="item-row"]').length >= %d) {
    window.__rows = performance.now();
  }
}).observe(document, {childList: true, subtree: true});
""" % ROWS


def serve(binary, folder):
    db = os.path.join(folder, "list.db")
    if not os.path.exists(db):
        names = [f"item {n:03d}" for n in range(ROWS)]
        subprocess.run([binary, "--db", db, "add", "--exact", *names], check=True,
                       capture_output=True)
    process = subprocess.Popen([binary, "--db", db, "serve", "--port", "0", "--token", TOKEN],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline().strip()
    return process, line[len("serving "):].split("/?token=")[0]


def weight(base):
    worker = urllib.request.urlopen(f"{base}/sw.js").read().decode()
    shell = re.findall(r"['\"](/[^'\"]*)['\"]", re.search(r"SHELL = \[([^\]]*)\]", worker).group(1))
    paths = sorted(set(["/"] + shell + ["/sw.js"]))
    return sum(len(urllib.request.urlopen(base + path).read()) for path in paths), len(paths)


def first_render(base):
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        driver.get(f"{base}/?token={TOKEN}")
        for _ in range(400):
            rows = driver.execute_script("return window.__rows")
            if rows is not None:
                paint = driver.execute_script("""
                    const p = performance.getEntriesByName('first-contentful-paint')[0];
                    return p ? p.startTime : null;""")
                return rows, paint
            time.sleep(0.025)
        raise AssertionError("the rows never came")
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--previous", required=True)
    parser.add_argument("--runs", type=int, default=7)
    arguments = parser.parse_args()
    builds = {"this build": arguments.binary, "previous": arguments.previous}
    folders = {name: tempfile.mkdtemp(prefix="page-weight-") for name in builds}
    servers = {name: serve(binary, folders[name]) for name, binary in builds.items()}
    try:
        weights = {name: weight(base) for name, (_, base) in servers.items()}
        times = {name: [] for name in builds}
        for _ in range(arguments.runs):
            for name, (_, base) in servers.items():
                times[name].append(first_render(base))
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait(timeout=10)
    result = {}
    for name in builds:
        rows = statistics.median(t[0] for t in times[name])
        paints = [t[1] for t in times[name] if t[1] is not None]
        paint = statistics.median(paints) if paints else float("nan")
        result[name] = (weights[name][0], weights[name][1], rows, paint)
        print(f"{name:>10}: {weights[name][0]:,} bytes in {weights[name][1]} files; "
              f"{ROWS} rows drawn at {rows:.0f} ms, first contentful paint {paint:.0f} ms "
              f"(median of {arguments.runs})")
    new, old = result["this build"], result["previous"]
    print(f"     ratio: weight {new[0] / old[0]:.2f}x, rows drawn {new[2] / old[2]:.2f}x, "
          f"first paint {new[3] / old[3]:.2f}x")


if __name__ == "__main__":
    main()
