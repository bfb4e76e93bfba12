import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activateBodySchema,
  adminCompaniesQuerySchema,
  COMPANY_LIMITS,
  companyBodySchema,
  invitationTokenSchema,
  inviteBodySchema,
  memberPageQuerySchema,
  seatLimitBodySchema,
  seatsBodySchema,
  setRoleQuerySchema,
} from "../../../domain/schemas/company.ts";
import { actorOf } from "../../auth/ownership.ts";
import { AppError } from "../../errors/app-error.ts";
import { closeUnreadBody, filePartOf, malformedMultipart } from "../../http/file-part.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { INVITE_CSV_TEMPLATE, readInviteCsv } from "./invite-csv.ts";
import { companyRepository } from "./repository.ts";
import type { CompanyService } from "./service.ts";

const idParams = z.object({ id: z.string().max(64) });
const pageParams = z.object({
  page: z.coerce
    .number({ error: "errors:fields.invalid_type" })
    .int({ error: "errors:fields.invalid_type" })
    .min(0, { error: "errors:fields.too_small" })
    .max(1_000_000, { error: "errors:fields.too_big" }),
});

/** The most the activation page's form may weigh. */
const FORM_LIMIT_BYTES = 4_096;

/** A deleted account leaves its company; a company left without anyone goes with it. */
export const forgetCompanyMembership: AccountDeletedHook = (userId, trx) =>
  companyRepository(trx).forgetAccount(userId);

/**
 * `/api/b2b/*` of companies (server/modules/companies/README.md). Creating a company and
 * activating a seat are for any signed-in account; everything else is for the company's admins,
 * and for anyone else it does not exist (404). Answers are never cached.
 */
export async function companyRoutes(
  app: FastifyInstance,
  options: { service: CompanyService },
): Promise<void> {
  const { service } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const user = { access: "user" as const };
  const companyAdmin = { access: "companyAdmin" as const };
  await app.register(multipart);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  api.post("/api/b2b/company", { config: user, schema: { body: companyBodySchema } }, async (request) =>
    service.create(actorOf(request), request.body),
  );
  api.put(
    "/api/b2b/company",
    { config: companyAdmin, schema: { body: companyBodySchema } },
    async (request) => service.update(actorOf(request), request.body),
  );
  api.put(
    "/api/b2b/company/seats",
    { config: companyAdmin, schema: { body: seatsBodySchema } },
    async (request) => service.changeSeats(actorOf(request), request.body.seats),
  );
  api.get("/api/b2b/company", { config: user }, async (request) => service.get(actorOf(request)));
  api.post("/api/b2b/account/leave", { config: user }, async (request, reply) => {
    await service.leave(actorOf(request));
    return reply.code(204).send();
  });

  api.post("/api/b2b/invite", { config: companyAdmin, schema: { body: inviteBodySchema } }, async (request) =>
    service.inviteOne(actorOf(request), request.body),
  );
  api.get("/api/b2b/invite/template.csv", { config: companyAdmin }, async (_request, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="kinfile-invitations.csv"')
      .send(INVITE_CSV_TEMPLATE),
  );
  api.post(
    "/api/b2b/invite/upload-csv-file",
    {
      config: companyAdmin,
      onSend: closeUnreadBody,
    },
    async (request) => {
      const actor = actorOf(request);
      const part = await filePartOf(request, {
        fileSize: COMPANY_LIMITS.csvBytes,
        files: 1,
        fields: 5,
        parts: 6,
      });
      const file = await part.toBuffer().catch((error: unknown) => {
        throw malformedMultipart(error);
      });
      if (part.file.truncated) {
        throw new AppError("payload_too_large", { fields: { file: "errors:companies.csv_too_large" } });
      }
      return service.inviteMany(actor, await readInviteCsv(file), requestLanguage(request));
    },
  );

  api.post(
    "/api/b2b/account/activate",
    { config: user, schema: { body: activateBodySchema } },
    async (request) => service.activate(actorOf(request), request.body.code, request.ip),
  );

  api.get(
    "/api/b2b/invitation/:token",
    { config: { access: "anonymous" }, schema: { params: z.object({ token: invitationTokenSchema }) } },
    async (request) => service.preview(request.params.token),
  );
  api.get("/api/b2b/invitations", { config: user }, async (request) => service.invitations(actorOf(request)));
  api.post(
    "/api/b2b/invitations/:id/accept",
    { config: user, schema: { params: idParams } },
    async (request) => service.accept(actorOf(request), request.params.id),
  );

  api.get(
    "/api/b2b/accounts/page/:page",
    { config: companyAdmin, schema: { params: pageParams, querystring: memberPageQuerySchema } },
    async (request) => service.members(actorOf(request), request.params.page, request.query),
  );
  api.get(
    "/api/b2b/account/deactivate/:id",
    // A GET that changes state: refused from another site (server/http/same-site.ts).
    { config: { ...companyAdmin, changesState: true }, schema: { params: idParams } },
    async (request) => service.deactivate(actorOf(request), request.params.id),
  );
  api.post(
    "/api/b2b/reactivate/:id",
    { config: companyAdmin, schema: { params: idParams } },
    async (request) => service.reactivate(actorOf(request), request.params.id),
  );
  api.post(
    "/api/b2b/account/admin/:id",
    { config: companyAdmin, schema: { params: idParams, querystring: setRoleQuerySchema } },
    async (request) => service.setAdmin(actorOf(request), request.params.id, request.query.setRole),
  );

  const platformAdmin = { access: "platformAdmin" as const };
  api.get(
    "/api/admin/companies",
    { config: platformAdmin, schema: { querystring: adminCompaniesQuerySchema } },
    async (request) => service.adminList(request.query),
  );
  api.get(
    "/api/admin/companies/:id",
    { config: platformAdmin, schema: { params: idParams } },
    async (request) => service.adminGet(request.params.id),
  );
  api.post(
    "/api/admin/companies/:id/seats",
    { config: platformAdmin, schema: { params: idParams, body: seatLimitBodySchema } },
    async (request) => service.setSeatLimit(actorOf(request), request.params.id, request.body.seatLimit),
  );
}
