// Starts `pamir serve` on a free port for the browser tests and the screenshot script;
// resolves to {url, token, stop}: url is the server's root, token the one it printed in its
// URL (docs/board.md, Security).
import { spawn } from "node:child_process";

export function serve(pamir, ...args) {
  return new Promise((resolve, reject) => {
    const server = spawn(pamir, ["serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
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
