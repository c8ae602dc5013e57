#!/usr/bin/env python3
"""Browser test of the Switchyard Inspector page (headless Chromium through selenium).

    python3 inspector_browser_test.py --url 'http://127.0.0.1:PORT/?token=T' \
        --expect-file SUFFIX --expect-line N --expect-action SUBSTRING --screenshot OUT.png

Steps: load the page; wait for action rows; click the first row whose text contains SUBSTRING;
check #provenance-location ends with SUFFIX:N; check #state-tree shows the leaf values of
GET /api/entries/ID's state tree; take OUT.png (live mode, entry selected); select an earlier entry,
click #jump, wait for the travelling mode, check GET /api/state equals that entry's state tree; take
OUT-travelling.png; click #present and check the mode is live again (page and /api/status).
Exit 0 on success, 1 on a failed check, 2 on a setup problem (no browser, page unreachable...).
Needs: pip install selenium; apt-get install chromium chromium-driver.
"""
import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


class Failure(Exception):
    pass


def log(msg):
    print("[inspector-test] " + msg, flush=True)


class Api:
    def __init__(self, page_url):
        u = urllib.parse.urlsplit(page_url)
        self.base = "%s://%s" % (u.scheme, u.netloc)
        self.prefix = u.path if u.path.endswith("/") else u.path.rsplit("/", 1)[0] + "/"
        # The printed address carries the token after '#' (older ones as ?token=).
        self.token = (urllib.parse.parse_qs(u.fragment).get("token", [""])[0]
                      or urllib.parse.parse_qs(u.query).get("token", [""])[0])
        if not self.token:
            raise Failure("the --url has no #token=… fragment")

    def request(self, method, path, body=None, raw=False, **params):
        query = ("?" + urllib.parse.urlencode(params)) if params else ""
        url = "%s%s%s%s" % (self.base, self.prefix, path.lstrip("/"), query)
        req = urllib.request.Request(url, data=body, method=method, headers={"X-Inspector-Token": self.token})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                data = r.read()
                return data if raw else json.loads(data.decode("utf-8"))
        except urllib.error.HTTPError as e:
            hint = " (wrong or missing token?)" if e.code == 403 else ""
            raise Failure("%s %s answered %d%s: %s" % (method, path, e.code, hint, e.read()[:300].decode("utf-8", "replace")))
        except urllib.error.URLError as e:
            raise Failure("%s %s failed: %s" % (method, path, e.reason))

    def get(self, path, raw=False, **params):
        return self.request("GET", path, raw=raw, **params)

    def post(self, path, body, raw=False):
        return self.request("POST", path, body=body, raw=raw)


def leaves(tree, path=""):
    """(path, label, value) of every leaf of a protocol Tree."""
    here = "%s/%s" % (path, tree.get("label") if tree.get("label") is not None else "·")
    kids = tree.get("children") or []
    if not kids:
        return [(here, tree.get("label"), str(tree.get("value")))]
    out = []
    for k in kids:
        out += leaves(k, here)
    return out


