#!/usr/bin/env python3
"""Two stores side by side, and a view that goes on across a relaunch, in headless Chromium (selenium).

    python3 sessions_browser_test.py FIRST_URL OTHER_URL ADDRESS PID_FILE SCREENSHOT_DIR --kill PID [PID...]

FIRST_URL and OTHER_URL are two stores' pages (http://HOST:PORT/stores/ID/#token=T); ADDRESS is what apps connect
with (HOST:PORT/CODE). Side by side: opens /compare?left=FIRST&right=OTHER, checks that both panes receive live
actions, jumps in the left pane and checks that the right pane keeps receiving actions, live, then returns to the
present. Relaunch: opens the first store's page, notes its latest entries, stops the first app (the processes given
after --kill), starts it again (its process number is written to PID_FILE), and checks that the page shows the
earlier launch's entries, read-only, above a separator and the new launch's live entries.
Exit 0 on success, non-zero otherwise.
"""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

# The Examples package's build folder: EXAMPLES_SCRATCH_PATH when set (CI shares the library's .build).
EXAMPLES_SCRATCH_PATH = os.environ.get("EXAMPLES_SCRATCH_PATH") or os.path.abspath("Examples/.build")

first_url, other_url, address, pid_file, shots = sys.argv[1:6]
kill = [int(p) for p in sys.argv[sys.argv.index("--kill") + 1:]]
base, token = first_url.split("#token=")[0].split("/stores/")[0], first_url.split("#token=")[1]
first_id = int(first_url.split("/stores/")[1].split("/")[0])
other_id = int(other_url.split("/stores/")[1].split("/")[0])


def log(msg):
    print("[sessions-test] " + msg, flush=True)


