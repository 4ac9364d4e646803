/**
 * Fails (exit 1) if chart library code reached the browser bundle. Charts are rendered to SVG on
 * the server (app/.server/charts.server.tsx); recharts and its d3 dependencies must never be in
 * build/client. Run after `npm run build`:  node scripts/check-client-bundle.ts
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(root, "build", "client", "assets");
const FORBIDDEN = /recharts|victory-vendor|d3-scale|d3-shape|d3-interpolate/;

let files: string[];
try {
  files = readdirSync(assets).filter((f) => f.endsWith(".js"));
} catch {
  console.error(`no ${path.relative(root, assets)}: run \`npm run build\` first`);
  process.exit(2);
}

const offenders = files.filter((f) => FORBIDDEN.test(readFileSync(path.join(assets, f), "utf8")));
const totalKb = files.reduce((sum, f) => sum + statSync(path.join(assets, f)).size, 0) / 1024;
if (offenders.length > 0) {
  console.error(`chart library code in the client bundle: ${offenders.join(", ")}`);
  process.exit(1);
}
console.log(
  `client bundle: ${files.length} JS files, ${totalKb.toFixed(0)} KB, no chart library code`,
);
