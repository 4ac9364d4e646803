import { describe, expect, it } from "vitest";
import { settingsHref } from "./Header";

describe("#15 the avatar menu's settings link", () => {
  it("#15 opens settings over the page the customer is on, keeping its query", () => {
    expect(settingsHref("/b2b/logariasmoi", "")).toBe("/b2b/logariasmoi?modal=settings");
    expect(settingsHref("/b2b/logariasmoi", "?page=2&sort=due")).toBe(
      "/b2b/logariasmoi?page=2&sort=due&modal=settings",
    );
    // Already on step 2 or on the password dialog: back to step 1 of settings.
    expect(settingsHref("/b2b/episkopisi", "?modal=password")).toBe(
      "/b2b/episkopisi?modal=settings",
    );
    expect(settingsHref("/b2b/episkopisi", "?modal=settings&step=2")).toBe(
      "/b2b/episkopisi?modal=settings",
    );
  });

  it("#15 uses the overview where the page has a dialog of its own", () => {
    expect(settingsHref("/b2b/settings", "")).toBe("/b2b/episkopisi?modal=settings");
    expect(settingsHref("/b2b/pay", "?checkout=success&t=P1-ABC&a=1.00")).toBe(
      "/b2b/episkopisi?modal=settings",
    );
  });
});