def api(path):
    req = urllib.request.Request(base + path, headers={"X-Inspector-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def store(sid):
    return next(s for s in api("/api/stores") if s["id"] == sid)


opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,900"):
    opts.add_argument(flag)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
js = d.execute_script


def wait(cond, what, t=60):
    end = time.time() + t
    last = None
    while time.time() < end:
        try:
            value = cond()
            if value:
                return value
        except Exception as e:  # an element not there yet, a pane still loading
            last = e
        time.sleep(0.2)
    raise SystemExit("FAIL: timed out after %ds waiting for %s%s" % (t, what, " (%s)" % last if last else ""))


def in_pane(side, fn):
    d.switch_to.default_content()
    d.switch_to.frame(side + "-pane")
    try:
        return fn()
    finally:
        d.switch_to.default_content()


def last_id():
    return js("const ids = [...document.querySelectorAll('#actions li[data-id]')].map((li) => +li.dataset.id);"
              "return ids.length ? Math.max(...ids) : 0;")


def mode():
    return js("return document.getElementById('mode').textContent.trim()")


try:
    # ---------- side by side
    d.get("%s/compare?left=%d&right=%d#token=%s" % (base, first_id, other_id, token))
    wait(lambda: js("return !!document.getElementById('left-pane') && !!document.getElementById('right-pane')"),
         "the two panes")
    wait(lambda: token not in js("return location.href"), "the token to leave the address bar")
    for side, sid in (("left", first_id), ("right", other_id)):
        wait(lambda: js("return document.getElementById(arguments[0] + '-store').value", side) == str(sid),
             "the %s pane's store choice to be store %d" % (side, sid))
        wait(lambda: in_pane(side, last_id) > 0, "rows in the %s pane" % side)
    start = {side: in_pane(side, last_id) for side in ("left", "right")}
    for side in ("left", "right"):
        wait(lambda: in_pane(side, last_id) > start[side], "a live action in the %s pane" % side, 90)
        log("the %s pane received live actions (#%d, then #%d)  OK" % (side, start[side], in_pane(side, last_id)))

    def jump_left():
        ids = js("return [...document.querySelectorAll('#actions li[data-id]')].map((li) => +li.dataset.id)")
        target = ids[-2] if len(ids) > 1 else ids[-1]
        js("document.querySelector('#actions li[data-id=\"' + arguments[0] + '\"]').scrollIntoView({block: 'center'})",
           target)
        d.find_element(By.CSS_SELECTOR, '#actions li[data-id="%d"]' % target).click()
        wait(lambda: js("return document.getElementById('entry-title').textContent").startswith("#%d " % target),
             "the detail of #%d in the left pane" % target)
        wait(lambda: not js("return document.getElementById('jump').disabled"), "Jump to be enabled")
        d.find_element(By.ID, "jump").click()
        wait(lambda: mode().startswith("Travelling"), "the left pane to travel")
        return target

    target = in_pane("left", jump_left)
    log("jumped to #%d in the left pane: %s  OK" % (target, in_pane("left", mode)))
    if api("/stores/%d/api/status" % first_id)["mode"] != "travelling":
        raise SystemExit("FAIL: the left store is not travelling after the jump")
    before = in_pane("right", last_id)
    wait(lambda: in_pane("right", last_id) > before, "the right pane to keep receiving actions", 60)
    if in_pane("right", mode) != "Live" or api("/stores/%d/api/status" % other_id)["mode"] != "present":
        raise SystemExit("FAIL: the right pane left the present when the left one travelled")
    log("the right pane kept updating, live (#%d, then #%d)  OK" % (before, in_pane("right", last_id)))
    if not in_pane("left", mode).startswith("Travelling"):
        raise SystemExit("FAIL: the left pane stopped travelling while the right one updated")
    d.save_screenshot(os.path.join(shots, "inspector-side-by-side.png"))

    def back_to_present():
        d.find_element(By.ID, "present").click()
        wait(lambda: mode() == "Live", "the left pane to return to the present")

    in_pane("left", back_to_present)
    log("the left pane is back to the present  OK")

    # ---------- relaunch
    d.get(first_url)
    wait(lambda: last_id() > 0, "rows in the first store's page")
    seen = js("return [...document.querySelectorAll('#actions li[data-id]')].slice(-3)"
              ".map((li) => [+li.dataset.id, li.querySelector('.act').textContent])")
    launches = store(first_id)["launches"]
    log("before the relaunch: %d launch(es); the page shows %s" % (launches, seen))
    for pid in kill:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    wait(lambda: not store(first_id)["connected"], "the first app to disconnect", 30)
    env = dict(os.environ, SWITCHYARD_INSPECTOR=address)
    relaunched = subprocess.Popen(
        ["swift", "run", "--skip-build", "--package-path", "Examples", "--scratch-path", EXAMPLES_SCRATCH_PATH,
         "InspectorExample", "--for", "900"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(pid_file, "w") as f:
        f.write(str(relaunched.pid))
    wait(lambda: store(first_id)["connected"] and store(first_id)["launches"] == launches + 1,
         "the relaunched app to take over its view", 90)
    log("the relaunched app took over view %d (launch %d)  OK" % (first_id, launches + 1))
    wait(lambda: js("return document.querySelectorAll('#actions li.launch-sep.live').length") == 1,
         "the live launch's separator", 30)
    earlier = wait(lambda: js("return [...document.querySelectorAll('#actions li.earlier')]"
                              ".map((li) => li.textContent)"), "the earlier launch's entries", 30)
    for entry_id, action in seen:
        if not any(("#%d" % entry_id) in text and action in text for text in earlier):
            raise SystemExit("FAIL: the earlier entry #%d %s is not shown after the relaunch: %r"
                             % (entry_id, action, earlier[-5:]))
    separator = js("return document.querySelector('#actions li.launch-sep:not(.live)').textContent")
    if "Launch %d" % launches not in separator or "ended" not in separator:
        raise SystemExit("FAIL: the separator does not name the earlier launch and its end: %r" % separator)
    log("the earlier launch's entries are shown under %r  OK" % separator)
    wait(lambda: last_id() > 0, "the new launch's live entries", 60)
    order = js("const items = [...document.getElementById('actions').children];"
               "const index = (sel) => items.indexOf(document.querySelector('#actions ' + sel));"
               "return [index('li.earlier'), index('li.launch-sep.live'), index('li[data-id]')];")
    if not order[0] < order[1] < order[2]:
        raise SystemExit("FAIL: the earlier entries are not above the live launch's: %r" % order)
    # Read-only: an earlier entry cannot be selected, so no command reaches it. The list re-renders as live entries
    # arrive, and may replace the row between its lookup and the click: then it is looked up again.
    for _ in range(10):
        try:
            d.find_element(By.CSS_SELECTOR, "#actions li.earlier").click()
            break
        except StaleElementReferenceException:
            time.sleep(0.2)
    else:
        raise SystemExit("FAIL: an earlier launch's entry was re-rendered at every click")
    time.sleep(0.5)
    if js("return document.querySelectorAll('#actions li.earlier.selected').length") or \
            not js("return document.getElementById('detail').hidden"):
        raise SystemExit("FAIL: an earlier launch's entry was selected")
    log("earlier entries are above the live ones (%r) and read-only  OK" % order)
    d.save_screenshot(os.path.join(shots, "inspector-relaunched.png"))
finally:
    d.quit()
log("side by side and relaunch: all checks passed")
