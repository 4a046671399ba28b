#!/usr/bin/python3
# An outside agent for the tests (docs/engine-protocol.md, "Outside agents"): plays the first
# legal action of every position it is sent. With a first argument it misbehaves on purpose
# at its first go: "sleep" answers nothing, "exit" quits, "illegal" names an action that is
# not legal, "error" answers an error line, "silent" answers ok without an action, "flood"
# prints data lines without end. "child FILE [MODE]" first starts a child that writes its pid
# to FILE and sleeps on after the bot has gone, then plays well (or misbehaves as MODE).
import json
import os
import subprocess
import sys
import time

args = sys.argv[1:]
if args[:1] == ["child"]:
    subprocess.Popen(["/bin/sh", "-c", f"echo $$ > {args[1]}.tmp && mv {args[1]}.tmp {args[1]}; exec sleep 300"],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    # The child has written its pid before the bot plays: on a busy machine a short game
    # could otherwise end (and end the child) first.
    while not os.path.exists(args[1]):
        time.sleep(0.01)
    args = args[2:]
mode = args[0] if args else ""
legal = []
for line in sys.stdin:
    command, _, rest = line.strip().partition(" ")
    if command == "position":
        legal = json.loads(rest)["legal"]
        print("ok", flush=True)
    elif command == "go":
        if mode == "sleep":
            time.sleep(60)
        elif mode == "exit":
            sys.exit(3)
        elif mode == "illegal":
            print("action 99999\nok", flush=True)
        elif mode == "error":
            print("error: no idea", flush=True)
        elif mode == "silent":
            print("ok", flush=True)
        elif mode == "flood":
            while True:
                print("info " + "x" * 1000, flush=True)
        else:
            print(f"action {legal[0][0]}\nok", flush=True)
    elif command == "quit":
        print("ok", flush=True)
        break
    else:
        print(f"error: unknown command '{command}'", flush=True)
