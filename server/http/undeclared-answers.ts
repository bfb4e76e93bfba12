import { DOCS_PATH, OPENAPI_PATH } from "./api-docs.ts";

/**
 * Whether a route may start without declaring its success's schema: only what is not an API
 * operation, that is a route outside `/api/`, a preflight, or the API's own description (the
 * document and its reference page).
 */
export function mayAnswerUndeclared(method: string, url: string): boolean {
  if (!url.startsWith("/api/") || method === "HEAD" || method === "OPTIONS") return true;
  return url === OPENAPI_PATH || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);
}
