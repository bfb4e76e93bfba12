import type { FastifyInstance } from "fastify";
import { searchApi } from "../../../domain/api/search.ts";
import { searchTypes } from "../../../domain/api/search.types.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { actorOf } from "../../auth/ownership.ts";
import { hasFullFile } from "../../auth/permissions.ts";
import { registerOperation } from "../../http/operations.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { searchRepository } from "./repository.ts";
import type { Search } from "./search.ts";
import { searchKinds } from "./sources.ts";

/** An account's search terms go with it. */
export const forgetSearchTerms: AccountDeletedHook = async (userId, trx) => {
  await searchRepository(trx).deleteAllOf(userId);
};

/**
 * GET /api/search?q=: the shell's search box; under `/api/files/{ownerId}` a collaborator's, in the
 * owner's file and only what the collaboration's scope covers.
 */
export async function searchRoutes(app: FastifyInstance, options: { search: Search }): Promise<void> {
  registerOperation(app, searchApi.search, searchTypes.search, async (request, reply) => {
    const actor = actorOf(request);
    // The Personal Network is everyone's; the rest is the full file's (auth/permissions.ts).
    const kinds = searchKinds(hasFullFile(actor));
    const language = requestLanguage(request);
    const { fileOwner } = request;
    if (fileOwner !== null) {
      const answer = await options.search.collaborating(
        fileOwner.userId,
        fileOwner.scope,
        request.query.q,
        kinds,
        language,
      );
      return reply.header("cache-control", "no-store").send(answer);
    }
    const own = await options.search.own(actor.userId, request.query.q, kinds, language);
    // A nominee also finds what others released to them (never anything unreleased).
    const shared = await options.search.shared(
      actor,
      request.query.q,
      language,
      LIMITS.searchResultsMax - own.results.length,
    );
    const answer = {
      results: [...own.results, ...shared.results],
      truncated: own.truncated || shared.truncated,
    };
    // Names and addresses in clear: no cache keeps a copy.
    return reply.header("cache-control", "no-store").send(answer);
  });
}
