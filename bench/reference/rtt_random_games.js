#!/usr/bin/env node
// Uniformly random games of the Rally the Troops Pax Pamir engine (rules.js), timed by
// processor seconds, so that `pamir bench` has a reference to be measured against in the same
// run (scripts/bench-reference). The engine is not shipped: --rules names the rules.js of a
// checkout of github.com/rally-the-troops/pax-pamir.
//
// A random player picks uniformly among every (action, argument) pair the view offers, as
// `pamir bench` picks among its legal actions. `undo` is taken only when it is the sole
// choice: that engine lets a player pick a piece that then has nowhere to go.
//
// That engine can also leave a player a choice whose only way on is undo, back to the same
// choice (Infrastructure's extra block when the player rules no region), so a game not over
// after kMaxDecisionsPerGame decisions is abandoned: counted apart (`abandoned`), its processor
// time left out of the rate. (Of 3,000 random 3-player games none was abandoned, the longest
// took 950 decisions and the median 382; about one game in several thousand loops.)
//
// Games are played untimed for --warmup processor seconds first: node compiles the engine's
// functions as they grow hot, and from a cold start its games per second climb for several
// seconds (here from about 100 in the first second to over 500 after eight). The timed games
// measure the engine as a long run sees it.
//
//   node rtt_random_games.js --rules PATH [--players 3] [--seconds 5] [--warmup 10] [--seed 1]
// prints one JSON object: games, decisions, cpu_seconds, games_per_s, mean_decisions_per_game.
'use strict'
const path = require('path')

function fail(message) {
  process.stderr.write(`error: ${message}\n`)
  process.exit(2)
}

function parse_args(argv) {
  const args = { rules: null, players: 3, seconds: 5, warmup: 10, seed: 1 }
  for (let i = 0; i < argv.length; ++i) {
    const flag = argv[i], value = argv[i + 1]
    if (!flag.startsWith('--') || !Object.hasOwn(args, flag.slice(2))) fail(`unknown argument '${flag}'`)
    if (value === undefined) fail(`${flag} needs a value`)
    ++i
    if (flag === '--rules') { args.rules = value; continue }
    const number = Number(value)
    if (!Number.isFinite(number) || number < 0 || (number === 0 && flag !== '--warmup'))
      fail(`${flag} must be a positive number, not '${value}'`)
    args[flag.slice(2)] = number
  }
  if (!args.rules) fail('--rules PATH (the rules.js of a Rally the Troops pax-pamir checkout) is required')
  if (!Number.isInteger(args.players)) fail('--players must be a whole number')
  return args
}

// The every-choice list of a view's actions: {name: 1} or {name: [arguments]}; 0 is "not now".
function choices(actions) {
  const out = []
  for (const name in actions) {
    if (name === 'undo') continue
    const value = actions[name]
    if (value === 1) out.push([name, undefined])
    else if (Array.isArray(value)) for (const arg of value) out.push([name, arg])
  }
  if (out.length === 0 && actions.undo === 1) out.push(['undo', undefined])
  return out
}

// A small LCG for the moves: the engine's own generator drives its deals from the seed.
function make_random(seed) {
  let x = seed >>> 0
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return Math.floor((x / 4294967296) * n)
  }
}

const kMaxDecisionsPerGame = 2000

// Plays one game; returns its decisions, or -1 if it was abandoned.
function play_game(rules, scenario, seed, random) {
  let state = rules.setup(seed, scenario, {})
  let decisions = 0
  while (state.state !== 'game_over') {
    if (decisions === kMaxDecisionsPerGame) return -1
    const view = rules.view(state, state.active)
    const list = choices(view.actions || {})
    if (list.length === 0) throw new Error(`no action offered in state '${state.state}' (seed ${seed})`)
    const [name, arg] = list[random(list.length)]
    state = rules.action(state, state.active, name, arg)
    ++decisions
  }
  return decisions
}

function main() {
  const args = parse_args(process.argv.slice(2))
  let rules
  try {
    rules = require(path.resolve(args.rules))
  } catch (e) {
    fail(`cannot load ${args.rules}: ${e.message.split('\n')[0]}`)
  }
  if (typeof rules.setup !== 'function' || typeof rules.view !== 'function' || typeof rules.action !== 'function')
    fail(`${args.rules} is not a Rally the Troops rules module (setup, view, action)`)
  const scenario = `${args.players}P`
  if (Array.isArray(rules.scenarios) && !rules.scenarios.includes(scenario))
    fail(`the engine has no ${args.players}-player scenario`)
  const random = make_random(args.seed)
  const cpu_seconds_since = (start) => {
    const used = process.cpuUsage(start)
    return (used.user + used.system) / 1e6
  }
  // The warm-up games have seeds of their own, below the timed ones'.
  const warmup_start = process.cpuUsage()
  for (let game = 0; cpu_seconds_since(warmup_start) < args.warmup; ++game)
    play_game(rules, scenario, 1000000000 + args.seed + game, random)
  const start = process.cpuUsage()
  let games = 0, decisions = 0, abandoned = 0, abandoned_seconds = 0, seconds = 0
  do {
    const before = cpu_seconds_since(start)
    const played = play_game(rules, scenario, args.seed + games + abandoned, random)
    const after = cpu_seconds_since(start)
    if (played < 0) {
      ++abandoned
      abandoned_seconds += after - before
    } else {
      ++games
      decisions += played
    }
    seconds = after - abandoned_seconds
  } while (seconds < args.seconds)
  console.log(JSON.stringify({
    engine: 'rally-the-troops', players: args.players, games, decisions, cpu_seconds: seconds,
    games_per_s: games / seconds, mean_decisions_per_game: decisions / games, abandoned, warmup_seconds: args.warmup,
    node: process.version,
  }))
}

if (require.main === module) {
  try {
    main()
  } catch (e) {
    fail(e.message)
  }
}
module.exports = { choices, play_game, make_random }
