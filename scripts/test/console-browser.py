#!/usr/bin/env python3
"""The console in a real headless Chromium (selenium, Debian's chromium-driver) against a real
PostgreSQL with two executors delivering. Run by scripts/ci/console.sh, which builds almanac-exec,
starts the server and gives this script its paths:

  console-browser.py BIN STORE PSQL WORK [--screenshots DIR]

Checks, each against the browser's DOM (what a person sees) and the store's rows (what happened):
pages load without JavaScript and with no script element; hostile spec ids, trigger ids, fire ids and
payloads (markup, quotes, a bidirectional override) are text, no injected element exists; actions
without the token are refused (no sign-in, a form without its CSRF token, the API without a bearer);
a paused trigger stops firing on both executors and fires again once resumed; an executor killed
mid-command leaves its fire in doubt, which appears on the page and is retried from it (attempt 2);
the API's answers follow schemas/console-api.schema.json. With --screenshots, the spec page and the
in-doubt page at 1200x800 and 390x844 are written as PNGs.
"""
import json, os, re, signal, subprocess, sys, time, urllib.error, urllib.parse, urllib.request

from selenium.common.exceptions import WebDriverException
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

BIN, STORE, PSQL, WORK = sys.argv[1:5]
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN = "console-test-token-0123456789"
RLO = "\u202e"
SPEC_ID = 'ops "<span id=pwned1>x</span>\' & co'
PAYLOAD = {"title": "</pre><img src=x id=pwned2 onerror=alert(1)>", "quote": "\"'", "bidi": RLO + "txt.exe"}
HOSTILE_TRIGGER = "<script id=pwned3>alert(1)</script>" + RLO
HOSTILE_FIRE = "<b id=pwned4>fire</b>\"'@2026"
processes = []
# The button of tick's row in the spec page's table of triggers.
TICK_BUTTON = "//tr[.//a[normalize-space()='tick']]//button[@value='{}']"


def fail(message):
    print(f"console: {message}", file=sys.stderr)
    sys.exit(1)


def psql(sql):
    out = subprocess.run([PSQL, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", STORE, "-c", sql], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"psql: {out.stderr.strip()}")
    return out.stdout.strip()


def literal(text):
    return "'" + text.replace("'", "''") + "'"


def utc(t):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))


