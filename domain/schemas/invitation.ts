import { z } from "zod";

/**
 * The token an invitation mail's register link carries (`?invitation=`): the SHA-256 of its code,
 * which names the invitation without being able to activate it. A module of its own: the sign-in
 * pages read it at start, without the company schemas' weight.
 */
export const INVITATION_PARAM = "invitation";
export const invitationTokenSchema = z.string().regex(/^[0-9a-f]{64}$/, "errors:fields.invalid_format");
