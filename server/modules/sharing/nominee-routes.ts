import type { FastifyInstance } from "fastify";
import type { SharingOptions } from "./routes.ts";

/** Being built (nominees issue); see README.md for what goes here. */
export async function nomineeRoutes(_app: FastifyInstance, _options: SharingOptions): Promise<void> {}
