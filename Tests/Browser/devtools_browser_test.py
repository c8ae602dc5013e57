#!/usr/bin/env python3
"""The inspector page's DevTools controls in headless Chromium (selenium), against a store whose app acts often.

    python3 devtools_browser_test.py 'http://HOST:PORT/stores/ID/#token=T' [SCREENSHOT.png]

Pauses and resumes recording (nothing recorded meanwhile; a gap marker; Skip disabled before the gap), locks (the
held count grows live) and unlocks (the held actions are recorded), sets and clears a deny list, skips the last
action and sweeps it, commits (the history empties) and reverts. Exit 0 on success, non-zero otherwise.
"""
import json, sys, time, urllib.request
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

url = sys.argv[1]
screenshot = sys.argv[2] if len(sys.argv) > 2 else "/tmp/devtools-selenium.png"
base, token = url.split("#token=")[0].rstrip("/"), url.split("#token=")[1]
def api(method, path, body=None):
    req = urllib.request.Request(base + path, data=body, method=method, headers={"X-Inspector-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())
opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for f in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"):
    opts.add_argument(f)
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
js = d.execute_script
def wait(cond, what, t=30):
    end = time.time() + t
    while time.time() < end:
        try:
            if cond(): return
        except Exception: pass
        time.sleep(0.2)
    raise SystemExit("FAIL waiting for " + what + " | result=" + str(text("devtools-result")) + " | status=" + str(text("status-line")) + " | sweepDisabled=" + str(js("return document.getElementById('sweep').disabled")))
def text(i): return js("return document.getElementById(arguments[0]).textContent", i)
def hidden(i): return js("return document.getElementById(arguments[0]).hidden", i)
def rows(): return js("return document.querySelectorAll('#actions li[data-id]').length")
def click(i): d.find_element(By.ID, i).click()
try:
    d.get(url)
    wait(lambda: rows() > 3, "rows")
    # Live updates cost the page what they add, not the history's length: while the app acts, the page neither loads
    # the whole history again nor touches every row at each update (with a long history, that kept the page busy for
    # good). Counted: the history's full loads, and the rows' class changes.
    wait(lambda: rows() >= 50, "a history of 50 rows")
    js("""window.fullLoads = 0; window.classChanges = 0;
          const plain = window.fetch;
          window.fetch = function (input, init) {
            const u = new URL(String(input), location.href);
            if (/\\/api\\/entries$/.test(u.pathname) && !u.searchParams.has("after")) window.fullLoads++;
            return plain.apply(this, arguments);
          };
          const toggle = DOMTokenList.prototype.toggle;
          DOMTokenList.prototype.toggle = function () { window.classChanges++; return toggle.apply(this, arguments); };""")
    before = rows()
    wait(lambda: rows() > before + 10, "ten more live rows")
    added, changes, loads = rows() - before, js("return window.classChanges"), js("return window.fullLoads")
    assert loads == 0, "the page loaded the whole history %d times for %d live rows" % (loads, added)
    assert changes < 40 * added, "%d class changes for %d live rows in a history of %d" % (changes, added, before)
    print("live updates: %d rows added to %d, %d class changes, no full load" % (added, before, changes))
    js("window.confirm = () => true;")
    # rate chart
    wait(lambda: js("return document.querySelectorAll('#rate-chart rect').length") > 0, "rate bars")
    print("rate:", text("rate-label"))
    # pause
    click("pause")
    wait(lambda: not hidden("paused-badge"), "paused badge")
    n = api("GET", "/api/status")["count"]
    time.sleep(1.2)
    assert api("GET", "/api/status")["count"] == n, "recorded while paused"
    assert text("pause") == "Resume recording"
    click("pause")
    wait(lambda: hidden("paused-badge"), "paused badge gone")
    wait(lambda: api("GET", "/api/status")["count"] > n, "recording again")
    wait(lambda: js("return document.querySelectorAll('#actions li.gap').length") > 0, "a gap marker")
    # the skip button before the gap is disabled
    first = js("return Number(document.querySelector('#actions li[data-id]').dataset.id)")
    d.find_element(By.CSS_SELECTOR, '#actions li[data-id="%d"]' % first).click()
    wait(lambda: text("entry-title").startswith("#%d " % first), "detail")
    assert js("return document.getElementById('skip').disabled"), "skip enabled before a gap"
    print("skip before gap disabled:", js("return document.getElementById('skip').title")[:60])
    # lock: the held count goes up live
    click("lock")
    wait(lambda: not hidden("locked-badge"), "locked badge")
    wait(lambda: "held" in text("locked-badge"), "held count")
    h1 = text("locked-badge")
    wait(lambda: text("locked-badge") != h1, "the held count to grow while locked")
    print("locked:", h1, "->", text("locked-badge"))
    r = rows()
    click("lock")
    wait(lambda: hidden("locked-badge"), "unlocked")
    wait(lambda: rows() > r, "held actions recorded")
    # filter
    d.find_element(By.ID, "filter-deny").send_keys("search, favorites")
    click("filter-apply")
    wait(lambda: "Filter set" in text("devtools-result"), "filter result")
    assert sorted(api("GET", "/api/filter")["deny"]) == ["favorites", "search"], api("GET", "/api/filter")
    n = api("GET", "/api/status")["count"]; time.sleep(1.0)
    assert api("GET", "/api/status")["count"] == n, "recorded a denied action"
    d.find_element(By.ID, "filter-deny").clear(); click("filter-apply")
    wait(lambda: api("GET", "/api/filter")["deny"] == [], "filter cleared")
    # skip the last, sweep
    n = api("GET", "/api/status")["count"]
    wait(lambda: api("GET", "/api/status")["count"] > n + 1, "recording after the filter")
    st = api("GET", "/api/status")
    last = st["lastID"]
    assert st["skippableFrom"] is not None and st["skippableFrom"] <= last, st
    wait(lambda: js("return !!document.querySelector('#actions li[data-id=\"%d\"]')" % last), "the row of #%d" % last)
    js("document.querySelector('#actions li[data-id=\"%d\"]').scrollIntoView()" % last)
    d.find_element(By.CSS_SELECTOR, '#actions li[data-id="%d"]' % last).click()
    wait(lambda: text("entry-title").startswith("#%d " % last), "detail of last")
    assert not js("return document.getElementById('skip').disabled"), "skip disabled after the gap"
    click("skip")
    wait(lambda: text("skip") == "Unskip", "skipped")
    wait(lambda: not js("return document.getElementById('sweep').disabled"), "sweep enabled")
    click("sweep")
    wait(lambda: "Swept 1" in text("devtools-result"), "swept")
    wait(lambda: js("return !document.querySelector('#actions li[data-id=\"%d\"]')" % last), "swept row gone")
    # commit
    before = api("GET", "/api/status")["lastID"]
    click("commit")
    wait(lambda: "Committed" in text("devtools-result"), "committed")
    # The app keeps acting: the history empties, then fills again with new actions only.
    wait(lambda: js("return [...document.querySelectorAll('#actions li[data-id]')]"
                    ".every(li => Number(li.dataset.id) > arguments[0])", before), "history emptied")
    # revert
    wait(lambda: rows() >= 2, "new rows after commit")
    click("revert")
    wait(lambda: "Reverted" in text("devtools-result"), "reverted")
    d.save_screenshot(screenshot)
    errs = [e for e in d.get_log("browser") if e.get("level") == "SEVERE" and e.get("source") != "network"]
    assert not errs, errs
    assert not js("return document.getElementById('status-line').classList.contains('err')"), text("status-line")
    print("PASS", text("status-line"))
finally:
    d.quit()
