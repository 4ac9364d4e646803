/** The message keys (locales, namespace tokens) of the tokens API's own 400 answers. */
export const TOKEN_ERRORS = {
  /** The expiry day is not after today, or more than a year away. */
  expiry: "tokens:errors.expiry",
  /** A chosen supply is not one the person has. */
  supplyNotYours: "tokens:errors.supplyNotYours",
  /** The person already has TOKENS_PER_PERSON live tokens. */
  tooMany: "tokens:errors.tooMany",
} as const;
