import type { Lang } from "../types";

/**
 * The HTML part of every email, built from its text part: the brand's blue heading bar, the
 * subject as the heading, the text's paragraphs, each link as a real, underlined link (a line that
 * is only a link becomes a large button-like link), and the customer-service footer. Real text
 * only, no images; one column that reflows at 320 px; `color-scheme: light dark` and a dark
 * palette for mail clients that honour `prefers-color-scheme`. Colours meet WCAG AA (4.5:1).
 */
const BRAND = "#00558c"; // --primary of skin 1 (app/styles/app.css)
const BRAND_DARK_MODE = "#7cc4f2";

const FOOTER: Record<Lang, string> = {
  el: "NRG · Εξυπηρέτηση πελατών 18101 · Αυτό το μήνυμα στάλθηκε αυτόματα από το myNRG.",
  en: "NRG · Customer service 18101 · This message was sent automatically by myNRG.",
};

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

function linked(line: string): string {
  let out = "";
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0];
    out += escapeHtml(line.slice(last, match.index));
    out += `<a href="${escapeHtml(url)}" style="color:${BRAND};text-decoration:underline;word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(line.slice(last));
}

function paragraph(block: string): string {
  const lines = block.split("\n");
  if (lines.length === 1 && /^https?:\/\/\S+$/.test(block.trim())) {
    const url = escapeHtml(block.trim());
    return `<p style="margin:24px 0"><a class="button" href="${url}" style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 20px;border-radius:6px;font-weight:bold;text-decoration:underline;word-break:break-all">${url}</a></p>`;
  }
  return `<p style="margin:0 0 16px">${lines.map(linked).join("<br>")}</p>`;
}

export function emailHtml(message: { subject: string; text: string; lang: Lang }): string {
  const { subject, text, lang } = message;
  const body = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(paragraph)
    .join("\n");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
  @media (prefers-color-scheme: dark) {
    body, .page { background: #121820 !important; color: #e8edf2 !important; }
    .bar { background: #0b2d47 !important; }
    a { color: ${BRAND_DARK_MODE} !important; }
    a.button { background: ${BRAND_DARK_MODE} !important; color: #0b1620 !important; }
    .footer { color: #b8c2cc !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:#f3f5f8;color:#1c2530">
<div class="page" role="article" aria-roledescription="email" aria-label="${escapeHtml(subject)}" lang="${lang}" style="max-width:600px;margin:0 auto;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c2530">
<div class="bar" style="background:${BRAND};color:#ffffff;padding:12px 16px;font-size:20px;font-weight:bold">NRG</div>
<div style="padding:16px">
<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(subject)}</h1>
${body}
<p class="footer" style="margin:32px 0 0;font-size:14px;color:#55606c">${escapeHtml(FOOTER[lang])}</p>
</div>
</div>
</body>
</html>`;
}
