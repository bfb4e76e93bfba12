import { z } from "zod";

export const devMailboxTypes = {
  /** The kept mail, newest first, to one address when `to` is given. */
  list: {
    query: z.object({ to: z.string().max(320).optional() }),
    response: z.array(
      z.object({
        id: z.string(),
        /** The recipients, comma-separated. */
        to: z.string(),
        subject: z.string(),
        /** Epoch ms at which it was kept. */
        date: z.number(),
        text: z.string(),
        html: z.string(),
      }),
    ),
  },
};
