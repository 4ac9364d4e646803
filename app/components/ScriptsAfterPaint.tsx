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

/** The id of the inert copy of React Router's route-module script. */
export const ROUTE_MODULES_ID = "route-modules-after-paint";
/** A script type the browser does not run (nor fetch the imports of). */
export const INERT_TYPE = "text/x-after-paint";

/**
 * Runs the inert route-module script once the browser reports its first contentful paint (a
 * `paint` entry: the frame is on the screen), or after 500 ms at the latest (a tab opened in the
 * background paints nothing until it is shown and must still hydrate): a module script with the
 * same text and nonce, so it runs exactly as React Router wrote it (its static imports first,
 * then the globals the entry reads, then the entry).
 */
export const AFTER_PAINT_LOADER =
  // Sent in every page's document, so written small (the sign-in page's document and blocking CSS
  // must stay within 14 KB). Readable:
  //   let done = false;
  //   const run = () => {
  //     if (done) return;
  //     done = true;
  //     const code = document.getElementById(ROUTE_MODULES_ID);
  //     if (!code) return;
  //     const script = document.createElement("script");
  //     script.type = "module"; script.nonce = code.nonce; script.textContent = code.textContent;
  //     document.body.appendChild(script);
  //   };
  //   setTimeout(run, 500);
  //   try {
  //     new PerformanceObserver((list, observer) => {
  //       if (list.getEntriesByName("first-contentful-paint").length > 0) {
  //         observer.disconnect(); run();
  //       }
  //     }).observe({ type: "paint", buffered: true });
  //   } catch { run(); }
  `(()=>{let d=0;const r=()=>{if(d)return;d=1;const c=document.getElementById(${JSON.stringify(ROUTE_MODULES_ID)});if(!c)return;` +
  `const s=document.createElement("script");s.type="module";s.nonce=c.nonce;s.textContent=c.textContent;` +
  `document.body.appendChild(s)};setTimeout(r,500);try{new PerformanceObserver((l,o)=>{` +
  `if(l.getEntriesByName("first-contentful-paint").length>0){o.disconnect();r()}})` +
  `.observe({type:"paint",buffered:true})}catch{r()}})();`;

type ScriptElement = ReactElement<{
  type?: string;
  id?: string;
  async?: boolean;
  nonce?: string;
  dangerouslySetInnerHTML?: { __html: string };
}>;

/**
 * React Router's `<Scripts/>` with the page's code requested only after its first paint.
 *
 * 1. No `<link rel="modulepreload">`: React hoists those links to the top of `<head>`, so every
 *    route chunk (the 113 KB framework chunk first) was requested with the document and competed
 *    with it and the stylesheets on a slow link. Lighthouse's mobile simulation (what PageSpeed
 *    Insights reports) counted them before the first paint: the overview painted at 2.2 s against
 *    1.0 s for a bare page; without these links, at 1.1–1.2 s.
 * 2. The route-module script (static imports of the route chunks, then the globals the entry
 *    reads, then the entry) is sent inert and started after the first paint (AFTER_PAINT_LOADER),
 *    not when the parser reaches the end of the body. On a page whose markup takes the browser
 *    longer to lay out (the 200-supply overview) the chunks were otherwise fetched before the
 *    first paint, and Lighthouse counted them towards the largest paint (1.36 × the bare page
 *    against 1.18 for the others). Its text is not changed: the route chunks import the entry's
 *    chunk, which starts hydrating as soon as it runs, so the globals must be set in the same
 *    task as the imports are evaluated, as React Router's own script does.
 *
 * The page is server-rendered and works without JavaScript, so paint comes first; it hydrates
 * just after. Server and browser render the same elements (no hydration mismatch; after
 * hydration `<Scripts/>` renders nothing).
 */
export function ScriptsAfterPaint(props: ComponentProps<typeof Scripts>) {
  // Scripts is a plain function component; called here, its hooks are this component's.
  const children = flatten(Scripts(props) as ReactNode)
    .filter((child) => !(isValidElement(child) && child.type === "link"))
    .flatMap((child) => {
      if (!isValidElement(child) || child.type !== "script") return [child];
      const script = child as ScriptElement;
      if (script.props.type !== "module") return [child];
      return [
        cloneElement(script, {
          key: ROUTE_MODULES_ID,
          id: ROUTE_MODULES_ID,
          type: INERT_TYPE,
          async: undefined,
        }),
        <script
          key="after-paint-loader"
          nonce={props.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: AFTER_PAINT_LOADER }}
        />,
      ];
    });
  return <>{children}</>;
}
