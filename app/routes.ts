import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every URL of spec §2. Greek path names are part of the product and kept as they are. */
export default [
  // Public: one landing screen with login and signup modes.
  index("routes/landing.tsx"),
  route("login", "routes/landing.tsx", { id: "login" }),
  route("signup", "routes/landing.tsx", { id: "signup" }),
  route("activate/:id", "routes/activate.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  // An emailed invitation to an account's people (#18): set a password, then sign in.
  route("prosklisi/:token", "routes/prosklisi.tsx"),
  route("redirect-login/:token?", "routes/redirect-login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("language", "routes/language.tsx"),
  route("contact", "routes/contact.tsx"),
  // The page the service worker answers an offline navigation with (#39, public/sw.js).
  route("offline", "routes/offline.tsx"),
  // Applications reachable signed out: transfer to us, new supply.
  route("metavasi", "routes/metavasi.tsx"),
  route("nea-paroxi", "routes/nea-paroxi.tsx"),
  // Direct debit set-up (public): VAT, SMS code, card; processing; thank-you.
  route("direct-debit", "routes/direct-debit/index.tsx"),
  route("direct-debit/loader", "routes/direct-debit/loader.tsx"),
  route("direct-debit/thank-you", "routes/direct-debit/thank-you.tsx"),

  // The public verification page of an e-invoice's myDATA MARK, the bill's QR code (#20).
  route("e-invoice/:mark", "routes/e-invoice.tsx"),

  // Static pages.
  route("cookies-policy", "routes/static-page.tsx", { id: "cookies-policy" }),
  route("terms", "routes/static-page.tsx", { id: "terms" }),
  route("direct-debit-terms", "routes/static-page.tsx", { id: "direct-debit-terms" }),
  route("ebill-terms", "routes/static-page.tsx", { id: "ebill-terms" }),
  route("payment-terms", "routes/static-page.tsx", { id: "payment-terms" }),

  // Onboarding applicants.
  route("intermediate", "routes/intermediate.tsx"),

  // Hash links: each needs a valid signed hash; without one they redirect to "/".
  route("pay/:hash?", "routes/pay-link.tsx", { id: "pay" }),
  route("instant-bill/:hash?", "routes/pay-link.tsx", { id: "instant-bill" }),
  // A bill SMS's short link (#36 §2): on to the signed /pay/{hash} it stands for.
  route("p/:code", "routes/short-link.ts"),
  route("all-smart/:hash?", "routes/all-smart.tsx", { id: "all-smart" }),
  route("all-smart-connect", "routes/all-smart-step.tsx", { id: "all-smart-connect" }),
  route("all-smart-create", "routes/all-smart-step.tsx", { id: "all-smart-create" }),
  route("change-address/:hash?", "routes/change-address.tsx", { id: "change-address" }),
  route("mymarket/:hash?", "routes/mymarket.tsx", { id: "mymarket" }),

  // Signed-in area.
  layout("routes/b2b/layout.tsx", [
    route("instructions", "routes/b2b/instructions.tsx"),
    ...prefix("b2b", [
      index("routes/b2b/index.tsx"),
      route("episkopisi", "routes/b2b/episkopisi.tsx"),
      route("paroxes", "routes/b2b/paroxes.tsx"),
      route("paroxes/:meterId/direct-debit", "routes/b2b/direct-debit.tsx"),
      route("help", "routes/b2b/help.tsx"),
      route("mhnymata", "routes/b2b/mhnymata.tsx"),
      route("select-meter", "routes/b2b/select-meter.tsx"),
      route("settings", "routes/b2b/settings.tsx"),
      // Personal access tokens of the API (#19).
      route("settings/kleidia-api", "routes/b2b/kleidia-api.tsx"),
      route("avatar", "routes/avatar.ts"),
      route("kataxorisi", "routes/b2b/kataxorisi.tsx"),
      route("pay", "routes/b2b/pay.tsx"),
      route("logariasmoi", "routes/b2b/logariasmoi.tsx"),
      // The next bill's forecast, how it was worked out (#37 §1).
      route("provlepsi", "routes/b2b/provlepsi.tsx"),
      route("eidopoiiseis", "routes/b2b/eidopoiiseis.tsx"), // the alerts a person sets (#37 §2)
      route("diakanonismos", "routes/b2b/diakanonismos.tsx"), // a payment plan (#38 §1)
      route("timologia", "routes/b2b/timologia.tsx"),
      // #38 §2 the social residential tariff, §3 the vulnerable-customers register (its certificate:
      // the master's download, ?meter=<id>).
      route("kot", "routes/b2b/kot.tsx"),
      route("evalotes", "routes/b2b/evalotes.tsx"),
      route("evalotes/vevaiosi", "routes/b2b/evalotes-certificate.ts"),
      route("logariasmoi/:invoiceId", "routes/b2b/invoice.tsx"),
      route("invoice-pdf/:id", "routes/invoice-pdf.ts"),
      // Proof of payment (#35 §7): a payment's receipt as a PDF.
      route("receipt-pdf/:reference", "routes/receipt-pdf.ts"),
      route("export", "routes/b2b/export.ts"),
      // Requests: list, the two forms (one module: the URL tells them apart), one request, its file.
      route("aitimata", "routes/b2b/aitimata.tsx"),
      route("aitimata/allagi-onomatos", "routes/b2b/aitimata-form.tsx", {
        id: "request-name-change",
      }),
      route("aitimata/diakopi", "routes/b2b/aitimata-form.tsx", { id: "request-cancellation" }),
      route("aitimata/:requestId", "routes/b2b/aitimata-detail.tsx"),
      route("aitimata/:requestId/file", "routes/b2b/aitimata-file.ts"),
      // Statistics, calendar (+ .ics), questionnaire, important notices.
      route("statistika", "routes/b2b/statistika.tsx"),
      route("imerologio", "routes/b2b/imerologio.tsx"),
      route("imerologio.ics", "routes/b2b/imerologio-ics.ts"),
      route("erotimatologio", "routes/b2b/erotimatologio.tsx"),
      route("anakoinoseis", "routes/b2b/anakoinoseis.tsx"),
      route("anakoinoseis/:id", "routes/b2b/anakoinosi.tsx"),
      // The account's people and their invitations (#18).
      route("xristes", "routes/b2b/xristes.tsx"),
      route("xristes/nea", "routes/b2b/xristes-nea.tsx"),
      route("xristes/:personId", "routes/b2b/xristes-person.tsx"),
      // The activity log (#18).
      route("istoriko", "routes/b2b/istoriko.tsx"),
      route("istoriko.csv", "routes/b2b/istoriko-csv.ts"),
      route("*", "routes/b2b/fallback.tsx"),
    ]),
  ]),

  // Card payments: the test acquirer's hosted pages and the signed return (a GET, no session needed).
  route("gateway/pay/:token", "routes/gateway/card.tsx"),
  route("gateway/3ds/:token", "routes/gateway/three-ds.tsx"),
  route("checkout-return", "routes/checkout-return.ts"),

  // Local development only: what the outbox "sent" (activation links, codes).
  route("dev/outbox", "routes/dev-outbox.tsx"),
  route("dev/links", "routes/dev-links.tsx"),
  // The benchmark's baseline page (npm run bench); 404 in production.
  route("bench/hello", "routes/bench-hello.tsx"),

  route("locales/:lng/:ns", "routes/locales.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
