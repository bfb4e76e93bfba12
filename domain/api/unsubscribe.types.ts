import { z } from "zod";

/** The email's signed link, passed on as received: the server checks it. */
const linkQuery = z.object({
  accountId: z.string().max(200).optional(),
  sig: z.string().max(200).optional(),
});

export const unsubscribeTypes = {
  /** The /unsubscribe page, once the person confirms. */
  confirm: { query: linkQuery, response: z.literal(true) },
  /** RFC 8058 one-click, sent by mail clients: the body carries exactly this field. */
  oneClick: {
    query: linkQuery,
    body: z.object({ "List-Unsubscribe": z.literal("One-Click") }),
    response: z.literal(true),
  },
};
