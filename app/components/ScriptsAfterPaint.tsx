import { Children, Fragment, isValidElement, type ComponentProps, type ReactNode } from "react";
import { Scripts } from "react-router";

function flatten(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
      ? flatten(child.props.children)
      : [child],
  );
}

/**
 * React Router's `<Scripts/>` without its `<link rel="modulepreload">` elements (issue #16).
 *
 * React hoists those links to the top of `<head>`, so every route chunk (the 113 KB framework
 * chunk first) is requested with the document and competes with it and the stylesheets on a slow
 * link. Lighthouse's mobile simulation (what PageSpeed Insights reports) counts them before the
 * first paint: the overview painted at 2.2 s against 1.0 s for a bare page; with scripts blocked,
 * or without these links, at 1.1–1.2 s. The page is server-rendered and works without
 * JavaScript, so paint comes first: the module script at the end of the body still imports every
 * chunk the page needs, they are fetched once the document has been read, and the page hydrates
 * a round trip later. Server and browser render the same elements (no hydration mismatch).
 */
export function ScriptsAfterPaint(props: ComponentProps<typeof Scripts>) {
  // Scripts is a plain function component; called here, its hooks are this component's.
  const children = flatten(Scripts(props) as ReactNode).filter(
    (child) => !(isValidElement(child) && child.type === "link"),
  );
  return <>{children}</>;
}
