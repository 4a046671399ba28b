// Browser tests of the board page (`pamir serve`, docs/board.md) in Debian's Chromium, headless,
// driven by playwright-core. Run by CTest (Board.BrowserTests) with PAMIR_BIN set to the tool;
// by hand: PAMIR_BIN=build/pamir node --test web/tests/
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const PAMIR = process.env.PAMIR_BIN || "build/pamir";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SCREENSHOT = process.env.BOARD_SCREENSHOT;  // where to keep a picture of the board, if set
// The agent the clicked game is played against (random in the default suite; docs/board.md
// has a game against ismcts played this way).
const OPPONENT = process.env.BOARD_OPPONENT || "random";
// A build of some targets only (the sanitizer preset's) has no tool to serve: CTest reports the
// tests as skipped (SKIP_REGULAR_EXPRESSION), not failed.
const skip = existsSync(PAMIR) ? false : `browser tests skipped: ${PAMIR} is not built here`;
const work = mkdtempSync(join(tmpdir(), "pamir-board-"));
let browser;

before(async () => {
  if (skip) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
});
after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

// Starts `pamir serve` on a free port; resolves to {url, token, stop}: url is the server's
// root, token the one it printed in its URL (docs/board.md, Security).
function serve(...args) {
  return new Promise((resolve, reject) => {
    const server = spawn(PAMIR, ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving the board on (http:\/\/127\.0\.0\.1:\d+\/)\?token=([0-9a-f]{32}) /);
      if (m) resolve({ url: m[1], token: m[2], stop: () => server.kill() });
    });
    server.stderr.on("data", (d) => (err += d));
    server.on("exit", (code) => reject(new Error(`pamir serve exited ${code}: ${err}`)));
  });
}

// An API call as the page makes it (with the token).
const json = async (server, path) => (await fetch(server.url + path, { headers: { "X-Pamir-Token": server.token } })).json();

