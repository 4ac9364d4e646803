import type { Resource } from "i18next";

// Every JSON file under locales/{lng}/ is a namespace; eager so the Worker bundles them.
const files = import.meta.glob<{ default: Record<string, unknown> }>("./*/*.json", {
  eager: true,
});

export const resources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const [, lng, file] = path.split("/");
  if (!lng || !file) continue;
  const ns = file.replace(/\.json$/, "");
  resources[lng] ??= {};
  resources[lng][ns] = mod.default;
}
