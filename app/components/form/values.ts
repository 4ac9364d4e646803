/**
 * Form values as the form holds them: nested by field name ("items[0].amount"), serialized as
 * Conform does (strings, "on" for a checked box, ISO dates), so that what the server answers in
 * `submission.reply()` and what the browser reads from the form compare alike.
 */

export type Path = (string | number)[];
export type Tree = Record<string, unknown>;

export function pathOf(name: string): Path {
  const path: Path = [];
  for (const m of name.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) {
    path.push(m[1] !== undefined ? Number(m[1]) : (m[2] as string));
  }
  return path;
}

export function getAt(value: unknown, name: string): unknown {
  let current = value;
  for (const key of pathOf(name)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function setAt(root: Tree, name: string, value: unknown): Tree {
  const path = pathOf(name);
  const copy: Tree = { ...root };
  let target: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      target[key] = value;
      return;
    }
    const next = target[key];
    const child = (
      Array.isArray(next)
        ? [...(next as unknown[])]
        : next && typeof next === "object"
          ? { ...(next as Tree) }
          : typeof path[i + 1] === "number"
            ? []
            : {}
    ) as Record<string | number, unknown>;
    target[key] = child;
    target = child;
  });
  return copy;
}

/** Values as a form holds them (Conform's serialization): strings, "on" for true, ISO dates. */
export function serialize(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  if (typeof File !== "undefined" && value instanceof File) return undefined;
  if (Array.isArray(value)) return value.map(serialize);
  if (typeof value === "object") {
    const out: Tree = {};
    for (const [key, item] of Object.entries(value)) {
      const serialized = serialize(item);
      if (serialized !== undefined) out[key] = serialized;
    }
    return out;
  }
  return undefined;
}

/** A form's entries as a nested value ("items[0].amount" → { items: [{ amount }] }). */
export function formValue(formData: FormData): Tree {
  let tree: Tree = {};
  const seen = new Set<string>();
  for (const [name, entry] of formData.entries()) {
    if (name.startsWith("__")) continue;
    const value = typeof entry === "string" ? entry : entry.size > 0 ? entry : undefined;
    if (seen.has(name)) {
      const previous = getAt(tree, name);
      tree = setAt(tree, name, [...(Array.isArray(previous) ? previous : [previous]), value]);
    } else {
      seen.add(name);
      tree = setAt(tree, name, value);
    }
  }
  return tree;
}
