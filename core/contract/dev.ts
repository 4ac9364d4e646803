import { z } from "zod";

/** POST /dev/meters/remove (development only): the billing system drops a customer's supplies. */
export const removeMetersSchema = z.object({ username: z.string().trim().min(1) });