async function openPage(server) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1300 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}?token=${server.token}&delay=0`);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors };
}

// What the page shows, read off its DOM.
function shown(page) {
  return page.evaluate(() => {
    const count = (sel) => Object.fromEntries([...document.querySelectorAll(sel)].map((e) =>
      [e.dataset.coalition ?? e.dataset.seat, Number(e.dataset.count)]));
    const regions = {}, roads = {};
    for (const g of document.querySelectorAll("#map .region"))
      regions[g.dataset.region] = { armies: count(`[data-region='${g.dataset.region}'] .army`),
                                    tribes: count(`[data-region='${g.dataset.region}'] .tribe`) };
    for (const g of document.querySelectorAll("#map .border")) roads[g.dataset.border] = count(`[data-border='${g.dataset.border}'] .road`);
    const players = [...document.querySelectorAll("#players .player")].map((p) => ({
      vp: Number(p.querySelector(".vp").textContent), rupees: Number(p.querySelector(".rupees").textContent),
      loyalty: p.querySelector(".loyalty").textContent,
      court: [...p.querySelectorAll(".court > .card")].map((c) => Number(c.dataset.card)),
      hand: [...p.querySelectorAll(".hand > .card")].map((c) => Number(c.dataset.card)),
      spies: [...p.querySelectorAll(".court .spy")].map((s) => [Number(s.closest(".card").dataset.card), Number(s.dataset.seat), Number(s.textContent)]),
    }));
    const market = [...document.querySelectorAll(".market-cell")].map((c) => [Number(c.dataset.card || 0), Number(c.dataset.rupees)]);
    return { step: Number(document.body.dataset.step), steps: Number(document.body.dataset.steps), regions, roads, players, market,
             favored: document.getElementById("favored").textContent, checks: Number(document.getElementById("checks").textContent),
             current: document.querySelector("#log .entry.current")?.innerText ?? null,
             legal: [...document.querySelectorAll("#legal button.action")].map((b) => Number(b.dataset.id)) };
  });
}

// What the page should show, from the engine's position (the state JSON of /api/view) and
// the game's regions (/api/ruleset).
function expected(v, regionNames) {
  const s = v.state, regions = {}, roads = {};
  for (const r of regionNames) regions[r] = { armies: {}, tribes: {} };
  for (const [coalition, b] of Object.entries(s.blocks))
    for (const loc of b.locations) {
      const [kind, where] = loc.split(":");
      if (kind === "army") regions[where].armies[coalition] = (regions[where].armies[coalition] || 0) + 1;
      if (kind === "road") (roads[where] ??= {})[coalition] = (roads[where]?.[coalition] || 0) + 1;
    }
  const spies = [];
  s.players.forEach((p, seat) => {
    for (const loc of p.cylinders) {
      const [kind, where] = loc.split(":");
      if (kind === "tribe") regions[where].tribes[seat] = (regions[where].tribes[seat] || 0) + 1;
    }
  });
  const players = s.players.map((p) => ({ vp: p.vp, rupees: p.rupees, loyalty: p.loyalty, court: p.court, hand: p.hand }));
  const market = [0, 1].flatMap((row) => s.market.cards[row].map((c, col) => [c, s.market.rupees[row][col]]));
  return { regions, roads, players, market, favored: s.favored_suit, checks: s.dominance_checks_resolved, spies };
}

function compare(page, v, regionNames) {
  const want = expected(v, regionNames);
  assert.deepEqual(page.regions, want.regions, `map at step ${v.step}`);
  for (const [border, byCoalition] of Object.entries(page.roads))
    assert.deepEqual(byCoalition, want.roads[border] || {}, `roads on ${border} at step ${v.step}`);
  assert.deepEqual(page.players.map(({ spies, ...p }) => p), want.players, `players at step ${v.step}`);
  assert.deepEqual(page.market, want.market, `market at step ${v.step}`);
  assert.equal(page.favored, want.favored);
  assert.equal(page.checks, want.checks);
  // Spies: every spy the position lists is drawn on its card, with its owner and count.
  const spies = {};
  v.state.players.forEach((p, seat) => p.cylinders.filter((l) => l.startsWith("spy:")).forEach((l) => {
    const key = `${l.slice(4)}/${seat}`;
    spies[key] = (spies[key] || 0) + 1;
  }));
  const drawn = Object.fromEntries(page.players.flatMap((p) => p.spies).map(([card, seat, k]) => [`${card}/${seat}`, k]));
  assert.deepEqual(drawn, spies, `spies at step ${v.step}`);
}

test("a replay steps through a record and shows the engine's position and log at every step", { skip }, async () => {
  const record = join(work, "game.json");
  const text = execFileSync(PAMIR, ["play", "--players", "3", "--agents", "random,heuristic,random", "--seed", "11", "--record", record]).toString();
  // The text log of `pamir play`: decision lines, each followed by its indented consequences.
  const entries = [];
  for (const line of text.split("\n").slice(1))
    if (line.startsWith("    ")) entries.at(-1).push(line.trim());
    else if (line.startsWith("setup") || line.startsWith("turn ")) entries.push([line]);
  const actions = JSON.parse(readFileSync(record)).actions.length;
  assert.equal(entries.length, actions);

  const server = await serve("--open", record);
  try {
    const { page, errors } = await openPage(server);
    const { regions } = await json(server, "api/ruleset");
    assert.equal((await shown(page)).steps, actions);
    for (let step = 0; step <= actions; ++step) {
      if (step > 0) {
        await page.click("#forward");
        await page.waitForSelector(`body[data-step='${step}']`);
      }
      const now = await shown(page);
      compare(now, await json(server, `api/view?step=${step}`), regions);
      if (step > 0) assert.equal(now.current, entries[step - 1].join("\n"), `log entry ${step}`);
    }
    // Back, the first position, a turn, the slider, the keyboard.
    await page.click("#back");
    await page.waitForSelector(`body[data-step='${actions - 1}']`);
    await page.click("#first");
    await page.waitForSelector("body[data-step='0']");
    await page.fill("#turn-input", "5");
    await page.click("#goto-turn");
    const turn5 = (await json(server, `api/view`)).log.find((l) => l.turn >= 5).step - 1;
    await page.waitForSelector(`body[data-step='${turn5}']`);
    assert.match(await page.textContent("#turn"), /^turn 5$/);
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector(`body[data-step='${turn5 + 1}']`);
    await page.$eval("#slider", (s, to) => { s.value = to; s.dispatchEvent(new Event("input")); }, 20);
    await page.waitForSelector("body[data-step='20']");
    const at20 = await json(server, `api/view?step=20`);
    compare(await shown(page), at20, regions);
    // Pax Pamir's own fact: the coalition dominant now.
    assert.equal(await page.textContent("[data-fact='dominant coalition'] b"),
                 at20.facts.texts.find((t) => t.name === "dominant coalition").text);
    // Clicking a log entry shows the position after it.
    await page.click("#log .entry[data-step='7']");
    await page.waitForSelector("body[data-step='7']");
    if (SCREENSHOT) {
      await page.click("#last");
      await page.waitForSelector(`body[data-step='${actions}']`);
      await page.screenshot({ path: SCREENSHOT });
    }
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

test("a tournament's games.jsonl opens, and the page picks its games", { skip }, async () => {
  const out = join(work, "tournament");
  execFileSync(PAMIR, ["tournament", "--agents", "random;heuristic", "--players", "2", "--games", "4", "--seed", "2", "--out", out, "--quiet"]);
  const lines = readFileSync(join(out, "games.jsonl"), "utf8").trim().split("\n").slice(1).map((l) => JSON.parse(l));
  const server = await serve("--open", join(out, "games.jsonl"), "--root", work);
  try {
    const { page, errors } = await openPage(server);
    assert.equal((await shown(page)).steps, lines[0].actions.length);
    const other = lines[2];
    await page.selectOption("#game-select", String(other.game));
    await page.waitForSelector(`body[data-steps='${other.actions.length}']`);
    assert.match(await page.textContent("#title"), new RegExp(`, game ${other.game}$`));
    await page.click("#last");
    await page.waitForSelector(`body[data-step='${other.actions.length}']`);
    const standing = await page.$$eval("#standing tr[data-seat]", (rows) =>
      rows.map((r) => [Number(r.dataset.seat), Number(r.querySelector(".vp").textContent)]).sort((a, b) => a[0] - b[0]));
    assert.deepEqual(standing.map(([, vp]) => vp), other.vp);
    // A bad file is refused with its reason; the game shown stays.
    await page.fill("#open-path", join(work, "no-such-file.json"));
    await page.click("#open-form button");
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    assert.match(await page.textContent("#error"), /cannot read .*no-such-file\.json/);
    assert.equal((await shown(page)).steps, other.actions.length);
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

// Plays seat 0 by clicking until the game ends: mostly a random legal action, sometimes after
// narrowing the list by clicking a card or a region, once taking a decision back.
test(`a whole game against ${OPPONENT} is played by clicks, with narrowing and undo`, { skip }, async () => {
  const server = await serve();
  try {
    const { page, errors } = await openPage(server);
    const { regions } = await json(server, "api/ruleset");
    await page.fill("#new-agents", `human,${OPPONENT}`);
    await page.fill("#new-seed", "9");
    await page.click("#new-form button");
    let rng = 12345, clicks = 0, narrowed = 0, undone = false;
    const random = (n) => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };
    for (;;) {
      await page.waitForFunction(() => document.body.dataset.animating === "0" &&
        (document.querySelector("#legal button.action:not([disabled])") || document.getElementById("decision-title").textContent === "Game over" ||
         document.getElementById("stopped")));
      if (await page.$("#stopped") || (await page.textContent("#decision-title")) === "Game over") break;
      const v = await json(server, `api/view`);
      assert.equal(v.your_move, true);
      assert.equal(v.to_move, 0);
      const now = await shown(page);
      compare(now, v, regions);
      assert.deepEqual(now.legal, v.legal.map((a) => a.id));
      let choices = v.legal;
      const withCard = v.legal.filter((a) => a.card > 0);
      if (withCard.length && random(4) === 0) {
        // Clicking a card narrows the list to the actions on it.
        const card = withCard[random(withCard.length)].card;
        await page.click(`#players .card[data-card='${card}'], #market .card[data-card='${card}']`);
        await page.waitForSelector("#filter:not(:empty)");
        choices = v.legal.filter((a) => a.card === card);
        assert.deepEqual((await shown(page)).legal, choices.map((a) => a.id));
        ++narrowed;
      }
      const pick = choices[random(choices.length)];
      const stepsBefore = v.steps;
      await page.click(`#legal button.action[data-id='${pick.id}']`);
      await page.waitForFunction((n) => Number(document.body.dataset.steps) > n && document.body.dataset.animating === "0", stepsBefore);
      ++clicks;
      if (!undone && clicks === 10) {
        // Undo takes back this decision and the agent's after it.
        await page.click("#undo");
        await page.waitForSelector(`body[data-steps='${stepsBefore}']`);
        assert.deepEqual((await json(server, `api/view`)).legal, v.legal);
        undone = true;
      }
    }
    const v = await json(server, `api/view`);
    assert.equal(v.over, true, v.stopped ?? "the game ended");
    assert.ok(clicks > 20 && narrowed > 0 && undone, `${clicks} clicks, ${narrowed} narrowed`);
    // The end shows the true position and the standing.
    compare(await shown(page), v, regions);
    const standing = await page.$$eval("#standing tr[data-seat]", (rows) => rows.map((r) => Number(r.dataset.seat)));
    assert.equal(standing.length, 2);
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

