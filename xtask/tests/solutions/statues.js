// Codeforces 128A "Statues", an independent solution for node (the same search as
// statues.py): the squares Maria can be on after each round; empty means LOSE.
const rows = require("fs").readFileSync(0, "utf8").split(/\s+/).filter((w) => w.length > 0);
const blocked = (r, c, t) => r - t >= 0 && rows[r - t][c] === "S";
let frontier = new Set(["7,0"]);
for (let t = 0; t < 9; t++) {
  const next = new Set();
  for (const square of frontier) {
    const [r, c] = square.split(",").map(Number);
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const nr = r + dr, nc = c + dc;
        if (nr < 0 || nr >= 8 || nc < 0 || nc >= 8) continue;
        if (blocked(nr, nc, t) || blocked(nr, nc, t + 1)) continue;
        next.add(`${nr},${nc}`);
      }
  }
  if (next.size === 0) {
    console.log("LOSE");
    process.exit(0);
  }
  frontier = next;
}
console.log("WIN");
