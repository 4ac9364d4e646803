import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const js of [false, true]) {
const ctx = await browser.newContext({ baseURL: "http://127.0.0.1:8799", javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto("/login");
await page.fill('input[name="username"]', "user@beta.example");
await page.fill('input[name="password"]', "Demo2026!");
await page.locator("main form").first().locator("button[type=submit]").first().click();
await page.waitForLoadState("networkidle");
await page.request.post("/b2b/select-meter", { form: { meter_id: "1002" }, headers: { origin: "http://127.0.0.1:8799" } });
await page.goto("/b2b/kataxorisi");
const html = await page.locator("main").innerHTML();
console.log("selects:", await page.locator("main select").count(), "inputs:", await page.locator("main input").evaluateAll((els) => els.map((e) => `${(e as HTMLInputElement).name}=${(e as HTMLInputElement).type}`).join(",")));
const sel = page.locator('main select[name="meter_id"]');
if (await sel.count()) { await sel.selectOption("1002"); if (!js) { const b = page.locator("main form button").first(); } }
await page.waitForLoadState("networkidle");
console.log("inputs after:", await page.locator("main input").evaluateAll((els) => els.map((e) => `${(e as HTMLInputElement).name}=${(e as HTMLInputElement).type}`).join(",")));
const day = page.locator('main input[name="day"]');
if (await day.count()) { await day.fill("999999"); await page.locator('main form:has(input[name="day"]) button[type=submit]').last().click(); await page.waitForLoadState("networkidle"); }
console.log(js, (await page.locator("main").innerText()).slice(0, 900));
await page.screenshot({ path: `/work/wt/shots/reading-${js}.png`, fullPage: true });
await ctx.close();
}
await browser.close();
