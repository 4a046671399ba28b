// Browser tests of the board page (`pamir serve`, docs/board.md) in Debian's Chromium, headless,
// driven by playwright-core. Run by CTest (Board.BrowserTests) with PAMIR_BIN set to the tool;
// by hand: PAMIR_BIN=build/pamir node --test web/tests/
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve as serveBoard } from "./serve.js";

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

const serve = (...args) => serveBoard(PAMIR, ...args);

// An API call as a page makes it: with the token, and in the session of the page given.
const json = async (server, path, page) => (await fetch(server.url + path, {
  headers: { "X-Pamir-Token": server.token, "X-Pamir-Session": page ? await sessionOf(page) : "" } })).json();
const sessionOf = (page) => page.evaluate(() => sessionStorage.getItem("pamir-session"));

// The board page in a tab of 1280x720, the size the layout is made for (docs/board.md).
async function openPage(server, context = browser) {
  const page = await context.newPage({ viewport: { width: 1280, height: 720 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}?token=${server.token}&delay=0`);
  await page.waitForSelector("body[data-ready='1']");
  return { page, errors };
}

// Where a point of the map (the SVG's 1000x560 units) is on the screen.
async function mapPoint(page, [x, y]) {
  const box = await (await page.$("#map")).boundingBox();
  return [box.x + x * box.width / 1000, box.y + y * box.height / 560];
}

// Takes the legal action `pick` by clicking the board element it is on, as a player would:
// a market card to buy, a hand card to play, a court card's action icon, any other card, a
// region or a border. A click matching several actions opens a menu, which must list exactly
// those, and the pick is chosen there. An action on no element (a pass, a loyalty, a player)
// is clicked in the list. Returns what was clicked: "card", "action", "region", "border", "list".
async function clickToAct(page, v, pick) {
  let target = null, matches = [], kind = "list";
  const cardSelector = (id) => `#players .card[data-card='${id}'], #market .card[data-card='${id}']`;
  if (pick.kind === "card_action" && await page.$(`#players .court .card[data-card='${pick.card}'] .act.legal[data-action='${pick.card_action}']`)) {
    target = `#players .court .card[data-card='${pick.card}'] .act[data-action='${pick.card_action}']`;
    matches = v.legal.filter((a) => a.card === pick.card && a.card_action === pick.card_action);
    kind = "action";
  } else if (pick.card > 0 && await page.$(cardSelector(pick.card))) {
    target = cardSelector(pick.card);
    matches = v.legal.filter((a) => a.card === pick.card);
    kind = "card";
  } else if (pick.region >= 0 || pick.border >= 0) {
    matches = v.legal.filter((a) => (pick.region >= 0 ? a.region === pick.region : a.border === pick.border));
    kind = pick.region >= 0 ? "region" : "border";
  }
  if (kind === "list") {
    await page.click(`#legal button.action[data-id='${pick.id}']`);
    return kind;
  }
  if (target) {
    await page.click(target);
  } else {
    // A region at its place on the map, a border at its middle (where its roads stand).
    const g = await page.$(pick.region >= 0 ? `#map .region[data-index='${pick.region}']` : `#map .border[data-index='${pick.border}']`);
    const [x, y] = await mapPoint(page, await g.evaluate((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
    await page.mouse.click(x, y);
  }
  if (matches.length > 1) {
    await page.waitForSelector("#menu.open");
    const listed = await page.$$eval("#menu button.menu-item", (bs) => bs.map((b) => Number(b.dataset.id)));
    assert.deepEqual(listed.sort((a, b) => a - b), matches.map((a) => a.id).sort((a, b) => a - b), `the menu of ${pick.name}`);
    await page.click(`#menu button.menu-item[data-id='${pick.id}']`);
  }
  return kind;
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
             legal: [...document.querySelectorAll("#legal button.action")].map((b) => Number(b.dataset.id)).sort((a, b) => a - b) };
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
      compare(now, await json(server, `api/view?step=${step}`, page), regions);
      if (step > 0) assert.equal(now.current, entries[step - 1].join("\n"), `log entry ${step}`);
    }
    // Back, the first position, a turn, the slider, the keyboard.
    await page.click("#back");
    await page.waitForSelector(`body[data-step='${actions - 1}']`);
    await page.click("#first");
    await page.waitForSelector("body[data-step='0']");
    await page.fill("#turn-input", "5");
    await page.click("#goto-turn");
    const turn5 = (await json(server, `api/view`, page)).log.find((l) => l.turn >= 5).step - 1;
    await page.waitForSelector(`body[data-step='${turn5}']`);
    assert.match(await page.textContent("#turn"), /^turn 5$/);
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector(`body[data-step='${turn5 + 1}']`);
    await page.$eval("#slider", (s, to) => { s.value = to; s.dispatchEvent(new Event("input")); }, 20);
    await page.waitForSelector("body[data-step='20']");
    const at20 = await json(server, `api/view?step=20`, page);
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
    // At 1280x720 the file's games, and opening another, are in view without scrolling, within
    // the side panel's width.
    const side = await (await page.$("#side")).boundingBox();
    for (const selector of ["#game-select", "#open-form"]) {
      const box = await (await page.$(selector)).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 720, `${selector} at ${JSON.stringify(box)}`);
      assert.ok(box.x >= side.x && box.x + box.width <= side.x + side.width, `${selector} at ${JSON.stringify(box)} in ${JSON.stringify(side)}`);
    }
    // A card enlarged under the pointer goes when it is clicked: it covered its neighbours.
    const card = await page.$("#market .card");
    await card.hover();
    await page.waitForSelector("#zoom .card");
    assert.equal(await page.$eval("#zoom", (z) => z.style.display), "block");
    await card.click();
    assert.equal(await page.$eval("#zoom", (z) => z.style.display), "none");
    await page.keyboard.press("Escape");
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

// Waits until the page shows the human's decision (or the end) after the agents' moves.
const settled = (page) => page.waitForFunction(() => document.body.dataset.animating === "0" &&
  (document.querySelector("#legal button.action:not([disabled])") || document.getElementById("decision-title").textContent === "Game over" ||
   document.getElementById("stopped")));

// Plays seat 0 by clicking the board until the game ends: a seeded random legal action at each
// decision, taken by clicking the card, the card's action, the region or the border it is on
// (the list only for actions on no element), once taking a decision back, once filtering the
// list. At every decision the page must agree with the engine.
test(`a whole game against ${OPPONENT} is played by clicking the board, with undo`, { skip }, async () => {
  const server = await serve();
  try {
    const { page, errors } = await openPage(server);
    const { regions } = await json(server, "api/ruleset");
    await page.fill("#new-agents", `human,${OPPONENT}`);
    await page.fill("#new-seed", "9");
    await page.click("#new-form button");
    let rng = 12345, decisions = 0, filtered = false, undone = false;
    const clicked = { card: 0, action: 0, region: 0, border: 0, list: 0 };
    const random = (n) => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };
    for (;;) {
      await settled(page);
      if (await page.$("#stopped") || (await page.textContent("#decision-title")) === "Game over") break;
      const v = await json(server, `api/view`, page);
      assert.equal(v.your_move, true);
      assert.equal(v.to_move, 0);
      const now = await shown(page);
      compare(now, v, regions);
      assert.deepEqual(now.legal, v.legal.map((a) => a.id).sort((a, b) => a - b));
      const passes = v.legal.filter((a) => a.kind === "pass");
      if (!filtered && passes.length && v.legal.length > passes.length) {
        // A filter that matches no name still shows the passes.
        await page.fill("#legal-filter", "no action is called this");
        assert.deepEqual((await shown(page)).legal, passes.map((a) => a.id).sort((a, b) => a - b));
        await page.fill("#legal-filter", "");
        filtered = true;
      }
      // Rather an action on the board than a pass, so that the game moves on; the first card
      // action offered, so that a short game (against a strong opponent) clicks one too.
      const onBoard = v.legal.filter((a) => a.kind !== "pass"), cardActions = v.legal.filter((a) => a.kind === "card_action");
      const choices = !clicked.action && cardActions.length ? cardActions : onBoard.length && random(5) ? onBoard : v.legal;
      const pick = choices[random(choices.length)];
      ++clicked[await clickToAct(page, v, pick)];
      await page.waitForFunction((n) => Number(document.body.dataset.steps) > n && document.body.dataset.animating === "0", v.steps);
      assert.equal((await json(server, "api/view", page)).log[v.steps].text.endsWith(pick.name), true, `took ${pick.name}`);
      ++decisions;
      if (!undone && decisions === 10) {
        // Undo takes back this decision and the agent's after it.
        await page.click("#undo");
        await page.waitForSelector(`body[data-steps='${v.steps}']`);
        assert.deepEqual((await json(server, `api/view`, page)).legal, v.legal);
        undone = true;
      }
    }
    const v = await json(server, `api/view`, page);
    assert.equal(v.over, true, v.stopped ?? "the game ended");
    const onBoard = clicked.card + clicked.action + clicked.region + clicked.border;
    assert.ok(decisions > 20 && undone && filtered && clicked.card && clicked.action && clicked.region && onBoard > clicked.list,
              `${decisions} decisions, clicked ${JSON.stringify(clicked)}`);
    // The end shows the true position and the standing.
    compare(await shown(page), v, regions);
    const standing = await page.$$eval("#standing tr[data-seat]", (rows) => rows.map((r) => Number(r.dataset.seat)));
    assert.equal(standing.length, 2);
    assert.deepEqual(errors, []);
  } finally {
    server.stop();
  }
});

// Two tabs of one server: each has its own game, a new game in one leaves the other's alone,
// and a reload keeps the tab's game.
test("two tabs keep two games", { skip }, async () => {
  const server = await serve();
  try {
    const context = await browser.newContext();
    const first = await openPage(server, context), second = await openPage(server, context);
    assert.notEqual(await sessionOf(first.page), await sessionOf(second.page));
    const start = async (page, agents, seed) => {
      await page.fill("#new-agents", agents);
      await page.fill("#new-seed", String(seed));
      await page.click("#new-form button");
      await settled(page);
    };
    await start(first.page, "human,random", 4);
    await start(second.page, "human,random,random", 5);
    assert.equal(await first.page.textContent("#title"), "play: seed 4");
    assert.equal(await second.page.textContent("#title"), "play: seed 5");
    assert.equal((await first.page.$$("#players .player")).length, 2);
    await first.page.reload();
    await first.page.waitForSelector("body[data-ready='1']");
    assert.equal(await first.page.textContent("#title"), "play: seed 4");
    assert.equal((await first.page.$$("#players .player")).length, 2);
    assert.equal((await json(server, "api/view", second.page)).title, "seed 5");
    assert.deepEqual([...first.errors, ...second.errors], []);
    await context.close();
  } finally {
    server.stop();
  }
});

// At 1280x720 the whole table is on the screen without scrolling the page: the map, the
// market, every player's court of a 3-player game, the decision.
test("the table fits 1280x720, and the legend names every colour and symbol", { skip }, async () => {
  const server = await serve();
  try {
    const { page, errors } = await openPage(server);
    const ruleset = await json(server, "api/ruleset");
    await page.fill("#new-agents", "human,random,random");
    await page.click("#new-form button");
    await settled(page);
    const overflow = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    assert.deepEqual(overflow, [1280, 720]);
    for (const selector of ["#map", "#market", "#players .player[data-seat='0']", "#players .player[data-seat='1']",
                            "#players .player[data-seat='2']", "#legal"]) {
      const box = await (await page.$(selector)).boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720, `${selector} at ${JSON.stringify(box)}`);
    }
    // Every market card has its face: suit band, rank, icons, actions; an event its two halves.
    for (const id of (await json(server, "api/view", page)).state.market.cards.flat().filter(Boolean)) {
      const card = ruleset.cards[id];
      const face = await page.$(`#market .card[data-card='${id}']`);
      if (card.kind === "court") {
        assert.equal(await face.$eval(".stars", (e) => e.textContent), "★".repeat(card.rank));
        assert.equal((await face.$$(".icons .sym")).length, card.icons.length);
        assert.equal((await face.$$(".actions .act")).length, card.actions.length);
      } else {
        assert.equal((await face.$$(".half")).length, 2);
      }
    }
    // The legend: each suit, coalition and seat with the colour the table uses, each card
    // action by the game's name.
    await page.click("#legend-button");
    await page.waitForSelector("#legend.open");
    for (const suit of ruleset.suits) assert.ok(await page.$(`#legend [data-legend-suit='${suit}']`), suit);
    for (const c of ruleset.coalitions) assert.ok(await page.$(`#legend [data-legend-coalition='${c}']`), c);
    for (const seat of [0, 1, 2]) assert.ok(await page.$(`#legend [data-legend-seat='${seat}']`));
    assert.deepEqual(await page.$$eval("#legend [data-legend-action]", (es) => es.map((e) => e.textContent)),
                     ruleset.card_actions.map((a) => a.name));
    const band = await page.$eval("#market .card.suit-" + ruleset.suits[0] + " .band, #players .card.suit-" + ruleset.suits[0] + " .band",
                                  (e) => getComputedStyle(e).backgroundColor).catch(() => null);
    if (band) assert.equal(await page.$eval(`#legend [data-legend-suit='${ruleset.suits[0]}'] .chip`, (e) => getComputedStyle(e).backgroundColor), band);
    await page.keyboard.press("Escape");
    assert.equal(await page.$("#legend.open"), null);
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
      const v = await json(server, "api/view", page);
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
      if (clicks === 8 || !v.your_move) break;
      // The human (seat 0) takes an action on the board (its first, else a pass); the agents answer.
      assert.deepEqual((await shown(page)).legal, v.legal.map((a) => a.id).sort((a, b) => a - b));
      const pick = v.legal.find((a) => a.kind !== "pass" && a.kind !== "choice") ?? v.legal[0];
      await clickToAct(page, v, pick);
      await page.waitForFunction((n) => Number(document.body.dataset.steps) > n && document.body.dataset.animating === "0", v.steps);
      assert.ok((await json(server, "api/view", page)).log[v.steps].text.endsWith(pick.name), pick.name);
    }
    // The legend in the game's words: its card actions, its suits and factions.
    await page.click("#legend-button");
    assert.deepEqual(await page.$$eval("#legend [data-legend-action]", (es) => es.map((e) => e.textContent)),
                     ruleset.card_actions.map((a) => a.name));
    assert.deepEqual(await page.$$eval("#legend [data-legend-coalition]", (es) => es.map((e) => e.textContent)), ruleset.coalitions);
    assert.match(await page.textContent("#legend"), new RegExp(ruleset.words.army));
    assert.ok((await page.$$eval("#legend h3", (hs) => hs.map((h) => h.textContent))).includes("Factions (fleets, transports, loyalty)"));
    // A player's reputation apart from the influence (money), and the favoured suit, in the game's words.
    assert.match(await page.textContent("#players .player[data-seat='0'] .who"), /reputation \d/);
    assert.match(await page.textContent("#status"), /favoured suit: /);
    assert.doesNotMatch(await page.innerText("body"), /oalition|loyalty influence|favored suit/);
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
    // The server answers its own page as before and nothing was started or opened: a new
    // tab's session shows no game.
    const { session } = await (await fetch(target + "api/session", { method: "POST", body: "{}",
      headers: { "Content-Type": "application/json", "X-Pamir-Token": server.token } })).json();
    const v = await (await fetch(target + "api/view", { headers: { "X-Pamir-Token": server.token, "X-Pamir-Session": session } })).json();
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
