import { chromium } from "@playwright/test";
const BASE = "http://127.0.0.1:8799";
const [login, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [360, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 }, baseURL: BASE, locale: "el-GR" });
  const page = await ctx.newPage();
  await page.goto("/login");
  await page.fill('input[name="username"]', login!);
  await page.fill('input[name="password"]', "Demo2026!");
  await page.locator("main form").first().locator("button[type=submit]").first().click();
  await page.waitForLoadState("networkidle");
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
    const name = `${out}-${p.replace(/[^a-z0-9]+/gi, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: width === 360 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(name, "overflow", overflow);
  }
  await ctx.close();
}
await browser.close();
