// The README's picture of the board (docs/images/board.png): a 3-player game of Pax Pamir
// in the middle, at 1280x720, in Debian's Chromium, headless.
//   cd web/tests && PAMIR_BIN=../../build/pamir node screenshot.js ../../docs/images/board.png
// Options (environment): BOARD_STEP (the position, default 150), BOARD_GAME (pamir or another
// game's key), BOARD_HOVER (a card id to show enlarged, as under the pointer).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve } from "./serve.js";

const PAMIR = process.env.PAMIR_BIN || "../../build/pamir";
const OUT = process.argv[2] || "board.png";
const STEP = process.env.BOARD_STEP || "150";
const GAME = process.env.BOARD_GAME || "pamir";
const work = mkdtempSync(join(tmpdir(), "pamir-screenshot-"));
const record = join(work, "demo.json");
execFileSync(PAMIR, ["play", "--game", GAME, "--players", "3", "--agents", "heuristic,ismcts:iters=200,random", "--seed", "2",
                     "--record", record, "--quiet"]);
const server = await serve(PAMIR, "--game", GAME, "--open", record);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on("pageerror", (e) => { throw e; });
  await page.goto(`${server.url}?token=${server.token}&step=${STEP}`);
  await page.waitForSelector("body[data-ready='1']");
  if (process.env.BOARD_HOVER) await page.hover(`#players .card[data-card='${process.env.BOARD_HOVER}'], #market .card[data-card='${process.env.BOARD_HOVER}']`);
  await page.screenshot({ path: OUT });
  console.log(`${OUT}: step ${STEP} of ${record}`);
} finally {
  await browser.close();
  server.stop();
  rmSync(work, { recursive: true, force: true });
}