def first_difference(a, b, path="state"):
    if type(a) is not type(b):
        return "%s: %r vs %r" % (path, a, b)
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            d = first_difference(a.get(k), b.get(k), "%s.%s" % (path, k))
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return "%s: %d vs %d children" % (path, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, "%s[%d](%s)" % (path, i, x.get("label") if isinstance(x, dict) else ""))
            if d:
                return d
        return None
    return None if a == b else "%s: %r vs %r" % (path, a, b)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", required=True, help="the page of the store to drive: http://HOST:PORT/stores/ID/#token=T")
    ap.add_argument("--other-store-url", help="another connected store's page: travelling in the first leaves it alone")
    ap.add_argument("--root-url", help="the desktop inspector's root page, which lists every store")
    ap.add_argument("--journal", help="a persistence journal of the store's app, to export as a test from the page")
    ap.add_argument("--expect-file", required=True, help="suffix of the provenance file, e.g. SearchView.swift")
    ap.add_argument("--expect-line", required=True, type=int)
    ap.add_argument("--expect-action", required=True, help="substring of the action row to click")
    ap.add_argument("--screenshot", required=True, help="OUT.png (OUT-travelling.png is written too)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    a = ap.parse_args()

    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        print("SETUP ERROR: selenium is not installed (pip install selenium)", file=sys.stderr)
        return 2

    try:
        api = Api(a.url)
        st = api.get("api/status")  # preflight: server reachable and token accepted
        log("server: %s/%s, %s entries, mode %s%s" % (st.get("stateType"), st.get("actionType"), st.get("count"),
            st.get("mode"), ", imported session" if st.get("imported") else ""))
    except Failure as e:
        print("SETUP ERROR: %s" % e, file=sys.stderr)
        return 2

    opts = webdriver.ChromeOptions()
    opts.binary_location = a.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(a.chromedriver), options=opts)
    except WebDriverException as e:
        print("SETUP ERROR: cannot start Chromium (%s): %s" % (a.chromedriver, str(e).strip()[:500]), file=sys.stderr)
        return 2

    def wait(cond, what, timeout=None):
        try:
            return WebDriverWait(driver, timeout or a.timeout, poll_frequency=0.2).until(lambda d: cond())
        except Exception as e:  # TimeoutException, or an exception the condition kept raising
            raise Failure("timed out after %.0fs waiting for %s%s" % (timeout or a.timeout, what,
                          "" if type(e).__name__ == "TimeoutException" else " (%s)" % e))

    def js(script, *args):
        return driver.execute_script(script, *args)

    def text_of(elem_id):
        return js("const e = document.getElementById(arguments[0]); return e ? e.textContent : null;", elem_id)

    def click_row(entry_id):
        ok = js("const li = document.querySelector('#actions li[data-id=\"' + arguments[0] + '\"]');"
                "if (!li) return false; if (li.hidden) { document.getElementById('filter').value = '';"
                "document.getElementById('filter').dispatchEvent(new Event('input')); }"
                "li.scrollIntoView({block: 'center'}); return true;", entry_id)
        if not ok:
            raise Failure("no row #%s in #actions" % entry_id)
        driver.find_element(By.CSS_SELECTOR, '#actions li[data-id="%s"]' % entry_id).click()
        wait(lambda: (text_of("entry-title") or "").startswith("#%s " % entry_id)
             and js("return !document.getElementById('detail').hidden;"), "the detail pane of #%s" % entry_id)

    def mode_text():
        return (text_of("mode") or "").strip()

    def shot(path):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        if not driver.save_screenshot(path):
            raise Failure("could not write screenshot %s" % path)
        log("screenshot: %s" % path)

    code = 0
    try:
        if a.root_url:
            # The desktop's root page opens the first connected store, and every page lists every store.
            log("loading %s" % a.root_url.split("#")[0])
            driver.get(a.root_url)
            wait(lambda: js("return /^\\/stores\\/\\d+\\/$/.test(location.pathname)"), "the root page to open a store")
            wait(lambda: js("return document.querySelectorAll('#stores a').length") >= 2, "two stores in the stores bar")
            listed = js("return document.getElementById('stores').textContent")
            for app in ("InspectorExample", "SecondApp"):
                if app not in listed:
                    raise Failure("the stores bar does not list %s: %r" % (app, listed))
            log("the stores bar lists both apps: %s  OK" % listed.replace("\n", " "))
            driver.get("about:blank")
        other = Api(a.other_store_url) if a.other_store_url else None
        log("loading %s" % a.url.split("#")[0].split("?")[0])
        driver.get(a.url)
        # The token is read, then removed from the address bar (and so from the browser's history).
        wait(lambda: api.token not in js("return location.href"), "the token to leave the address bar")
        log("the token is not in the address bar: %s  OK" % js("return location.href"))
        # --window-size sets the outer window; grow it so the page itself gets 1400x900 (the screenshots' size)
        dw, dh = js("return [1400 - window.innerWidth, 900 - window.innerHeight];")
        if dw or dh:
            size = driver.get_window_size()
            driver.set_window_size(size["width"] + dw, size["height"] + dh)
        wait(lambda: js("return document.querySelectorAll('#actions li[data-id]').length") > 0, "rows in #actions")
        rows = js("return [...document.querySelectorAll('#actions li[data-id]')].map(li => [Number(li.dataset.id), li.textContent]);")
        log("%d rows listed (#%s … #%s)" % (len(rows), rows[0][0], rows[-1][0]))

        # Follow-ups (dispatched by a middleware, an IO or an effect) carry a badge; the app's own actions do not.
        listed = api.get("api/entries")["entries"]
        shown = set(js("return [...document.querySelectorAll('#actions li[data-id]')].map(li => Number(li.dataset.id));"))
        badged = set(js("return [...document.querySelectorAll('#actions li[data-id]')]"
                        ".filter(li => li.querySelector('.followup')).map(li => Number(li.dataset.id));"))
        follow_ups = {e["id"] for e in listed if e.get("followUp") and e["id"] in shown}
        own = {e["id"] for e in listed if not e.get("followUp") and not e.get("held") and e["id"] in shown}
        if not follow_ups:
            raise Failure("the example recorded no follow-up action to check the badge with")
        if not follow_ups <= badged or own & badged:
            raise Failure("follow-up badges on %s, expected on %s" % (sorted(badged), sorted(follow_ups)))
        log("%d follow-ups badged, %d actions of the app not  OK" % (len(follow_ups), len(own)))
        # The app may dispatch again between the page's last status and this one's: the page must catch up.
        seen = {}

        def example_shown():
            seen["example"] = api.get("api/status").get("dispatchExample")
            seen["placeholder"] = js("return document.getElementById('dispatch-json').placeholder")
            return bool(seen["example"]) and seen["example"] in seen["placeholder"]

        try:
            wait(example_shown, "the dispatch box's example to be the app's latest action")
        except Failure as failure:
            raise Failure("%s: the page shows %r, the app's latest action is %r"
                          % (failure, seen.get("placeholder"), seen.get("example")))
        log("dispatch example from the app's own actions: %s  OK" % seen["example"])

        # 1. the expected action, its provenance and its state
        target = next((rid for rid, txt in rows if a.expect_action in txt), None)
        if target is None:
            raise Failure("no row contains %r; rows: %s" % (a.expect_action, "; ".join(t for _, t in rows[:15])))
        click_row(target)
        want = "%s:%d" % (a.expect_file, a.expect_line)
        wait(lambda: (text_of("provenance-location") or "").strip().endswith(want),
             "#provenance-location to end with %r (it shows %r)" % (want, text_of("provenance-location")))
        log("row #%s: provenance %s  OK" % (target, text_of("provenance-location").strip()))

        detail = api.get("api/entries/%d" % target)
        if detail["entry"]["id"] != target:
            raise Failure("GET /api/entries/%d returned entry %s" % (target, detail["entry"]["id"]))
        all_leaves = leaves(detail["state"])
        picked = [l for l in all_leaves if l[2] not in ("", "None")][:12]
        if not picked:
            raise Failure("the state tree of #%d has no leaf values to compare" % target)
        state_text = text_of("state-tree") or ""
        missing = []
        for path, label, value in picked:
            needle = "%s: %s" % (label, value) if label else value
            if needle not in state_text:
                missing.append("%s = %s" % (path, value))
        if missing:
            raise Failure("#state-tree lacks values of /api/entries/%d: %s" % (target, "; ".join(missing)))
        log("#state-tree shows the %d leaf values checked (of %d)  OK" % (len(picked), len(all_leaves)))
        if not mode_text().startswith("Live"):
            raise Failure("expected live mode before jumping, the page shows %r" % mode_text())
        shot(a.screenshot)

        # 2. jump to an earlier entry: the store's state must become that entry's state
        rows = js("return [...document.querySelectorAll('#actions li[data-id]')].map(li => Number(li.dataset.id));")
        earlier = [r for r in rows if r < target]
        jump_to = earlier[-1] if earlier else next(r for r in rows if r != target)
        click_row(jump_to)
        if js("return document.getElementById('jump').disabled"):
            raise Failure("#jump is disabled (imported session?)")
        driver.find_element(By.ID, "jump").click()
        wait(lambda: mode_text().startswith("Travelling to #%d" % jump_to), "the mode to show 'Travelling to #%d' (shows %r)" % (jump_to, mode_text()))
        log("mode: %s  OK" % mode_text())
        status = api.get("api/status")
        if status.get("mode") != "travelling" or status.get("cursor") != jump_to:
            raise Failure("/api/status after the jump: mode=%r cursor=%r" % (status.get("mode"), status.get("cursor")))
        jumped = api.get("api/entries/%d" % jump_to)["state"]
        current = api.get("api/state")["state"]
        diff = first_difference(current, jumped)
        if diff:
            raise Failure("GET /api/state differs from the state after #%d: %s" % (jump_to, diff))
        log("GET /api/state equals the state after #%d (%d leaves)  OK" % (jump_to, len(leaves(current))))
        if other:
            # The other app's store goes on as before: it is live, and its scripted user's actions are recorded.
            before = other.get("api/status")
            if before.get("mode") != "present":
                raise Failure("the other store left the present when this one travelled: %r" % before.get("mode"))
            wait(lambda: other.get("api/status").get("lastID", 0) > (before.get("lastID") or 0),
                 "the other store to record new actions while this one travels", timeout=20)
            log("the other app's store stayed live and kept recording (#%s and on)  OK" % before.get("lastID"))
        if js("return document.getElementById('present').disabled"):
            raise Failure("#present is disabled while travelling")
        base, ext = os.path.splitext(a.screenshot)
        shot(base + "-travelling" + (ext or ".png"))

        # 3. back to the present
        driver.find_element(By.ID, "present").click()
        wait(lambda: mode_text().startswith("Live"), "the mode to go back to 'Live' (shows %r)" % mode_text())
        wait(lambda: js("return document.getElementById('present').disabled"), "#present to be disabled in live mode")
        status = api.get("api/status")
        if status.get("mode") != "present":
            raise Failure("/api/status after #present: mode=%r" % status.get("mode"))
        log("back to the present  OK")

        if a.journal:
            # A journal file chosen on the page becomes a test, written by the app with its reducer.
            driver.find_element(By.ID, "journal-file").send_keys(os.path.abspath(a.journal))
            wait(lambda: "JournalTests.swift" in (text_of("session-result") or "")
                 or "failed" in (text_of("session-result") or ""), "the journal's export")
            if "failed" in text_of("session-result"):
                raise Failure("the journal's export failed: %s" % text_of("session-result"))
            log("journal exported as a test from the page: %s  OK" % text_of("session-result"))

        # 4. an imported session, and the way back to the live history
        session = api.get("api/export", raw=True)
        imported = api.post("api/import", session)
        if not imported.get("imported"):
            raise Failure("POST /api/import did not show the session: %r" % imported)
        wait(lambda: js("return !document.getElementById('live').hidden"), "the 'Back to live history' button")
        log("imported session shown, with a way back  OK")
        driver.find_element(By.ID, "live").click()
        wait(lambda: js("return document.getElementById('live').hidden"), "the 'Back to live history' button to go")
        status = api.get("api/status")
        if status.get("imported"):
            raise Failure("/api/status after 'Back to live history': still imported")
        log("back to the live history  OK")

        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and e.get("source") != "network"]
        if errors:
            raise Failure("browser console errors: %s" % "; ".join(e["message"][:200] for e in errors[:5]))
        if js("return document.getElementById('status-line').classList.contains('err')"):
            raise Failure("the page shows an error: %s" % text_of("status-line"))
        log("PASS")
    except Failure as e:
        print("FAIL: %s" % e, file=sys.stderr)
        try:
            base, ext = os.path.splitext(a.screenshot)
            driver.save_screenshot(base + "-failure" + (ext or ".png"))
            print("(page at failure: %s-failure%s; status line: %r)" % (base, ext or ".png", text_of("status-line")), file=sys.stderr)
        except Exception:
            pass
        code = 1
    except Exception as e:  # selenium or network trouble: still a clear message
        msg = getattr(e, "msg", None) or str(e)
        print("FAIL: unexpected %s: %s" % (type(e).__name__, msg.strip().split("\n")[0][:500]), file=sys.stderr)
        code = 1
    finally:
        driver.quit()
    return code


if __name__ == "__main__":
    sys.exit(main())
