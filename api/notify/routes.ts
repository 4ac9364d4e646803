import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../lib/errors";
import { data, documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { resolveShortLink, SHORT_CODE } from "./short-links";

const doc = documented("Payments");

const params = z.object({ code: z.string().regex(SHORT_CODE) });
const answer = z.object({ path: z.string().meta({ example: "/pay/eyJ…" }) });

/** GET /short-links/{code}: the signed pay link a bill SMS's /p/{code} stands for (#36 §2). */
export const shortLinkRoutes = new Hono<ApiEnv>().get(
  "/:code",
  doc({
    summary: "The signed pay link of a bill SMS's short link /p/{code}",
    description: "No sign-in: the code stands for the signed link, which the pay page checks.",
    ok: data(answer),
    errors: { 404: ["not_found"] },
  }),
  validate("param", params, { invalid: "not_found" }),
  async (c) => {
    const path = await resolveShortLink(c.get("db"), c.req.valid("param").code);
    if (!path) throw notFound();
    return c.json({ data: { path } });
  },
);
