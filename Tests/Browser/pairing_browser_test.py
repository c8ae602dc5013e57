#!/usr/bin/env python3
"""A page of another origin hammers the desktop's /app while an app pairs, in headless Chromium (selenium).

    python3 pairing_browser_test.py ROOT_URL ADDRESS

ROOT_URL is the desktop's page (http://HOST:PORT/#token=T); ADDRESS is what apps connect with (HOST:PORT/CODE).
Serves a page from another local origin (127.0.0.1 on another port) that calls
fetch('http://HOST:PORT/app', {mode: 'no-cors'}) twelve times every half second and opens a WebSocket to /app with
the app's subprotocol each time, as any page on the machine could. While it does, starts the example app with the
right pairing code and checks that the desktop lists it as connected, that the page was still hammering then, and
that the app never reported a wrong pairing code. Exit 0 on success, non-zero otherwise.
"""
import http.server
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# The Examples package's build folder: EXAMPLES_SCRATCH_PATH when set (CI shares the library's .build).
EXAMPLES_SCRATCH_PATH = os.environ.get("EXAMPLES_SCRATCH_PATH") or os.path.abspath("Examples/.build")
root_url, address = sys.argv[1:3]
base, token = root_url.split("#token=")[0].rstrip("/"), root_url.split("#token=")[1]
desktop_host = base.split("//")[1]


def log(msg):
    print("[pairing-test] " + msg, flush=True)


def stores():
    req = urllib.request.Request(base + "/api/stores", headers={"X-Inspector-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


PAGE = """<!doctype html><title>another site</title><script>
window.fetched = 0; window.sockets = 0;
function hammer() {
  for (let i = 0; i < 12; i++) {
    fetch('http://%(host)s/app', {mode: 'no-cors'}).catch(() => {}).finally(() => { window.fetched++; });
  }
  try {
    const socket = new WebSocket('ws://%(host)s/app', 'switchyard-inspector-app.2');
    socket.onerror = socket.onclose = () => { window.sockets++; };
  } catch (e) {}
}
hammer();
setInterval(hammer, 500);
</script>""" % {"host": desktop_host}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGE.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
other_origin = "http://127.0.0.1:%d" % server.server_address[1]

opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
    opts.add_argument(flag)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
app = None
app_log = tempfile.NamedTemporaryFile(prefix="pairing-app-", suffix=".log", delete=False)


def wait(cond, what, t=60):
    end = time.time() + t
    while time.time() < end:
        value = cond()
        if value:
            return value
        time.sleep(0.2)
    raise SystemExit("FAIL: timed out after %ds waiting for %s" % (t, what))


def requests_made():
    return d.execute_script("return window.fetched + window.sockets")


try:
    d.get(other_origin + "/")
    wait(lambda: requests_made() >= 50, "the page of %s to call /app" % other_origin)
    log("a page of %s calls %s/app (%d requests so far)" % (other_origin, base, requests_made()))
    before = requests_made()
    app = subprocess.Popen(
        ["swift", "run", "--skip-build", "--package-path", "Examples", "--scratch-path", EXAMPLES_SCRATCH_PATH,
         "InspectorExample", "--for", "120",
         "--app", "HammeredApp"],
        env=dict(os.environ, SWITCHYARD_INSPECTOR=address), stdout=app_log, stderr=subprocess.STDOUT,
        start_new_session=True)
    wait(lambda: any(s["app"] == "HammeredApp" and s["connected"] for s in stores()),
         "the app to pair while the page calls /app", 90)
    during = requests_made() - before
    if during < 12:
        raise SystemExit("FAIL: the page stopped calling /app while the app paired (%d requests)" % during)
    log("the app paired while the page made %d more requests to /app  OK" % during)
    with open(app_log.name) as f:
        output = f.read()
    if "pairing code" in output:
        raise SystemExit("FAIL: the app reported a pairing code problem: %s" % output[-500:])
    log("the app never reported a wrong pairing code  OK")
finally:
    d.quit()
    server.shutdown()
    if app is not None:
        try:
            os.killpg(app.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        app.wait(timeout=30)
    os.unlink(app_log.name)
log("a page of another origin cannot keep an app from pairing: all checks passed")
