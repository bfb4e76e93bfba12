import { z } from "zod";

export const authOptionsTypes = {
  /** Which ways of signing in this server offers: the provider button only when OIDC is configured. */
  options: {
    response: z.object({
      oidc: z.boolean(),
      passkey: z.boolean(),
      registration: z.boolean(),
      /** The external provider's display name, when the server gives one. */
      oidcName: z.string().optional(),
    }),
  },
};
