import { z } from "zod";

/**
 * The answer a test's own route declares: the server refuses to start an API route that declares
 * none (server/auth/access.ts), and a test route's answer is whatever the test returns.
 */
export const ANY_ANSWER = { response: { 200: z.unknown() } } as const;
