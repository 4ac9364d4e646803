import {
  Children,
  Fragment,
  cloneElement,
  isValidElement,
  type ComponentProps,
  type ReactNode,
} from "react";
import { Links } from "react-router";

/** What every stylesheet of a page gets: one group, in the order the routes list them. */
const PRECEDENCE = "default";

type LinkProps = { rel?: unknown; precedence?: unknown; children?: ReactNode };

function flatten(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<LinkProps>(child) && child.type === Fragment
      ? flatten(child.props.children)
      : [child],
  );
}

const isStylesheet = (child: ReactNode) =>
  isValidElement<LinkProps>(child) && child.type === "link" && child.props.rel === "stylesheet";

/**
 * The same elements, every stylesheet with a precedence. Those that had one already (the root's
 * app.css) come first, as before, when they were the only ones React hoisted: the cascade order
 * between files is what it was (a route's or a dialog's rules still override app.css).
 */
function withPrecedence(node: ReactNode): ReactNode[] {
  const children = flatten(node);
  const first = children.filter(
    (child) => isStylesheet(child) && isValidElement<LinkProps>(child) && child.props.precedence,
  );
  const rest = children
    .filter((child) => !first.includes(child))
    .map((child) =>
      isStylesheet(child) && isValidElement<LinkProps>(child)
        ? cloneElement(child, { precedence: PRECEDENCE })
        : child,
    );
  return [...first, ...rest];
}

/**
 * React Router's `<Links/>` with a React 19 `precedence` on every stylesheet it renders: the
 * root's, each route's `links` and the CSS its modules import (manifest `css`, e.g.
 * `b2b-shell-*.css`, `payments-*.css`). React emits precedence stylesheets at the top of
 * `<head>`, before the `modulepreload` links it hoists from `<Scripts/>`; without one a route's
 * stylesheet stays where `<Links/>` is, after every modulepreload, and the render-blocking CSS
 * queues behind the framework chunk (tests/integration/document-head.test.ts).
 * `ScriptsAfterPaint` now leaves those links out altogether; the order stays guarded.
 *
 * One place for every route, so no route has to remember it. On the client, React keeps such
 * stylesheets after a navigation away (it does not unload them); the route stylesheets have no
 * selectors in common, so a page looks the same whichever pages came before.
 */
export function StylesFirstLinks(props: ComponentProps<typeof Links>) {
  // Links is a plain function component; called here, its hooks are this component's, and its
  // output (a fragment of <link>/<style> elements) can be given the precedence.
  return <>{withPrecedence(Links(props))}</>;
}
