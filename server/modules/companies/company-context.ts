import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import type {
  AdminCompany,
  Company,
  CompanyBody,
  CompanyMember,
  InviteBody,
  NoSeatsDetails,
} from "../../../domain/schemas/company.ts";
import type { BillingMode } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { subscriberUntil } from "../../auth/roles.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import {
  type Entitlements,
  generateCode,
  newestCompanyPlan,
  presentSubscription,
  type SubscriptionService,
} from "../subscriptions/index.ts";
import {
  type CompanyJobs,
  hashCode,
  INVITE_REMINDER_MS,
  reminderKey,
  sendInvitation,
} from "./invitation-mail.ts";
import { administeredCompany } from "./membership-reader.ts";
import { type CompanyRow, companyRepository, type MemberRow } from "./repository.ts";

export type CompanyServiceDeps = {
  database: Database;
  billing: BillingMode;
  entitlements: Entitlements;
  /** Sets the seats a company plan pays for, at Stripe (the subscriptions module's). */
  seatPlan: Pick<SubscriptionService, "setSeats">;
  mail: MailOutbox;
  jobs: JobQueue<CompanyJobs>;
  publicUrl: string;
  clock: () => number;
  /** Message key -> text in a language (the server's locale store). */
  translate: (lng: Language, key: string, params?: Record<string, unknown>) => string;
};

/** 409 for an invitation with no seat free, saying how many more the company needs (`NoSeatsDetails`). */
export function noSeats(missing: number): AppError {
  const details: NoSeatsDetails = { seatsMissing: missing };
  return new AppError("conflict", {
    message: "errors:companies.no_seats",
    params: { count: missing },
    details,
  });
}

export function presentMember(row: MemberRow): CompanyMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    isAdmin: row.is_admin === 1,
    language: isLanguage(row.language) ? row.language : "en",
    invitedAt: row.invited_at,
    activatedAt: row.activated_at,
  };
}

/** The company's columns a body of details sets, as it creates or corrects the company. */
export function detailColumns(body: CompanyBody) {
  return {
    name: body.name,
    email: body.email,
    website: body.website || null,
    phones: JSON.stringify(body.phones ?? []),
    address: body.address || null,
  };
}

/**
 * What the parts of the company service share: finding the actor's company and members, the seats
 * and plan, presenting a company, inviting, and rewriting a member's roles after a change.
 */
export function companyContext(deps: CompanyServiceDeps) {
  const { database, clock } = deps;
  const db = database.db;

  /** The company plan: the billing user's newest B2B subscription (stripe mode). */
  async function companyPlan(trx: Kysely<DB>, company: CompanyRow) {
    if (deps.billing === "off") return null;
    return newestCompanyPlan(trx, company.billing_user_id);
  }

  async function seats(trx: Kysely<DB>, company: CompanyRow): Promise<Company["seats"]> {
    const used = await companyRepository(trx).seatsUsed(company.id);
    if (deps.billing === "off") return { used, bought: company.seat_limit };
    const plan = await companyPlan(trx, company);
    const paid = plan !== null && subscriberUntil([plan.row]) !== null;
    return { used, bought: paid && plan !== null ? plan.row.quantity : 0 };
  }

  async function present(trx: Kysely<DB>, company: CompanyRow): Promise<Company> {
    const plan = await companyPlan(trx, company);
    return {
      id: company.id,
      name: company.name,
      email: company.email,
      website: company.website,
      phones: JSON.parse(company.phones) as string[],
      address: company.address,
      seats: await seats(trx, company),
      subscription: plan === null ? null : presentSubscription(plan.row, plan.product, clock()),
      createdAt: company.created_at,
    };
  }

  return {
    deps,
    db,
    clock,
    companyPlan,
    seats,
    present,

    async presentForAdmin(company: CompanyRow): Promise<AdminCompany> {
      const members = await companyRepository(db).countByStatus(company.id);
      return { ...(await present(db, company)), members };
    },

    /** The company the actor runs, or 404. */
    async adminsCompany(actor: Actor, trx: Kysely<DB> = db): Promise<CompanyRow> {
      const company = await administeredCompany(trx, actor.userId);
      if (company === undefined) throw new AppError("not_found");
      return company;
    },

    /** The actor's own active membership, or 404. */
    async activeMembership(actor: Actor, trx: Kysely<DB> = db): Promise<MemberRow> {
      const member = await companyRepository(trx).activeMembership(actor.userId);
      if (member === undefined) throw new AppError("not_found");
      return member;
    },

    /** One of the company's members, or 404 (another company's too). */
    async memberOf(trx: Kysely<DB>, company: CompanyRow, id: string): Promise<MemberRow> {
      const member = await companyRepository(trx).member(company.id, id);
      if (member === undefined) throw new AppError("not_found");
      return member;
    },

    /** How many seats are missing for `wanted` more (0 when they fit or there is no limit). */
    async seatsMissing(trx: Kysely<DB>, company: CompanyRow, wanted: number): Promise<number> {
      const { used, bought } = await seats(trx, company);
      return bought === null ? 0 : Math.max(0, used + wanted - bought);
    },

    /** Stores an invitation with a fresh code and writes its mail, inside the caller's transaction. */
    async invite(
      trx: Kysely<DB>,
      company: CompanyRow,
      person: InviteBody,
      existing?: MemberRow,
    ): Promise<MemberRow> {
      const now = clock();
      const code = generateCode();
      const row: MemberRow = {
        id: existing?.id ?? randomUUID(),
        company_id: company.id,
        user_id: null,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        language: person.language,
        status: "invited",
        is_admin: 0,
        code_hash: hashCode(code),
        invited_at: now,
        activated_at: null,
        deactivated_at: null,
      };
      const companies = companyRepository(trx);
      if (existing === undefined) await companies.insertMember(row);
      else await companies.updateMember(row.id, row);
      await sendInvitation(deps.mail, deps.publicUrl, trx, { company, member: row, code, reminder: false });
      await deps.jobs.cancel(reminderKey(row.id), trx);
      await deps.jobs.enqueue(
        "company.invite-reminder",
        { memberId: row.id },
        { runAt: now + INVITE_REMINDER_MS, uniqueKey: reminderKey(row.id) },
        trx,
      );
      return row;
    },

    /** Whether the member is the company's last active admin (who cannot step down or leave). */
    async lastAdmin(trx: Kysely<DB>, member: MemberRow): Promise<boolean> {
      if (member.is_admin !== 1) return false;
      return (await companyRepository(trx).activeAdminCount(member.company_id)) <= 1;
    },

    /** After a membership change: the member's roles are read again (server/auth/roles.ts). */
    async refreshRoles(trx: Kysely<DB>, userId: string | null): Promise<void> {
      if (userId !== null) await deps.entitlements.refresh(userId, trx);
    },

    forgetRoles(userId: string | null): void {
      if (userId !== null) deps.entitlements.forget(userId);
    },
  };
}

export type CompanyContext = ReturnType<typeof companyContext>;