// `pamir serve --game expanse`: the page draws Pax Expanse's map, words and facts (the
// political climate, the Rocinante and the objective token, faction control) from the JSON,
// and its game is played by clicks as Pax Pamir's is.
test("pamir serve --game expanse shows a Pax Expanse game with its facts, played by clicks", { skip }, async () => {
  const server = await serve("--game", "expanse");
  try {
    const { page, errors } = await openPage(server);
    const ruleset = await json(server, "api/ruleset");
    assert.equal(ruleset.name, "Pax Expanse");
    assert.equal(await page.textContent("#game-name"), "Pax Expanse");
    assert.equal(await page.title(), "pamir board: Pax Expanse");
    // A new game's default seats fill the game's smallest table (3 players).
    assert.equal(await page.inputValue("#new-agents"), "human,ismcts,ismcts");
    assert.doesNotMatch(await page.textContent("#agent-names"), /wakhan/);
    await page.fill("#new-agents", "human,random,random");
    await page.fill("#new-seed", "3");
    await page.click("#new-form button");
    for (let clicks = 0; ; ++clicks) {
      await page.waitForFunction(() => document.body.dataset.animating === "0" &&
        (document.querySelector("#legal button.action:not([disabled])") || document.getElementById("decision-title").textContent === "Game over" ||
         document.getElementById("stopped")));
      const v = await json(server, "api/view");
      assert.equal(v.state.game, "expanse");
      // The map has the game's six regions and draws the position's pieces.
      const drawn = await page.$$eval("#map .region", (gs) => gs.map((g) => g.dataset.region));
      assert.deepEqual(drawn.sort(), [...ruleset.regions].sort());
      compare(await shown(page), v, ruleset.regions);
      // The climate track with the space it is at, the tokens on their regions, faction control.
      const climate = v.facts.tracks.find((t) => t.name === "climate");
      assert.equal(await page.textContent("[data-fact='climate'] .at"), climate.spaces[climate.at].replaceAll("_", " "));
      assert.ok(v.facts.tokens.some((t) => t.name === "rocinante"));
      for (const t of v.facts.tokens)
        assert.ok(await page.$(`#map .region[data-region='${t.region}'] .token[data-token='${t.name}']`), `${t.name} on ${t.region}`);
      const control = await page.$$eval("#map .owner[data-owner='faction control']", (es) =>
        Object.fromEntries(es.map((e) => [e.closest(".region").dataset.region, e.dataset.value || null])));
      assert.deepEqual(control, v.facts.owners["faction control"]);
      // The standing in the game's words: war stars, influence.
      assert.deepEqual(await page.$$eval("#standing th", (ths) => ths.map((t) => t.textContent)),
                       ["place", "seat", "VP", "war stars", "influence"]);
      const money = await page.$$eval("#standing tr[data-seat]", (rows) =>
        rows.map((r) => [Number(r.dataset.seat), Number(r.querySelector(".money").textContent)]).sort((a, b) => a[0] - b[0]));
      assert.deepEqual(money.map(([, m]) => m), [...v.standing].sort((a, b) => a.seat - b.seat).map((r) => r.money));
      if (clicks === 6 || !v.your_move) break;
      // The human (seat 0) takes the first legal action; the agents answer.
      assert.deepEqual((await shown(page)).legal, v.legal.map((a) => a.id));
      await page.click(`#legal button.action[data-id='${v.legal[0].id}']`);
      await page.waitForFunction((n) => Number(document.body.dataset.steps) > n && document.body.dataset.animating === "0", v.steps);
    }
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

// The attack of a web page on a local server (docs/board.md, Security): a page of another
// origin sends the "simple" cross-origin requests a browser sends without asking (a text/plain
// POST, a form post) to start a program and read a file. None may act.
test("a page of another origin can neither start a program nor open a file", { skip }, async () => {
  const server = await serve("--root", work);
  const marker = join(work, "pwned");
  const { createServer } = await import("node:http");
  const evil = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>elsewhere</title>");
  });
  await new Promise((resolve) => evil.listen(0, "127.0.0.1", resolve));
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${evil.address().port}/`);
    const target = server.url;
    const body = JSON.stringify({ agents: [`external:touch ${marker}`, "random"], seed: 1 });
    await page.evaluate(async ({ target, body, path }) => {
      const post = (route, text) => fetch(target + route, { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: text }).catch(() => {});
      await post("api/new", body);
      await post("api/open", JSON.stringify({ path }));
      // A form post (application/x-www-form-urlencoded), the oldest cross-site request.
      const form = document.createElement("form");
      form.method = "POST";
      form.action = target + "api/new";
      form.enctype = "text/plain";
      const input = document.createElement("input");
      input.name = body.slice(0, -1) + ',"x":"';
      input.value = '"}';
      form.append(input);
      document.body.append(form);
      form.submit();
    }, { target, body, path: "/etc/passwd" });
    await page.waitForLoadState();
    // The server answers its own page as before and nothing was started or opened.
    const v = await json(server, "api/view");
    assert.equal(v.mode, "none");
    assert.equal(existsSync(marker), false);
    // The same requests with the token but another Origin are refused too (403, one line).
    const res = await fetch(target + "api/new", { method: "POST", body,
      headers: { "Content-Type": "application/json", "X-Pamir-Token": server.token, Origin: `http://127.0.0.1:${evil.address().port}` } });
    assert.equal(res.status, 403);
    assert.match((await res.json()).error, /other sites/);
    assert.equal(existsSync(marker), false);
  } finally {
    evil.close();
    server.stop();
  }
});
