/**
 * #35 §7: "Ανεξόφλητος" was a green pill in the green skin, styled like "Εξοφλημένος", because the
 * unpaid badge took the skin's primary colours. A status colour never comes from the skin: for
 * every skin of app/styles/app.css, the paid, unpaid, partly paid and overdue badges resolve to
 * colours clearly apart from each other, and each meets WCAG AA (4.5:1) on its background.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BillStatus } from "../../app/domain/bill-status";

const css = readFileSync(
  path.resolve(import.meta.dirname, "../../app/styles/app.css"),
  "utf8",
).replace(/\/\*[\s\S]*?\*\//g, "");

/** The declarations of every rule whose selector list contains `selector` exactly, in order. */
function declarations(selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = match[1]!.split(",").map((s) => s.trim());
    if (!selectors.includes(selector)) continue;
    for (const declaration of match[2]!.split(";")) {
      const colon = declaration.indexOf(":");
      if (colon < 0) continue;
      out[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
    }
  }
  return out;
}

const skins = [...css.matchAll(/\[data-skin="(\d+)"\]/g)].map((m) => m[1]!);
const rootVars = declarations(":root");

/** The custom properties in force under `html[data-skin=skin]` (the skin's block comes last). */
const varsOf = (skin: string) => ({ ...rootVars, ...declarations(`[data-skin="${skin}"]`) });

function resolve(value: string, vars: Record<string, string>): string {
  const match = /^var\((--[\w-]+)\)$/.exec(value);
  return match ? resolve(vars[match[1]!] ?? "", vars) : value;
}

function rgb(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex);
  if (!match) throw new Error(`not a hex colour: ${hex}`);
  const full = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

function hue(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueApart = (a: string, b: string) => {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
};

/** The class BillStatusBadge gives each status (read from the component, not repeated here). */
const component = readFileSync(
  path.resolve(import.meta.dirname, "../../app/components/BillStatusBadge.tsx"),
  "utf8",
);
function classOf(status: BillStatus): string {
  const match = new RegExp(`${status}: "([^"]*)"`).exec(component);
  if (!match) throw new Error(`no tone for ${status} in BillStatusBadge.tsx`);
  return match[1]!;
}

function badgeColours(status: BillStatus, skin: string) {
  const vars = varsOf(skin);
  const base = declarations(".badge");
  const tone = classOf(status) ? declarations(`.${classOf(status)}`) : {};
  const rules = { ...base, ...tone };
  return {
    color: resolve(rules.color ?? "", vars),
    background: resolve(rules.background ?? "", vars),
  };
}

const STATUSES: BillStatus[] = ["paid", "unpaid", "partlyPaid", "overdue"];

describe("#35 status badges keep their own colours in every skin", () => {
  it("finds the skins", () => {
    expect(skins.length).toBeGreaterThanOrEqual(3);
  });

  for (const skin of new Set(skins)) {
    it(`skin ${skin}: paid, unpaid, partly paid and overdue differ, each AA`, () => {
      const colours = STATUSES.map((status) => ({ status, ...badgeColours(status, skin) }));
      for (const { status, color, background } of colours) {
        expect(contrast(color, background), `${status} in skin ${skin}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      const paid = colours.find((c) => c.status === "paid")!;
      for (const other of colours.filter((c) => c.status !== "paid")) {
        // Apart in hue (not a lighter or darker green): at least 30° on the colour wheel.
        expect(
          hueApart(other.color, paid.color),
          `${other.status} vs paid, skin ${skin}`,
        ).toBeGreaterThanOrEqual(30);
      }
      expect(new Set(colours.map((c) => `${c.color}/${c.background}`)).size).toBe(STATUSES.length);
    });
  }

  it("no skin sets a status colour", () => {
    for (const skin of new Set(skins)) {
      const own = Object.keys(declarations(`[data-skin="${skin}"]`));
      expect(own.filter((name) => /^--(success|warning|danger|info)/.test(name))).toEqual([]);
    }
  });
});
