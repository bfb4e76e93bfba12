import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminApi } from "../../../domain/api/admin.ts";
import { adminTypes } from "../../../domain/api/admin.types.ts";
import { companiesApi } from "../../../domain/api/companies.ts";
import { companiesTypes } from "../../../domain/api/companies.types.ts";
import { COMPANY_LIMITS } from "../../../domain/schemas/company.ts";
import { actorOf } from "../../auth/ownership.ts";
import { AppError } from "../../errors/app-error.ts";
import { closeUnreadBody, filePartOf, malformedMultipart } from "../../http/file-part.ts";
import { registerOperation } from "../../http/operations.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import type { AccountDeletedHook } from "../account/index.ts";
import { INVITE_CSV_TEMPLATE, readInviteCsv } from "./invite-csv.ts";
import { companyRepository } from "./repository.ts";
import type { CompanyService } from "./service.ts";

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
  await app.register(multipart);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  registerOperation(app, companiesApi.create, companiesTypes.create, async (request) =>
    service.create(actorOf(request), request.body),
  );
  registerOperation(app, companiesApi.update, companiesTypes.update, async (request) =>
    service.update(actorOf(request), request.body),
  );
  registerOperation(app, companiesApi.changeSeats, companiesTypes.changeSeats, async (request) =>
    service.changeSeats(actorOf(request), request.body.seats),
  );
  registerOperation(app, companiesApi.company, companiesTypes.company, async (request) =>
    service.get(actorOf(request)),
  );
  registerOperation(app, companiesApi.leave, companiesTypes.leave, async (request, reply) => {
    await service.leave(actorOf(request));
    return reply.code(204).send();
  });

  registerOperation(app, companiesApi.invite, companiesTypes.invite, async (request) =>
    service.inviteOne(actorOf(request), request.body),
  );
  registerOperation(
    app,
    companiesApi.inviteTemplate,
    companiesTypes.inviteTemplate,
    async (_request, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="kinfile-invitations.csv"')
        .send(INVITE_CSV_TEMPLATE),
  );
  registerOperation(
    app,
    companiesApi.inviteCsv,
    companiesTypes.inviteCsv,
    async (request) => {
      const actor = actorOf(request);
      const part = await filePartOf(request as FastifyRequest, {
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
      return service.inviteMany(actor, await readInviteCsv(file), requestLanguage(request as FastifyRequest));
    },
    { onSend: closeUnreadBody },
  );

  registerOperation(app, companiesApi.activate, companiesTypes.activate, async (request) =>
    service.activate(actorOf(request), request.body.code, request.ip),
  );

  registerOperation(app, companiesApi.invitationPreview, companiesTypes.invitationPreview, async (request) =>
    service.preview(request.params.token),
  );
  registerOperation(app, companiesApi.invitations, companiesTypes.invitations, async (request) =>
    service.invitations(actorOf(request)),
  );
  registerOperation(app, companiesApi.accept, companiesTypes.accept, async (request) =>
    service.accept(actorOf(request), request.params.id),
  );

  registerOperation(app, companiesApi.members, companiesTypes.members, async (request) =>
    service.members(actorOf(request), request.params.page, request.query),
  );
  registerOperation(
    app,
    companiesApi.deactivate,
    companiesTypes.deactivate,
    async (request) => service.deactivate(actorOf(request), request.params.id),
    // A GET that changes state: refused from another site (server/http/same-site.ts).
    { config: { changesState: true } },
  );
  registerOperation(app, companiesApi.reactivate, companiesTypes.reactivate, async (request) =>
    service.reactivate(actorOf(request), request.params.id),
  );
  registerOperation(app, companiesApi.setAdmin, companiesTypes.setAdmin, async (request) =>
    service.setAdmin(actorOf(request), request.params.id, request.query.setRole),
  );

  registerOperation(app, adminApi.companies, adminTypes.companies, async (request) =>
    service.adminList(request.query),
  );
  registerOperation(app, adminApi.company, adminTypes.company, async (request) =>
    service.adminGet(request.params.id),
  );
  registerOperation(app, adminApi.setCompanySeats, adminTypes.setCompanySeats, async (request) =>
    service.setSeatLimit(actorOf(request), request.params.id, request.body.seatLimit),
  );
}
