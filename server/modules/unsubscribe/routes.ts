import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { unsubscribeApi } from "../../../domain/api/unsubscribe.ts";
import { unsubscribeTypes } from "../../../domain/api/unsubscribe.types.ts";
import type { AuthServices } from "../../auth/better-auth.ts";
import { AppError } from "../../errors/app-error.ts";
import { registerOperation } from "../../http/operations.ts";
import { createUnsubscribeLinks } from "./unsubscribe-links.ts";

/** A one-click body is one short field; anything larger is not one. */
const FORM_LIMIT_BYTES = 2048;

/** The fields of a multipart/form-data body, read just enough for RFC 8058's one field. */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const match =
      /^\r\nContent-Disposition:\s*form-data;\s*name="([^"]+)"[^\r]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*)\r\n$/i.exec(
        part,
      );
    if (match?.[1] !== undefined && match[2] !== undefined) fields[match[1]] = match[2];
  }
  return fields;
}

/**
 * GET /api/sbs/webhook/unsubscribe?accountId&sig (the /unsubscribe page, after the person confirms)
 * and POST with the same query (RFC 8058 one-click, sent by mail clients) turn the account's
 * notification mail off. The spec's original took accountId alone, so anyone could unsubscribe
 * anyone: here the link's signature is required, and a missing or wrong one, or an account that no
 * longer exists, all answer the same 400 invalid_signature and change nothing.
 *
 * Access is "anonymous" with the check here rather than "signedLink", because a refused link must
 * answer 400 invalid_signature, not the access rule's 401.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  options: { services: AuthServices },
): Promise<void> {
  const { auth, database, config, secret } = options.services;
  const links = createUnsubscribeLinks({ publicUrl: config.publicUrl, secret });

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES },
    (request: FastifyRequest, body, done) =>
      done(null, multipartFields(String(body), request.headers["content-type"] ?? "")),
  );

  async function unsubscribe(query: z.infer<typeof unsubscribeTypes.confirm.query>): Promise<true> {
    const { accountId, sig } = query;
    if (!links.isValid(accountId, sig)) throw new AppError("invalid_signature");
    const user = await database.db
      .selectFrom("user")
      .select(["id"])
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (user === undefined) throw new AppError("invalid_signature");
    // Through better-auth, so its user hooks see the change like any other.
    const { internalAdapter } = await auth.$context;
    await internalAdapter.updateUser(user.id, { emailNotifications: false });
    return true;
  }

  const noStore = { "cache-control": "no-store" };

  registerOperation(
    app,
    unsubscribeApi.confirm,
    unsubscribeTypes.confirm,
    async (request, reply) => {
      reply.headers(noStore);
      return unsubscribe(request.query);
    },
    // Called by the /unsubscribe page: a GET that changes state, refused from another site.
    { config: { changesState: true } },
  );

  registerOperation(app, unsubscribeApi.oneClick, unsubscribeTypes.oneClick, async (request, reply) => {
    reply.headers(noStore);
    return unsubscribe(request.query);
  });
}
