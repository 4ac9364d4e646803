import { z } from "zod";

/** GET /api/notices/:id */
export const noticeParams = z.object({ id: z.string().regex(/^\d{1,12}$/) });
/** GET /api/notices?limit= (default 50). */
export const noticeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
