import type { Db } from "./db";
import type { ServiceClient } from "./backoffice/batch";
import type { AccessClaims } from "./lib/jwt";

export type Lang = "el" | "en";

export type ApiEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    /** From the `Language` request header (el | en, default el). */
    lang: Lang;
    /** Set by `requireBearer` only: the token's user and live server session. */
    auth: AccessClaims;
    /** Set by the back-office gate only (api/backoffice/auth.ts): the calling service client. */
    service: ServiceClient;
  };
};
