import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import { isLanguage } from "../../../domain/catalog/languages.ts";
import type {
  AdminCompaniesQuery,
  AdminCompany,
  Company,
  CompanyBody,
  CompanyForReader,
  CompanyMember,
  InvitationPreview,
  InviteBody,
  InviteCsvAnswer,
  InviteRowOutcome,
  MemberPageQuery,
  NoSeatsDetails,
  PendingInvitation,
} from "../../../domain/schemas/company.ts";
import { INVITATION_PARAM } from "../../../domain/schemas/company.ts";
import { type Page, pageOf } from "../../../domain/schemas/page.ts";
import type { ActivationResult, BillingMode } from "../../../domain/schemas/subscription.ts";
import type { Actor } from "../../auth/access.ts";
import { authBoolean } from "../../auth/auth-values.ts";
import { subscriberUntil } from "../../auth/roles.ts";
import type { Database } from "../../db/database.ts";
import { containsText } from "../../db/like.ts";
import type { CompanyMemberTable, CompanyTable, DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { markJobDone } from "../../jobs/queue.ts";
import type { JobHandlers, JobQueue } from "../../jobs/runner.ts";
import type { MailOutbox } from "../../mail/outbox.ts";
import { audit } from "../admin/audit.ts";
import {
  displayCode,
  generateCode,
  normalizeCode,
  recordFailedAttempt,
  refuseGuessing,
} from "../subscriptions/codes.ts";
import type { Entitlements } from "../subscriptions/entitlements.ts";
import { presentSubscription, type SubscriptionService } from "../subscriptions/service.ts";
import { type CsvInviteRow, describeProblem } from "./invite-csv.ts";
import { administeredCompany } from "./membership-reader.ts";

type CompanyRow = Selectable<CompanyTable>;
type MemberRow = Selectable<CompanyMemberTable>;

export type CompanyJobs = { "company.invite-reminder": { memberId: string } };

/** The spec's issue: one reminder a week after the invitation, if the seat is still not activated. */
export const INVITE_REMINDER_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVATE_PATH = "/b2b/activate";
/** Where a signed-in invitee finds the invitation with its Accept button. */
export const COMPANY_PAGE_PATH = "/b2b";

/** Statuses that take a seat: an invitation holds one until it is activated or withdrawn. */
const SEATED = ["invited", "active"] as const;

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
function noSeats(missing: number): AppError {
  const details: NoSeatsDetails = { seatsMissing: missing };
  return new AppError("conflict", {
    message: "errors:companies.no_seats",
    params: { count: missing },
    details,
  });
}

/** Addresses compared as people type them: case and surrounding spaces aside. */
function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function hashCode(code: string): string {
  return createHash("sha256").update(normalizeCode(code)).digest("hex");
}

function presentMember(row: MemberRow): CompanyMember {
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
function detailColumns(body: CompanyBody) {
  return {
    name: body.name,
    email: body.email,
    website: body.website || null,
    phones: JSON.stringify(body.phones ?? []),
    address: body.address || null,
  };
}

const reminderKey = (memberId: string) => `company.invite-reminder:${memberId}`;

/** The invitation mail (or its reminder), in the invitee's language, inside the caller's transaction. */
async function sendInvitation(
  mail: MailOutbox,
  publicUrl: string,
  trx: Kysely<DB>,
  invitation: { company: CompanyRow; member: MemberRow; code: string; reminder: boolean },
): Promise<void> {
  const { company, member, reminder } = invitation;
  const code = displayCode(invitation.code);
  const register = new URLSearchParams({
    email: member.email,
    next: COMPANY_PAGE_PATH,
    [INVITATION_PARAM]: hashCode(invitation.code),
  });
  await mail.enqueueMail(
    {
      to: member.email,
      template: "companyInvitation",
      lng: isLanguage(member.language) ? member.language : "en",
      data: {
        company: company.name,
        firstName: member.first_name,
        code,
        activateUrl: `${publicUrl}${ACTIVATE_PATH}?code=${encodeURIComponent(code)}`,
        registerUrl: `${publicUrl}/register?${register}`,
        reminder,
      },
    },
    trx,
  );
}

/**
 * Companies and their members (domain/schemas/company.ts). Every call acts for a company admin
 * on their own company, found from their membership: another company's members and calls do not
 * exist for them (404). A member's file is never read here: the admin sees the membership only.
 */
export function createCompanyService(deps: CompanyServiceDeps) {
  const { database, clock } = deps;
  const db = database.db;

  /** The company the actor runs, or 404. */
  async function adminsCompany(actor: Actor, trx: Kysely<DB> = db): Promise<CompanyRow> {
    const company = await administeredCompany(trx, actor.userId);
    if (company === undefined) throw new AppError("not_found");
    return company;
  }

  /** The actor's own active membership, or 404. */
  async function activeMembership(actor: Actor, trx: Kysely<DB> = db): Promise<MemberRow> {
    const member = await trx
      .selectFrom("company_member")
      .selectAll()
      .where("user_id", "=", actor.userId)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (member === undefined) throw new AppError("not_found");
    return member;
  }

  async function memberOf(trx: Kysely<DB>, company: CompanyRow, id: string): Promise<MemberRow> {
    const member = await trx
      .selectFrom("company_member")
      .selectAll()
      .where("id", "=", id)
      .where("company_id", "=", company.id)
      .executeTakeFirst();
    if (member === undefined) throw new AppError("not_found");
    return member;
  }

  /** The company plan: the billing user's newest B2B subscription (stripe mode). */
  async function companyPlan(trx: Kysely<DB>, company: CompanyRow) {
    if (deps.billing === "off") return null;
    const row = await trx
      .selectFrom("subscription")
      .innerJoin("product", "product.id", "subscription.product_id")
      .selectAll("subscription")
      .where("subscription.user_id", "=", company.billing_user_id)
      .where("product.is_b2b", "=", 1)
      .orderBy("subscription.created_at", "desc")
      .executeTakeFirst();
    if (row === undefined) return null;
    const product = await trx
      .selectFrom("product")
      .selectAll()
      .where("id", "=", row.product_id as string)
      .executeTakeFirst();
    return { row, product };
  }

  async function seats(trx: Kysely<DB>, company: CompanyRow): Promise<Company["seats"]> {
    const counted = await trx
      .selectFrom("company_member")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("company_id", "=", company.id)
      .where("status", "in", SEATED)
      .executeTakeFirstOrThrow();
    const used = Number(counted.count);
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

  async function presentForAdmin(company: CompanyRow): Promise<AdminCompany> {
    const statuses = await db
      .selectFrom("company_member")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("company_id", "=", company.id)
      .groupBy("status")
      .execute();
    const members = { invited: 0, active: 0, deactivated: 0 };
    for (const row of statuses) members[row.status] = Number(row.count);
    return { ...(await present(db, company)), members };
  }

  /** Refuses (409) when the seats left cannot take `wanted` more; answers how many are missing. */
  async function seatsMissing(trx: Kysely<DB>, company: CompanyRow, wanted: number): Promise<number> {
    const { used, bought } = await seats(trx, company);
    return bought === null ? 0 : Math.max(0, used + wanted - bought);
  }

  /** Stores an invitation with a fresh code and writes its mail, inside the caller's transaction. */
  async function invite(
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
    if (existing === undefined) await trx.insertInto("company_member").values(row).execute();
    else await trx.updateTable("company_member").set(row).where("id", "=", row.id).execute();
    await sendInvitation(deps.mail, deps.publicUrl, trx, { company, member: row, code, reminder: false });
    await deps.jobs.cancel(reminderKey(row.id), trx);
    await deps.jobs.enqueue(
      "company.invite-reminder",
      { memberId: row.id },
      { runAt: now + INVITE_REMINDER_MS, uniqueKey: reminderKey(row.id) },
      trx,
    );
    return row;
  }

  /** After a membership change: the member's roles are read again (server/auth/roles.ts). */
  async function refreshRoles(trx: Kysely<DB>, userId: string | null): Promise<void> {
    if (userId !== null) await deps.entitlements.refresh(userId, trx);
  }

  function forgetRoles(userId: string | null): void {
    if (userId !== null) deps.entitlements.forget(userId);
  }

  /**
   * An invitation becomes the actor's seat, if the account's verified email is the invitation's
   * and the account holds no seat elsewhere; the one path of activation by code and by accepting.
   */
  async function takeSeat(trx: Kysely<DB>, actor: Actor, member: MemberRow, now: number) {
    const account = await trx
      .selectFrom("user")
      .select(["email", "emailVerified"])
      .where("id", "=", actor.userId)
      .executeTakeFirstOrThrow();
    if (!authBoolean(account.emailVerified) || !sameAddress(account.email, member.email)) {
      return { activated: false, otherAddress: account.email } as const;
    }
    const elsewhere = await trx
      .selectFrom("company_member")
      .select("id")
      .where("user_id", "=", actor.userId)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (elsewhere !== undefined) return { activated: false } as const;
    const updated = await trx
      .updateTable("company_member")
      .set({ status: "active", user_id: actor.userId, code_hash: null, activated_at: now })
      .where("id", "=", member.id)
      .where("status", "=", "invited")
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { activated: false } as const;
    await deps.jobs.cancel(reminderKey(member.id), trx);
    await refreshRoles(trx, actor.userId);
    return { activated: true } as const;
  }

  /** The invitations still waiting for the actor's verified address (stored lower case), newest first. */
  async function invitationsFor(actor: Actor, trx: Kysely<DB> = db, id?: string) {
    const account = await trx
      .selectFrom("user")
      .select(["email", "emailVerified"])
      .where("id", "=", actor.userId)
      .executeTakeFirstOrThrow();
    if (!authBoolean(account.emailVerified)) return [];
    let select = trx
      .selectFrom("company_member")
      .innerJoin("company", "company.id", "company_member.company_id")
      .selectAll("company_member")
      .select("company.name as company_name")
      .where("company_member.status", "=", "invited")
      .where("company_member.email", "=", account.email.trim().toLowerCase());
    if (id !== undefined) select = select.where("company_member.id", "=", id);
    return select.orderBy("company_member.invited_at", "desc").execute();
  }

  async function lastAdmin(trx: Kysely<DB>, member: MemberRow): Promise<boolean> {
    if (member.is_admin !== 1) return false;
    const admins = await trx
      .selectFrom("company_member")
      .select("id")
      .where("company_id", "=", member.company_id)
      .where("status", "=", "active")
      .where("is_admin", "=", 1)
      .execute();
    return admins.length <= 1;
  }

  return {
    async create(actor: Actor, body: CompanyBody): Promise<Company> {
      const now = clock();
      const company = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom("company_member")
          .select("id")
          .where("user_id", "=", actor.userId)
          .where("status", "=", "active")
          .executeTakeFirst();
        if (taken !== undefined)
          throw new AppError("conflict", { message: "errors:companies.already_in_company" });
        const user = await trx
          .selectFrom("user")
          .select(["email", "name"])
          .where("id", "=", actor.userId)
          .executeTakeFirstOrThrow();
        const row: CompanyRow = {
          id: randomUUID(),
          ...detailColumns(body),
          seat_limit: null,
          billing_user_id: actor.userId,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto("company").values(row).execute();
        const [firstName = user.name, ...rest] = user.name.trim().split(/\s+/);
        // An earlier invitation to this address (from another company) stays that company's.
        await trx
          .insertInto("company_member")
          .values({
            id: randomUUID(),
            company_id: row.id,
            user_id: actor.userId,
            email: user.email.toLowerCase(),
            first_name: firstName,
            last_name: rest.join(" "),
            language: actor.language,
            status: "active",
            is_admin: 1,
            code_hash: null,
            invited_at: now,
            activated_at: now,
            deactivated_at: null,
          })
          .execute();
        await refreshRoles(trx, actor.userId);
        await audit(trx, actor, { action: "company.create", subjectKind: "company", subjectId: row.id }, now);
        return row;
      });
      forgetRoles(actor.userId);
      return present(db, company);
    },

    /** The reader's company, in full for its admins; 404 to anyone not an active member. */
    async get(actor: Actor): Promise<CompanyForReader> {
      const membership = await activeMembership(actor);
      const company = await db
        .selectFrom("company")
        .selectAll()
        .where("id", "=", membership.company_id)
        .executeTakeFirstOrThrow();
      if (membership.is_admin === 1) return { ...(await present(db, company)), role: "admin" };
      const admins = await db
        .selectFrom("company_member")
        .select(["first_name as firstName", "last_name as lastName", "email"])
        .where("company_id", "=", company.id)
        .where("status", "=", "active")
        .where("is_admin", "=", 1)
        .orderBy("last_name")
        .orderBy("first_name")
        .execute();
      return { role: "member", name: company.name, admins };
    },

    /**
     * A member leaves their company: the seat is freed and the b2b role goes, their file stays
     * theirs. The account is unlinked, so an admin who reactivates them sends a new invitation
     * rather than taking the account back. The last admin cannot leave.
     */
    async leave(actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const member = await activeMembership(actor, trx);
        if (await lastAdmin(trx, member)) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        const now = clock();
        await trx
          .updateTable("company_member")
          .set({ status: "deactivated", is_admin: 0, user_id: null, code_hash: null, deactivated_at: now })
          .where("id", "=", member.id)
          .execute();
        await refreshRoles(trx, actor.userId);
        await audit(
          trx,
          actor,
          { action: "company.leave", subjectKind: "company_member", subjectId: member.id },
          now,
        );
      });
      forgetRoles(actor.userId);
    },

    /** A company admin corrects the company's details; the seats and plan stay as they are. */
    async update(actor: Actor, body: CompanyBody): Promise<Company> {
      const company = await db.transaction().execute(async (trx) => {
        const current = await adminsCompany(actor, trx);
        const now = clock();
        const changes = {
          ...detailColumns(body),
          updated_at: now,
        };
        await trx.updateTable("company").set(changes).where("id", "=", current.id).execute();
        await audit(
          trx,
          actor,
          { action: "company.update", subjectKind: "company", subjectId: current.id },
          now,
        );
        return { ...current, ...changes };
      });
      return present(db, company);
    },

    /** Platform admins: every company, its seats and its members counted by status; no member's name. */
    async adminList(query: AdminCompaniesQuery): Promise<Page<AdminCompany>> {
      let select = db.selectFrom("company");
      if (query.search !== "") {
        select = select.where((eb) =>
          eb.or([containsText(eb.ref("name"), query.search), containsText(eb.ref("email"), query.search)]),
        );
      }
      const counted = await select
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await select
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(query.size)
        .offset(query.page * query.size)
        .execute();
      const content = await Promise.all(rows.map((row) => presentForAdmin(row)));
      return pageOf(content, query.page, query.size, Number(counted.count));
    },

    async adminGet(id: string): Promise<AdminCompany> {
      const company = await db.selectFrom("company").selectAll().where("id", "=", id).executeTakeFirst();
      if (company === undefined) throw new AppError("not_found");
      return presentForAdmin(company);
    },

    /** Billing off only: with Stripe, the seats are the company plan's quantity. */
    async setSeatLimit(actor: Actor, id: string, seatLimit: number | null): Promise<AdminCompany> {
      if (deps.billing !== "off")
        throw new AppError("conflict", { message: "errors:companies.seats_from_plan" });
      const company = await db.selectFrom("company").selectAll().where("id", "=", id).executeTakeFirst();
      if (company === undefined) throw new AppError("not_found");
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("company")
          .set({ seat_limit: seatLimit, updated_at: now })
          .where("id", "=", id)
          .execute();
        await audit(
          trx,
          actor,
          { action: "company.seats", subjectKind: "company", subjectId: id, detail: { seatLimit } },
          now,
        );
      });
      return presentForAdmin({ ...company, seat_limit: seatLimit });
    },

    /**
     * A company admin sets the seats the running company plan pays for: never fewer than the
     * members and invitations holding one (400 naming `seats`, with that count). Audited.
     */
    async changeSeats(actor: Actor, wanted: number): Promise<Company> {
      if (deps.billing === "off")
        throw new AppError("conflict", { message: "errors:companies.seats_by_admin" });
      const company = await adminsCompany(actor);
      const plan = await companyPlan(db, company);
      const providerId = plan?.row.provider_subscription_id ?? null;
      if (plan === null || providerId === null || subscriberUntil([plan.row]) === null) {
        throw new AppError("conflict", { message: "errors:companies.no_plan" });
      }
      const { used } = await seats(db, company);
      if (wanted < used) {
        throw new AppError("validation_failed", {
          fields: { seats: "errors:companies.seats_below_used" },
          params: { count: used },
        });
      }
      const from = plan.row.quantity;
      if (wanted !== from) {
        await deps.seatPlan.setSeats(providerId, wanted);
        await audit(
          db,
          actor,
          {
            action: "company.seats",
            subjectKind: "company",
            subjectId: company.id,
            detail: { from, to: wanted },
          },
          clock(),
        );
      }
      return present(db, company);
    },

    async inviteOne(actor: Actor, person: InviteBody): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await adminsCompany(actor, trx);
        const existing = await trx
          .selectFrom("company_member")
          .selectAll()
          .where("company_id", "=", company.id)
          .where("email", "=", person.email)
          .executeTakeFirst();
        if (existing !== undefined) {
          throw new AppError("conflict", { fields: { email: "errors:companies.already_member" } });
        }
        if ((await seatsMissing(trx, company, 1)) > 0) {
          throw noSeats(1);
        }
        const invited = await invite(trx, company, person);
        await audit(
          trx,
          actor,
          {
            action: "company.invite",
            subjectKind: "company_member",
            subjectId: invited.id,
            detail: { companyId: company.id },
          },
          clock(),
        );
        return invited;
      });
      return presentMember(row);
    },

    /**
     * The CSV invite: every row gets its outcome; when the valid new rows need more seats than
     * are free, nothing is invited and the answer says how many are missing.
     */
    async inviteMany(actor: Actor, rows: CsvInviteRow[], lng: Language): Promise<InviteCsvAnswer> {
      return db.transaction().execute(async (trx) => {
        const company = await adminsCompany(actor, trx);
        const known = new Set(
          (
            await trx
              .selectFrom("company_member")
              .select("email")
              .where("company_id", "=", company.id)
              .execute()
          ).map((member) => member.email),
        );
        const seen = new Set<string>();
        const outcomes: InviteRowOutcome[] = [];
        const wanted: { at: number; person: InviteBody }[] = [];
        for (const row of rows) {
          const base = { row: row.row, email: row.email, field: null, reason: null };
          if (row.invite === null) {
            outcomes.push({
              ...base,
              result: "invalid",
              field: row.problem.field,
              reason: describeProblem(row.problem, (key, params) => deps.translate(lng, key, params)),
            });
          } else if (seen.has(row.email)) outcomes.push({ ...base, result: "duplicate" });
          else if (known.has(row.email)) outcomes.push({ ...base, result: "member" });
          else {
            wanted.push({ at: outcomes.length, person: row.invite });
            outcomes.push({ ...base, result: "invited" });
          }
          seen.add(row.email);
        }
        const missing = await seatsMissing(trx, company, wanted.length);
        if (missing > 0) {
          const reason = deps.translate(lng, "errors:companies.no_seat_for_row");
          for (const { at } of wanted)
            outcomes[at] = { ...(outcomes[at] as InviteRowOutcome), result: "invalid", reason };
          return { rows: outcomes, seatsMissing: missing };
        }
        for (const { person } of wanted) await invite(trx, company, person);
        await audit(
          trx,
          actor,
          {
            action: "company.invite_csv",
            subjectKind: "company",
            subjectId: company.id,
            detail: { rows: rows.length, invited: wanted.length },
          },
          clock(),
        );
        return { rows: outcomes, seatsMissing: 0 };
      });
    },

    /**
     * A code from an invitation makes the signed-in account an active member, if the account's
     * verified email is the invitation's: a code forwarded or seen by someone else does not give
     * away the seat (403 invitation_other_address, the seat stays free). A code that cannot be
     * used answers status false, the same whether it exists or not; both count towards the
     * guessing limit shared with the subscription codes.
     */
    async activate(actor: Actor, typed: string, ip: string): Promise<ActivationResult> {
      const now = clock();
      const keys = [`account:${actor.userId}`, `address:${ip}`];
      await refuseGuessing(db, keys, now);
      const outcome = await db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom("company_member")
          .selectAll()
          .where("code_hash", "=", hashCode(typed))
          .where("status", "=", "invited")
          .executeTakeFirst();
        if (member === undefined) return { activated: false } as const;
        return takeSeat(trx, actor, member, now);
      });
      if (!outcome.activated) {
        await recordFailedAttempt(db, keys, now);
        if (outcome.otherAddress !== undefined) {
          throw new AppError("invitation_other_address", { params: { email: outcome.otherAddress } });
        }
        return { type: "b2b", status: false };
      }
      forgetRoles(actor.userId);
      return { type: "b2b", status: true };
    },

    /**
     * The company behind a mailed register link, for anyone holding the link: the token is the
     * code's hash (unguessable, and no use for activating), so nothing can be listed by trying
     * tokens. An invitation activated, withdrawn or renewed by its reminder answers 404.
     */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .select("company.name")
        .where("company_member.code_hash", "=", token)
        .where("company_member.status", "=", "invited")
        .executeTakeFirst();
      if (row === undefined) throw new AppError("not_found");
      return { companyName: row.name };
    },

    /** Invitations waiting for the signed-in account's verified address. */
    async invitations(actor: Actor): Promise<PendingInvitation[]> {
      const rows = await invitationsFor(actor);
      return rows.map((row) => ({
        id: row.id,
        companyName: row.company_name,
        invitedAt: row.invited_at,
        expiresAt: null,
      }));
    },

    /** Accepts one of them: the activation's path without a code; another address's: 404. */
    async accept(actor: Actor, id: string): Promise<ActivationResult> {
      const outcome = await db.transaction().execute(async (trx) => {
        const [member] = await invitationsFor(actor, trx, id);
        if (member === undefined) throw new AppError("not_found");
        return takeSeat(trx, actor, member, clock());
      });
      if (outcome.activated) forgetRoles(actor.userId);
      return { type: "b2b", status: outcome.activated };
    },

    async members(actor: Actor, page: number, query: MemberPageQuery): Promise<Page<CompanyMember>> {
      const company = await adminsCompany(actor);
      const column = {
        email: "email",
        firstName: "first_name",
        lastName: "last_name",
        status: "status",
        invitedAt: "invited_at",
        activatedAt: "activated_at",
      } as const;
      let select = db.selectFrom("company_member").where("company_id", "=", company.id);
      if (query.search !== "") {
        select = select.where((eb) =>
          eb.or(
            (["email", "first_name", "last_name"] as const).map((name) =>
              containsText(eb.ref(name), query.search),
            ),
          ),
        );
      }
      const counted = await select
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await select
        .selectAll()
        .orderBy(column[query.sortedColumn], query.descending ? "desc" : "asc")
        .orderBy("id")
        .limit(query.size)
        .offset(page * query.size)
        .execute();
      return pageOf(rows.map(presentMember), page, query.size, Number(counted.count));
    },

    /** The member loses the b2b role and their seat, and keeps their whole file. */
    async deactivate(actor: Actor, id: string): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await adminsCompany(actor, trx);
        const member = await memberOf(trx, company, id);
        if (member.status === "deactivated") return member;
        if (await lastAdmin(trx, member)) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        const now = clock();
        const changes = { status: "deactivated" as const, is_admin: 0, code_hash: null, deactivated_at: now };
        await trx.updateTable("company_member").set(changes).where("id", "=", member.id).execute();
        await deps.jobs.cancel(reminderKey(member.id), trx);
        await refreshRoles(trx, member.user_id);
        await audit(
          trx,
          actor,
          { action: "company.deactivate", subjectKind: "company_member", subjectId: member.id },
          now,
        );
        return { ...member, ...changes };
      });
      forgetRoles(row.user_id);
      return presentMember(row);
    },

    /** Back to active (an account had activated the seat) or invited again with a new code. */
    async reactivate(actor: Actor, id: string): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await adminsCompany(actor, trx);
        const member = await memberOf(trx, company, id);
        if (member.status !== "deactivated") return member;
        const missing = await seatsMissing(trx, company, 1);
        if (missing > 0) {
          throw noSeats(missing);
        }
        const now = clock();
        let changed: MemberRow;
        if (member.user_id !== null) {
          changed = { ...member, status: "active", deactivated_at: null };
          await trx
            .updateTable("company_member")
            .set({ status: "active", deactivated_at: null })
            .where("id", "=", member.id)
            .execute();
          await refreshRoles(trx, member.user_id);
        } else {
          const language: Language = isLanguage(member.language) ? member.language : "en";
          changed = await invite(
            trx,
            company,
            { email: member.email, firstName: member.first_name, lastName: member.last_name, language },
            member,
          );
        }
        await audit(
          trx,
          actor,
          { action: "company.reactivate", subjectKind: "company_member", subjectId: member.id },
          now,
        );
        return changed;
      });
      forgetRoles(row.user_id);
      return presentMember(row);
    },

    /** Grants or removes company admin; the last admin cannot step down. */
    async setAdmin(actor: Actor, id: string, admin: boolean): Promise<CompanyMember> {
      const row = await db.transaction().execute(async (trx) => {
        const company = await adminsCompany(actor, trx);
        const member = await memberOf(trx, company, id);
        if (member.status !== "active") {
          throw new AppError("conflict", { message: "errors:companies.admin_needs_active" });
        }
        if (!admin && (await lastAdmin(trx, member))) {
          throw new AppError("conflict", { message: "errors:companies.last_admin" });
        }
        await trx
          .updateTable("company_member")
          .set({ is_admin: admin ? 1 : 0 })
          .where("id", "=", member.id)
          .execute();
        await refreshRoles(trx, member.user_id);
        await audit(
          trx,
          actor,
          {
            action: admin ? "company.admin_grant" : "company.admin_remove",
            subjectKind: "company_member",
            subjectId: member.id,
          },
          clock(),
        );
        return { ...member, is_admin: admin ? 1 : 0 };
      });
      forgetRoles(row.user_id);
      return presentMember(row);
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;

/**
 * The week-later reminder: only for a seat still waiting, with a new code (the first is not kept,
 * only its hash is), said to replace the earlier one.
 */
export function companyJobHandlers(options: {
  database: Database;
  mail: () => MailOutbox;
  publicUrl: string;
}): JobHandlers<CompanyJobs> {
  return {
    async "company.invite-reminder"({ memberId }, { jobId }) {
      await options.database.db.transaction().execute(async (trx) => {
        // Done first, in the transaction of the mail: of two workers running the job at once (a
        // lease that lapsed), the second finds it done, and the code the first mailed stays valid.
        if (!(await markJobDone(trx, jobId, Date.now()))) return;
        const member = await trx
          .selectFrom("company_member")
          .selectAll()
          .where("id", "=", memberId)
          .where("status", "=", "invited")
          .executeTakeFirst();
        if (member === undefined) return;
        const company = await trx
          .selectFrom("company")
          .selectAll()
          .where("id", "=", member.company_id)
          .executeTakeFirstOrThrow();
        const code = generateCode();
        await trx
          .updateTable("company_member")
          .set({ code_hash: hashCode(code) })
          .where("id", "=", member.id)
          .execute();
        await sendInvitation(options.mail(), options.publicUrl, trx, {
          company,
          member,
          code,
          reminder: true,
        });
      });
    },
  };
}
