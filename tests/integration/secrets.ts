import { readFileSync } from "node:fs";
import path from "node:path";

/** The secrets the built Worker runs with (the build copies .dev.vars next to its wrangler.json). */
export function devVar(name: string): string {
  const root = path.resolve(import.meta.dirname, "../..");
  for (const file of [".dev.vars", "build/server/.dev.vars"]) {
    try {
      const line = readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .find((l) => l.startsWith(`${name}=`));
      if (line)
        return line
          .slice(name.length + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1");
    } catch {
      // try the next file
    }
  }
  throw new Error(`${name} not found in .dev.vars`);
}
