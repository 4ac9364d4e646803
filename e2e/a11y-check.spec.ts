import { expect, findA11yViolations, test } from "./fixtures";

/**
 * The accessibility check itself (fixtures.ts runs axe in the page, or on the server-rendered
 * snapshot without JavaScript): a page with known faults must fail it, so that "no violations"
 * elsewhere means something. (data-hydrated: the page fixture waits for it with JavaScript on.)
 */
const FAULTY = `<!doctype html><html lang="en" data-hydrated="true"><head><title>faults</title></head><body>
<main><h1>Faults</h1>
<img src="/favicon.ico">
<form><input type="text" name="unlabelled"></form>
<p style="color:#bbb;background:#fff">Low contrast text</p>
<div id="ignored"><img src="/favicon.ico"></div>
</main></body></html>`;

test("the accessibility check finds a missing alt, a missing label and low contrast", async ({
  page,
  baseURL,
}) => {
  const url = new URL("/__a11y-check-fixture", baseURL).href;
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: FAULTY }),
  );
  await page.goto(url);
  const ids = (await findA11yViolations(page)).map((v) => v.id).sort();
  expect(ids).toEqual(expect.arrayContaining(["color-contrast", "image-alt", "label"]));

  // `exclude` and `disableRules` are honoured: only the first image is left.
  const narrowed = await findA11yViolations(page, {
    exclude: ["#ignored"],
    disableRules: ["color-contrast", "label"],
  });
  expect(narrowed.map((v) => v.id)).toEqual(["image-alt"]);
  expect(narrowed[0]?.nodes).toHaveLength(1);
});
