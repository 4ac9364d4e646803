export const nowIso = (now = new Date()) => now.toISOString();
export const addSeconds = (seconds: number, now = new Date()) =>
  new Date(now.getTime() + seconds * 1000).toISOString();
export const HOUR = 3600;
export const DAY = 24 * HOUR;
