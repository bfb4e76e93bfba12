/**
 * The token an invitation mail's register link carries (`?invitation=`): the SHA-256 of its code,
 * which names the invitation without being able to activate it. A module of its own, without the
 * schema library: the sign-in pages read it at start (company.ts has its schema).
 */
export const INVITATION_PARAM = "invitation";
export const INVITATION_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
