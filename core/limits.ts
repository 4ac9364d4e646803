/** Limits of the API contract that the portal plans its calls around. */

/** The most supply ids one request may name (`ids=` of …/meters and …/shell). */
export const METER_IDS_LIMIT = 1000;
