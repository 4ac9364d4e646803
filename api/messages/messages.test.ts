/**
 * Messages (issue #34): SMS segment counting (GSM-7 with its extension table, UCS-2), every SMS
 * template in one segment in both languages with its longest values, E.164 numbers, the HTML part
 * of every email template in both languages, and which adapter an environment gets.
 */
import { describe, expect, it } from "vitest";
import { smsText } from "../direct-debit/service";
import { invitationEmail } from "../people/messages";
import { cardLinkedEmail } from "../all-smart/messages";
import { emails } from "../services/outbox";
import type { Lang } from "../types";
import { adapterFor, cloudflareEmail, parseAddress } from "./adapters";
import { retryDelay } from "./delivery";
import { emailHtml } from "./html";
import { smsSegments, toE164 } from "./sms";

const LANGS: Lang[] = ["el", "en"];

describe("smsSegments", () => {
  it("counts GSM-7 septets: 160 in one segment, then 153 a segment", () => {
    expect(smsSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(smsSegments("a".repeat(161)).segments).toBe(2);
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
  });

  it("counts an extension-table character as two septets", () => {
    expect(smsSegments("€").units).toBe(2);
    expect(smsSegments("[]{}^~|\\").units).toBe(16);
    expect(smsSegments(`${"a".repeat(159)}€`).segments).toBe(2);
  });

  it("keeps Greek capitals of the GSM alphabet in GSM-7, and lowercase Greek forces UCS-2", () => {
    expect(smsSegments("ΔΦΓΛΩΠΨΣΘΞ").encoding).toBe("GSM-7");
    expect(smsSegments("κωδικός")).toEqual({ encoding: "UCS-2", units: 7, segments: 1 });
    expect(smsSegments("α".repeat(70)).segments).toBe(1);
    expect(smsSegments("α".repeat(71)).segments).toBe(2);
    expect(smsSegments("α".repeat(134)).segments).toBe(2);
    expect(smsSegments("α".repeat(135)).segments).toBe(3);
  });

  it("counts characters outside both tables (an emoji is two UCS-2 units)", () => {
    expect(smsSegments("`").encoding).toBe("UCS-2");
    expect(smsSegments("😀").units).toBe(2);
  });
});

describe("every SMS template fits one segment in both languages", () => {
  // The code is always 6 digits (core/direct-debit/rules.ts CODE_LENGTH).
  it.each(LANGS)("direct-debit code (%s)", (lang) => {
    const body = smsText[lang]("999999").body;
    expect(smsSegments(body).segments, body).toBe(1);
    expect(body).toContain("999999");
  });

  it("the Greek direct-debit SMS is UCS-2 and at most 70 characters", () => {
    const count = smsSegments(smsText.el("000000").body);
    expect(count.encoding).toBe("UCS-2");
    expect(count.units).toBeLessThanOrEqual(70);
  });
});

describe("toE164", () => {
  it.each([
    ["6912345678", "+306912345678"],
    ["69 1234 5678", "+306912345678"],
    ["+306912345678", "+306912345678"],
    ["00306912345678", "+306912345678"],
    ["306912345678", "+306912345678"],
    ["2101234567", "+302101234567"],
    ["+447911123456", "+447911123456"],
  ])("%s → %s", (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });

  it.each(["", "12345", "691234567", "+30691234567890", "abc", "+3012345678"])(
    "refuses %j",
    (raw) => {
      expect(toE164(raw)).toBeNull();
    },
  );
});

describe("email HTML", () => {
  const url = "https://my.nrg.gr/activate/abc";
  const longest = "Ελευθερία-Αικατερίνη Παπαδημητροπούλου-Καραγιαννοπούλου <b>&";
  const templates: Array<[string, (lang: Lang) => { subject: string; body: string }]> = [
    ["activation", (lang) => emails.activation[lang]({ name: longest, url })],
    ["reset", (lang) => emails.reset[lang]({ name: longest, url })],
    [
      "contact",
      (lang) => emails.contact[lang]({ name: longest, url: "", reference: "ΑΙΤ-2026-000001" }),
    ],
    [
      "invitation",
      (lang) => invitationEmail[lang]({ name: longest, inviter: longest, company: longest, url }),
    ],
    ["allsmart_card", (lang) => cardLinkedEmail(lang, "9000 0000 0000 0001", "123456789")],
  ];

  for (const [name, template] of templates) {
    it.each(LANGS)(
      `${name} (%s): real text, its language, links as links, values escaped`,
      (lang) => {
        const mail = template(lang);
        const html = emailHtml({ subject: mail.subject, text: mail.body, lang });
        expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
        expect(html).toContain(
          '<meta name="viewport" content="width=device-width, initial-scale=1">',
        );
        expect(html).toContain("prefers-color-scheme: dark");
        expect(html).not.toContain("<img");
        expect(html).not.toContain("<b>&");
        expect(html).toContain("18101");
        if (mail.body.includes(url)) expect(html).toContain(`href="${url}"`);
        // Every line of the text is in the HTML (as escaped text).
        const visible = html
          .replace(/<[^>]+>/g, "\n")
          .replaceAll("&lt;", "<")
          .replaceAll("&gt;", ">")
          .replaceAll("&quot;", '"')
          .replaceAll("&#39;", "'")
          .replaceAll("&amp;", "&");
        for (const line of mail.body.split("\n").filter(Boolean)) {
          expect(visible).toContain(line);
        }
      },
    );
  }
});

describe("adapterFor", () => {
  const base = {
    ENVIRONMENT: "production",
    EMAIL_FROM: "NRG <no-reply@my.nrg.gr>",
    EMAIL_REPLY_TO: "customercare@nrg.gr",
    SMS_FROM: "NRG",
  };
  const email = { send: () => Promise.resolve({ messageId: "x" }) } as unknown as SendEmail;

  it("records to the outbox only in development; elsewhere 'outbox' and unknown values are off", () => {
    expect(
      adapterFor("email", {
        ...base,
        ENVIRONMENT: "development",
        EMAIL_PROVIDER: "outbox",
        SMS_PROVIDER: "outbox",
      }).name,
    ).toBe("outbox");
    expect(
      adapterFor("email", { ...base, EMAIL_PROVIDER: "outbox", SMS_PROVIDER: "outbox" }).name,
    ).toBe("off");
    expect(adapterFor("sms", { ...base, EMAIL_PROVIDER: "x", SMS_PROVIDER: "outbox" }).name).toBe(
      "off",
    );
    expect(adapterFor("sms", { ...base, EMAIL_PROVIDER: "x", SMS_PROVIDER: "twllio" }).name).toBe(
      "off",
    );
  });

  it("needs the binding and the secrets of a real provider", () => {
    const env = { ...base, EMAIL_PROVIDER: "cloudflare", SMS_PROVIDER: "twilio" };
    expect(adapterFor("email", env).name).toBe("off");
    expect(adapterFor("email", { ...env, EMAIL: email }).name).toBe("cloudflare");
    expect(adapterFor("sms", env).name).toBe("off");
    expect(
      adapterFor("sms", { ...env, TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" }).name,
    ).toBe("twilio");
  });

  it("parses a From with a display name", () => {
    expect(parseAddress("NRG <no-reply@my.nrg.gr>")).toEqual({
      name: "NRG",
      email: "no-reply@my.nrg.gr",
    });
    expect(parseAddress("customercare@nrg.gr")).toBe("customercare@nrg.gr");
  });
});

describe("retry delays", () => {
  it("grow after each transient failure, up to five minutes", () => {
    const env = { ENVIRONMENT: "production" };
    const delays = [1, 2, 3, 4, 5, 6, 9].map((attempt) => retryDelay(env, attempt));
    expect(delays).toEqual([10, 30, 60, 120, 300, 300, 300]);
  });

  it("OUTBOX_RETRY_SECONDS shortens them in development only", () => {
    expect(retryDelay({ ENVIRONMENT: "development", OUTBOX_RETRY_SECONDS: "0" }, 3)).toBe(0);
    expect(retryDelay({ ENVIRONMENT: "production", OUTBOX_RETRY_SECONDS: "0" }, 3)).toBe(60);
  });
});

describe("the Cloudflare email adapter", () => {
  const message = {
    id: 7,
    channel: "email" as const,
    recipient: "a@example.gr",
    subject: "S",
    body: "Hello\n\nhttps://my.nrg.gr/activate/x",
    lang: "el" as const,
  };
  const binding = (send: (m: unknown) => Promise<unknown>) => ({ send }) as unknown as SendEmail;

  it("sends text and HTML from EMAIL_FROM with Reply-To", async () => {
    let sent: Record<string, unknown> = {};
    const adapter = cloudflareEmail(
      binding((m) => {
        sent = m as Record<string, unknown>;
        return Promise.resolve({ messageId: "<1@my.nrg.gr>" });
      }),
      "NRG <no-reply@my.nrg.gr>",
      "customercare@nrg.gr",
    );
    expect(await adapter.send(message, 1000)).toEqual({
      kind: "sent",
      providerId: "<1@my.nrg.gr>",
    });
    expect(sent).toMatchObject({
      from: { name: "NRG", email: "no-reply@my.nrg.gr" },
      replyTo: "customercare@nrg.gr",
      to: "a@example.gr",
      subject: "S",
      text: message.body,
    });
    expect(sent.html).toContain('href="https://my.nrg.gr/activate/x"');
  });

  it("a refused recipient is permanent; anything else, or a timeout, is transient", async () => {
    const refusing = cloudflareEmail(
      binding(() => Promise.reject(new Error("email to a@example.gr not allowed"))),
      "n@my.nrg.gr",
      "",
    );
    expect((await refusing.send(message, 1000)).kind).toBe("permanent");
    const failing = cloudflareEmail(
      binding(() => Promise.reject(new Error("internal error"))),
      "n@my.nrg.gr",
      "",
    );
    expect((await failing.send(message, 1000)).kind).toBe("transient");
    const hanging = cloudflareEmail(
      binding(() => new Promise(() => {})),
      "n@my.nrg.gr",
      "",
    );
    expect(await hanging.send(message, 20)).toEqual({ kind: "transient", error: "timeout" });
  });
});
