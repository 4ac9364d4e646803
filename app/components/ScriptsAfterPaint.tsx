import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { Scripts } from "react-router";

function flatten(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
      ? flatten(child.props.children)
      : [child],
  );
}

/** `import * as route0 from "/assets/root-….js";`, as React Router writes a route's module. */
const STATIC_IMPORT = /^[ \t;]*import \* as ([\w$]+) from ("[^"\\\n]*");[ \t]*$/gm;

/**
 * Waits until the browser reports its first contentful paint (a `paint` entry: the frame is on
 * the screen, not just produced), or 500 ms at the latest: a tab opened in the background paints
 * nothing until it is shown and must still hydrate.
 */
const AFTER_FIRST_PAINT = `await new Promise((go) => {
  setTimeout(go, 500);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); go(); }
    }).observe({ type: "paint", buffered: true });
  } catch { go(); }
});`;

/**
 * The route-module script with its static imports turned into dynamic imports that start after
 * the browser's first paint (AFTER_FIRST_PAINT). A source with any other static import is
 * returned as it is.
 */
export function importsAfterPaint(source: string): string {
  const names: string[] = [];
  const urls: string[] = [];
  const rest = source.replace(STATIC_IMPORT, (_line, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  if (names.length === 0 || /^\s*import[\s*{"']/m.test(rest)) return source;
  return [
    AFTER_FIRST_PAINT,
    `const [${names.join(", ")}] = await Promise.all([${urls.map((url) => `import(${url})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");
}

type ScriptElement = ReactElement<{
  type?: string;
  dangerouslySetInnerHTML?: { __html: string };
}>;

/**
 * React Router's `<Scripts/>` with the page's code requested only after its first paint
 * (issue #16).
 *
 * 1. No `<link rel="modulepreload">`: React hoists those links to the top of `<head>`, so every
 *    route chunk (the 113 KB framework chunk first) was requested with the document and competed
 *    with it and the stylesheets on a slow link. Lighthouse's mobile simulation (what PageSpeed
 *    Insights reports) counted them before the first paint: the overview painted at 2.2 s against
 *    1.0 s for a bare page; without these links, at 1.1–1.2 s.
 * 2. The route modules are imported after the first paint is on the screen, not by static imports that
 *    the parser fetches the moment it reaches the end of the body. On a page whose markup takes
 *    the browser longer to lay out (the 200-supply overview) the chunks were otherwise fetched
 *    before the first paint, and Lighthouse counted them towards the largest paint (1.36 × the
 *    bare page against 1.18 for the others).
 *
 * The page is server-rendered and works without JavaScript, so paint comes first; it hydrates a
 * frame and a round trip later. Server and browser render the same elements (no hydration
 * mismatch; after hydration `<Scripts/>` renders nothing).
 */
export function ScriptsAfterPaint(props: ComponentProps<typeof Scripts>) {
  // Scripts is a plain function component; called here, its hooks are this component's.
  const children = flatten(Scripts(props) as ReactNode)
    .filter((child) => !(isValidElement(child) && child.type === "link"))
    .map((child) => {
      if (!isValidElement(child) || child.type !== "script") return child;
      const script = child as ScriptElement;
      const html = script.props.dangerouslySetInnerHTML?.__html;
      if (script.props.type !== "module" || typeof html !== "string") return child;
      return cloneElement(script, { dangerouslySetInnerHTML: { __html: importsAfterPaint(html) } });
    });
  return <>{children}</>;
}
