import type { FastifyRequest } from "fastify";
import { type Language, languageFromHeader } from "../../domain/catalog/languages.ts";

/** The signed-in account's language, else the browser's first supported one, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.actor?.language ?? languageFromHeader(request.headers["accept-language"]);
}