def write_plan(path, start):
    """tick: every 2 s for 4 minutes; slow: one fire 8 s in (its command sleeps on a first attempt)."""
    fires = [(start + i, "tick") for i in range(0, 240, 2)] + [(start + 8, "slow")]
    fires.sort(key=lambda f: (f[0], f[1]))
    triggers = {
        "tick": {"kind": "every", "priority": 0, "payload": PAYLOAD},
        "slow": {"kind": "once", "priority": 0, "payload": {"note": "sleeps on attempt 1"}},
    }
    lines = [
        "{",
        '  "plan": 1,',
        f'  "spec": {{"name": "console-demo", "sha256": "{"c" * 64}"}},',
        f'  "window": {{"from": "{utc(start - 60)}Z", "to": "{utc(start + 3600)}Z"}},',
        '  "tzdata": "test",',
        '  "limits": {"max_pending": 64, "max_regions": 20},',
        '  "triggers": ' + json.dumps(triggers, sort_keys=True) + ",",
        '  "regions": [],',
        '  "fires": [',
    ]
    body = [
        f'    {{"at": "{utc(t)}Z", "trigger": "{tr}", "local": "{utc(t)}+00:00", "id": "{tr}@{utc(t)}"}}' for t, tr in fires
    ]
    lines.append(",\n".join(body))
    lines += ["  ]", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def start(args, log):
    p = subprocess.Popen([BIN] + args, stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
    processes.append(p)
    return p


def http(method, url, body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def until(what, check, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.5)
    fail(f"timed out waiting for {what}")


def main():
    start_at = int(time.time()) + 4
    plan = os.path.join(WORK, "plan.json")
    write_plan(plan, start_at)
    tokens = os.path.join(WORK, "tokens")
    with open(tokens, "w") as f:
        f.write(f"alice {TOKEN}\n")
    subprocess.run([BIN, "deploy", plan, "--store", STORE, "--spec-id", SPEC_ID], check=True, capture_output=True)
    command = ["/bin/sh", "-c",
               'if [ "$ALMANAC_TRIGGER" = slow ] && [ "$ALMANAC_ATTEMPT" = 1 ]; then echo $$ > "$0/slow.pid"; exec sleep 120; fi',
               WORK]
    executors = {}
    for name in ["e1", "e2"]:
        executors[name] = start(["run", plan, "--store", STORE, "--spec-id", SPEC_ID, "--executor-id", name, "--lease", "3s",
                                 "--in-doubt", "skip", "--backend", "exec", "--"] + command, os.path.join(WORK, name + ".log"))
    serve_log = os.path.join(WORK, "serve.log")
    start(["serve", "--store", STORE, "--listen", "127.0.0.1:0", "--token-file", tokens], serve_log)
    base = until("the console's address", lambda: (re.search(r"http://[0-9.]+:\d+", open(serve_log).read()) or [None])[0])
    # A store written by another tool: names no plan could hold.
    psql(f"""INSERT INTO almanac_fires (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state,
             attempt, finished_at, outcome, ran_by)
             VALUES ({literal(SPEC_ID)}, {literal(HOSTILE_FIRE)}, {literal("c" * 64)}, {literal(HOSTILE_TRIGGER)}, now(), 0, 0, 0, false,
             'done', 1, now(), {literal("exit <i id=pwned5>1</i>")}, {literal("<u id=pwned6>evil</u>")})""")

    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,800"]:
        options.add_argument(arg)
    browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        run_checks(browser, base, executors)
    finally:
        browser.quit()


def submit(browser, selector, by=By.CSS_SELECTOR):
    """Clicks a form's button and waits for the page the POST leads to (303 to a page)."""
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(by, selector).click()
    WebDriverWait(browser, 15).until(lambda _: gone(old))
    WebDriverWait(browser, 15).until(expected_conditions.presence_of_element_located((By.TAG_NAME, "body")))
    return browser.find_element(By.TAG_NAME, "body").text


def gone(element):
    """Whether the page that held `element` was replaced. Selenium's staleness_of catches only
    StaleElementReferenceException, but mid-navigation chromedriver may answer "Node with given id does
    not belong to the document" (a plain WebDriverException): CI failed so once. Both mean replaced."""
    try:
        element.is_enabled()
        return False
    except WebDriverException:
        return True


def page(browser, base, path, params=None):
    browser.get(base + path + ("?" + urllib.parse.urlencode(params) if params else ""))
    if browser.find_elements(By.CSS_SELECTOR, "script"):
        fail(f"{path}: a script element")
    injected = browser.find_elements(By.CSS_SELECTOR, "#pwned1, #pwned2, #pwned3, #pwned4, #pwned5, #pwned6")
    if injected:
        fail(f"{path}: an injected element exists: {injected[0].tag_name}")
    text = browser.find_element(By.TAG_NAME, "body").text
    if RLO in text:
        fail(f"{path}: a bidirectional override reached the page's text")
    return text


def run_checks(browser, base, executors):
    spec_q = {"id": SPEC_ID}
    # Pages load; hostile names are text.
    text = page(browser, base, "/")
    if SPEC_ID not in text:
        fail("/: the spec id is not shown as text")
    text = page(browser, base, "/spec", spec_q)
    for expected in ["tick", "slow", "<img src=x id=pwned2 onerror=alert(1)>", "\\u{202E}txt.exe", "Sign in to act"]:
        if expected not in text:
            fail(f"/spec: {expected!r} is not in the page's text")
    until("deliveries", lambda: "tick@" in page(browser, base, "/recent"))
    text = page(browser, base, "/recent")
    for expected in [HOSTILE_TRIGGER.replace(RLO, "\\u{202E}"), HOSTILE_FIRE, "exit <i id=pwned5>1</i>", "<u id=pwned6>evil</u>"]:
        if expected not in text:
            fail(f"/recent: {expected!r} is not shown as text")
    fire_text = page(browser, base, "/fire", {"spec": SPEC_ID, "id": HOSTILE_FIRE})
    if HOSTILE_FIRE not in fire_text:
        fail("/fire: the hostile fire id is not its heading's text")
    page(browser, base, "/executors")
    if browser.find_elements(By.CSS_SELECTOR, "form.act"):
        fail("action buttons offered before signing in")
    # Without the token, every action is refused.
    first_tick = psql(f"SELECT fire_id FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'tick' AND state = 'pending' ORDER BY due_at LIMIT 1")
    form = urllib.parse.urlencode({"action": "cancel", "spec": SPEC_ID, "target": first_tick, "back": "/"}).encode()
    status, _ = http("POST", base + "/action", form, {"Content-Type": "application/x-www-form-urlencoded"})
    if status != 403:
        fail(f"an action without CSRF token or session answered {status}")
    api = json.dumps({"action": "cancel", "spec": SPEC_ID, "target": first_tick}).encode()
    for headers in [{}, {"Authorization": "Bearer wrong-token-0123456789"}]:
        status, _ = http("POST", base + "/api/actions", api, dict(headers, **{"Content-Type": "application/json"}))
        if status != 401:
            fail(f"the API without the right token answered {status}")
    if psql(f"SELECT state FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND fire_id = {literal(first_tick)}") == "cancelled":
        fail("a refused action changed the fire")

    # Sign in through the form.
    browser.get(base + "/login")
    browser.find_element(By.ID, "token").send_keys(TOKEN)
    if "signed in as alice" not in submit(browser, "form button[type=submit]"):
        fail("signing in with the token did not work")

    # Pause tick from the spec page: neither executor starts one of its fires until it is resumed.
    page(browser, base, "/spec", spec_q)
    if "Done: pause." not in submit(browser, TICK_BUTTON.format("pause"), By.XPATH):
        fail("pausing from the page did not say it was done")
    paused_at = psql(f"SELECT extract(epoch FROM paused_at) FROM almanac_paused WHERE spec = {literal(SPEC_ID)} AND trigger = 'tick'")
    if not paused_at:
        fail("the pause was not recorded")
    time.sleep(9)
    # Both executors ran (beating, claiming) all through the pause.
    running = psql(f"SELECT count(*) FROM almanac_executors WHERE id IN ('e1', 'e2') AND stopped_at IS NULL AND last_seen > now() - interval '3 seconds'")
    if running != "2":
        fail(f"{running} executors were running during the pause, not 2")
    started = psql(f"""SELECT count(*) FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'tick'
                        AND claimed_at > to_timestamp({paused_at})""")
    skipped = psql(f"""SELECT count(*) FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'tick' AND state = 'skipped'
                        AND outcome LIKE 'paused: %'""")
    if started != "0":
        fail(f"{started} tick fires were claimed while the trigger was paused")
    if int(skipped) < 3:
        fail(f"only {skipped} tick fires came due and were skipped while paused")
    shot(browser, base, "/spec", spec_q, "console-spec")
    browser.get(base + "/spec?" + urllib.parse.urlencode(spec_q))
    submit(browser, TICK_BUTTON.format("resume"), By.XPATH)
    resumed_at = time.time()
    until("tick fires delivered again after the resume", lambda: int(psql(
        f"""SELECT count(*) FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'tick' AND state = 'done'
            AND started_at > to_timestamp({resumed_at})""")) >= 2, timeout=20)

    # An executor killed mid-command: its fire is in doubt, shown, and retried from the page.
    owner = until("the slow fire's start", lambda: psql(
        f"SELECT lease_owner FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'slow' AND state = 'started'"), timeout=40)
    os.killpg(executors[owner].pid, signal.SIGKILL)
    slow_pid = open(os.path.join(WORK, "slow.pid")).read().strip()
    os.kill(int(slow_pid), signal.SIGKILL)
    until("the in-doubt fire on /trouble", lambda: "in doubt" in page(browser, base, "/trouble") and "slow@" in page(browser, base, "/trouble"), timeout=30)
    shot(browser, base, "/trouble", None, "console-in-doubt")
    browser.get(base + "/trouble")
    if "Done: retry." not in submit(browser, "form.act button[value=retry]"):
        fail("retrying from the page did not say it was done")
    slow_id = psql(f"SELECT fire_id FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND trigger = 'slow'")
    until("the retried fire done as attempt 2", lambda: psql(
        f"SELECT state || ' ' || attempt FROM almanac_fires WHERE spec = {literal(SPEC_ID)} AND fire_id = {literal(slow_id)}") == "done 2", timeout=30)
    text = page(browser, base, "/fire", {"spec": SPEC_ID, "id": slow_id})
    for expected in ["in_doubt", "retry", "alice", "done"]:
        if expected not in text:
            fail(f"the fire's history does not show {expected!r}")
    shot(browser, base, "/fire", {"spec": SPEC_ID, "id": slow_id}, "console-fire")

    # The API answers follow the schema.
    check_schema(base, spec_q, slow_id)
    print("console: pages, escaping, refusals, pause and resume across 2 executors, in doubt retried, API schema: ok")


def shot(browser, base, path, params, name):
    if not SHOTS:
        return
    for width, height, suffix in [(1200, 800, "wide"), (390, 844, "phone")]:
        browser.set_window_size(width, height)
        page(browser, base, path, params)
        browser.save_screenshot(os.path.join(SHOTS, f"{name}-{suffix}.png"))
    browser.set_window_size(1200, 800)


def check_schema(base, spec_q, slow_id):
    import jsonschema
    schema = json.load(open(os.path.join(ROOT, "schemas", "console-api.schema.json")))
    calls = [("/api/specs", None), ("/api/spec", spec_q), ("/api/upcoming", {"spec": SPEC_ID, "n": "5"}), ("/api/recent", {"n": "5"}),
             ("/api/trouble", None), ("/api/executors", None), ("/api/fire", {"spec": SPEC_ID, "id": slow_id}),
             ("/api/fire", {"spec": SPEC_ID, "id": "no-such-fire"})]
    for path, params in calls:
        status, body = http("GET", base + path + ("?" + urllib.parse.urlencode(params) if params else ""))
        try:
            jsonschema.validate(json.loads(body), schema)
        except jsonschema.ValidationError as e:
            fail(f"{path} ({status}) does not follow the schema: {e.message}")
    status, body = http("POST", base + "/api/actions", json.dumps({"action": "pause", "spec": SPEC_ID, "target": "slow"}).encode(),
                        {"Content-Type": "application/json", "Authorization": "Bearer " + TOKEN})
    if status != 200 or json.loads(body).get("by") != "alice":
        fail(f"the API's pause with the token answered {status}: {body}")
    jsonschema.validate(json.loads(body), schema)


if __name__ == "__main__":
    try:
        main()
    finally:
        for p in processes:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
