// The reference engine's random-game driver (bench/reference/rtt_random_games.js), against a
// stand-in rules module with the Rally the Troops interface (setup, view, action): what a
// random player may pick, when a game ends, and how bad arguments are refused. Run by CTest
// (bench.ReferenceDriver); by hand: node --test tests/bench/
'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const DRIVER = path.join(__dirname, '..', '..', 'bench', 'reference', 'rtt_random_games.js')
const { choices, play_game, make_random } = require(DRIVER)

// A game of six decisions: pick a number; after a 3 the player holds a piece with nowhere to
// go and may only undo (as in that engine's move action). The game of seed 13 never ends: its
// only choice leads to undo and back (as that engine's Infrastructure can).
const STAND_IN = `
exports.scenarios = ["2P", "3P"]
exports.setup = (seed, scenario, options) => ({ seed, state: "pick", active: "A", picks: 0, stuck: false })
exports.view = (state, role) => ({
  actions: state.stuck ? { undo: 1, next: 0 } : state.seed === 13 ? { pick: [3] } : { pick: [1, 2, 3], pass: 1, undo: 0 },
})
exports.action = (state, role, name, arg) => {
  if (name === "undo") return { ...state, stuck: false }
  const picks = state.seed === 13 ? 0 : state.picks + 1
  return { ...state, picks, stuck: arg === 3, state: picks === 6 ? "game_over" : "pick" }
}
`

function stand_in_file() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pamir-rtt-'))
  const file = path.join(folder, 'rules.js')
  fs.writeFileSync(file, STAND_IN)
  return file
}

test('every (action, argument) pair is a choice; 0 and undo are not', () => {
  assert.deepEqual(choices({ pick: [1, 2], pass: 1, undo: 1, next: 0 }),
                   [['pick', 1], ['pick', 2], ['pass', undefined]])
})

test('undo is chosen when it is the only way on', () => {
  assert.deepEqual(choices({ undo: 1, next: 0 }), [['undo', undefined]])
  assert.deepEqual(choices({ undo: 0 }), [])
})

test('the move stream is uniform enough and repeats from its seed', () => {
  const random = make_random(7), counts = [0, 0, 0]
  for (let i = 0; i < 30000; ++i) ++counts[random(3)]
  for (const n of counts) assert.ok(n > 9500 && n < 10500, `counts ${counts}`)
  const a = make_random(7), b = make_random(7)
  for (let i = 0; i < 10; ++i) assert.equal(a(1000), b(1000))
})

test('a game is played to its end, undo steps included', () => {
  const rules = require(stand_in_file())
  const random = make_random(1)
  for (let seed = 1; seed <= 12; ++seed) {
    const decisions = play_game(rules, '3P', seed, random)
    assert.ok(decisions >= 6, `${decisions} decisions`)
  }
})

test('a game that cannot end is abandoned', () => {
  const rules = require(stand_in_file())
  assert.equal(play_game(rules, '3P', 13, make_random(1)), -1)
})

function run(args) {
  return spawnSync(process.execPath, [DRIVER, ...args], { encoding: 'utf8' })
}

test('the command line times games and prints one JSON object', () => {
  const result = run(['--rules', stand_in_file(), '--players', '2', '--seconds', '0.2', '--warmup', '0'])
  assert.equal(result.status, 0, result.stderr)
  const report = JSON.parse(result.stdout)
  assert.equal(report.players, 2)
  assert.ok(report.games > 0 && report.cpu_seconds >= 0.05)
  assert.ok(report.mean_decisions_per_game >= 6)
  assert.equal(report.abandoned, 1, 'the game of seed 13 is among the timed ones')
})

test('bad arguments get one line and exit 2', () => {
  const rules = stand_in_file()
  for (const [args, message] of [
    [['--rules', '/nonexistent/rules.js'], /cannot load/],
    [['--rules', rules, '--players', '5'], /no 5-player scenario/],
    [['--rules', rules, '--seconds', '-1'], /positive number/],
    [['--rules', rules, '--frobnicate', '1'], /unknown argument/],
    [[], /--rules PATH .* is required/],
  ]) {
    const result = run(args)
    assert.equal(result.status, 2, `${args}: ${result.stderr}`)
    assert.match(result.stderr, message)
    assert.equal(result.stderr.trim().split('\n').length, 1)
  }
})
