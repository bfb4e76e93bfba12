import type { Kysely, Selectable } from "kysely";
import type { AdminCompaniesQuery, MemberPageQuery } from "../../../domain/schemas/company.ts";
import { containsText } from "../../db/like.ts";
import type { CompanyMemberTable, CompanyTable, DB } from "../../db/schema.ts";

export type CompanyRow = Selectable<CompanyTable>;
export type MemberRow = Selectable<CompanyMemberTable>;
type MemberStatus = MemberRow["status"];

/** Statuses that take a seat: an invitation holds one until it is activated or withdrawn. */
const SEATED = ["invited", "active"] as const;

const MEMBER_COLUMNS = {
  email: "email",
  firstName: "first_name",
  lastName: "last_name",
  status: "status",
  invitedAt: "invited_at",
  activatedAt: "activated_at",
} as const;

/**
 * Every query on `company` and `company_member`: the only place that names them. Pass a
 * transaction to run them inside it.
 */
export function companyRepository(db: Kysely<DB>) {
  return {
    find(id: string): Promise<CompanyRow | undefined> {
      return db.selectFrom("company").selectAll().where("id", "=", id).executeTakeFirst();
    },

    insert(row: CompanyRow): Promise<unknown> {
      return db.insertInto("company").values(row).execute();
    },

    update(id: string, changes: Partial<Omit<CompanyRow, "id">>): Promise<unknown> {
      return db.updateTable("company").set(changes).where("id", "=", id).execute();
    },

    /** The company an account runs as an active admin. */
    administeredBy(userId: string): Promise<CompanyRow | undefined> {
      return db
        .selectFrom("company")
        .innerJoin("company_member", "company_member.company_id", "company.id")
        .selectAll("company")
        .where("company_member.user_id", "=", userId)
        .where("company_member.status", "=", "active")
        .where("company_member.is_admin", "=", 1)
        .executeTakeFirst();
    },

    /** The account's active membership with its company's id and name. */
    activeCompanyOf(userId: string) {
      return db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .select(["company.id", "company.name", "company_member.is_admin"])
        .where("company_member.user_id", "=", userId)
        .where("company_member.status", "=", "active")
        .executeTakeFirst();
    },

    /** The account's active membership: whether it is an admin, and who pays the company's plan. */
    activeMembershipFacts(userId: string) {
      return db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .select(["company_member.is_admin", "company.billing_user_id"])
        .where("company_member.user_id", "=", userId)
        .where("company_member.status", "=", "active")
        .executeTakeFirst();
    },

    /** The other accounts active in the companies an account pays for. */
    async activeMembersPaidBy(userId: string): Promise<string[]> {
      const members = await db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .select("company_member.user_id")
        .where("company.billing_user_id", "=", userId)
        .where("company_member.status", "=", "active")
        .where("company_member.user_id", "is not", null)
        .where("company_member.user_id", "!=", userId)
        .execute();
      return members.flatMap((member) => (member.user_id === null ? [] : [member.user_id]));
    },

    /** Platform admins' page of companies, newest first, matching a search on name or email. */
    async page(query: AdminCompaniesQuery): Promise<{ rows: CompanyRow[]; total: number }> {
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
      return { rows, total: Number(counted.count) };
    },

    /** How many companies there are, and how many seats they hold, for the admin overview. */
    async totals(): Promise<{ companies: number; seatsUsed: number }> {
      const companies = await db
        .selectFrom("company")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const seats = await db
        .selectFrom("company_member")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "in", SEATED)
        .executeTakeFirstOrThrow();
      return { companies: Number(companies.count), seatsUsed: Number(seats.count) };
    },

    member(companyId: string, id: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom("company_member")
        .selectAll()
        .where("id", "=", id)
        .where("company_id", "=", companyId)
        .executeTakeFirst();
    },

    /** A member still invited, by id (the reminder job). */
    invitedMember(id: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom("company_member")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "invited")
        .executeTakeFirst();
    },

    memberByEmail(companyId: string, email: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom("company_member")
        .selectAll()
        .where("company_id", "=", companyId)
        .where("email", "=", email)
        .executeTakeFirst();
    },

    async memberEmails(companyId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("company_member")
        .select("email")
        .where("company_id", "=", companyId)
        .execute();
      return new Set(rows.map((member) => member.email));
    },

    /** The account's active membership, whichever company it is in. */
    activeMembership(userId: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom("company_member")
        .selectAll()
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .executeTakeFirst();
    },

    /** The invitation a code (by its hash) or a register link's token names, while it waits. */
    invitationByCode(codeHash: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom("company_member")
        .selectAll()
        .where("code_hash", "=", codeHash)
        .where("status", "=", "invited")
        .executeTakeFirst();
    },

    /** The invitations waiting for an address (stored lower case), newest first, with their company's name. */
    invitationsTo(email: string, id?: string) {
      let select = db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .selectAll("company_member")
        .select("company.name as company_name")
        .where("company_member.status", "=", "invited")
        .where("company_member.email", "=", email);
      if (id !== undefined) select = select.where("company_member.id", "=", id);
      return select.orderBy("company_member.invited_at", "desc").execute();
    },

    /** The company an invitation's code hash names, while the invitation waits. */
    invitedCompanyName(codeHash: string) {
      return db
        .selectFrom("company_member")
        .innerJoin("company", "company.id", "company_member.company_id")
        .select("company.name")
        .where("company_member.code_hash", "=", codeHash)
        .where("company_member.status", "=", "invited")
        .executeTakeFirst();
    },

    /** The active admins' names and addresses, by last then first name. */
    adminContacts(companyId: string) {
      return db
        .selectFrom("company_member")
        .select(["first_name as firstName", "last_name as lastName", "email"])
        .where("company_id", "=", companyId)
        .where("status", "=", "active")
        .where("is_admin", "=", 1)
        .orderBy("last_name")
        .orderBy("first_name")
        .execute();
    },

    async activeAdminCount(companyId: string): Promise<number> {
      const admins = await db
        .selectFrom("company_member")
        .select("id")
        .where("company_id", "=", companyId)
        .where("status", "=", "active")
        .where("is_admin", "=", 1)
        .execute();
      return admins.length;
    },

    async seatsUsed(companyId: string): Promise<number> {
      const counted = await db
        .selectFrom("company_member")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("company_id", "=", companyId)
        .where("status", "in", SEATED)
        .executeTakeFirstOrThrow();
      return Number(counted.count);
    },

    async countByStatus(companyId: string): Promise<Record<MemberStatus, number>> {
      const statuses = await db
        .selectFrom("company_member")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("company_id", "=", companyId)
        .groupBy("status")
        .execute();
      const members = { invited: 0, active: 0, deactivated: 0 };
      for (const row of statuses) members[row.status] = Number(row.count);
      return members;
    },

    /** A company admin's page of members, sorted by a column, matching a search on name or email. */
    async memberPage(
      companyId: string,
      page: number,
      query: MemberPageQuery,
    ): Promise<{ rows: MemberRow[]; total: number }> {
      let select = db.selectFrom("company_member").where("company_id", "=", companyId);
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
        .orderBy(MEMBER_COLUMNS[query.sortedColumn], query.descending ? "desc" : "asc")
        .orderBy("id")
        .limit(query.size)
        .offset(page * query.size)
        .execute();
      return { rows, total: Number(counted.count) };
    },

    insertMember(row: MemberRow): Promise<unknown> {
      return db.insertInto("company_member").values(row).execute();
    },

    updateMember(id: string, changes: Partial<Omit<MemberRow, "id">>): Promise<unknown> {
      return db.updateTable("company_member").set(changes).where("id", "=", id).execute();
    },

    /** An invitation becomes the account's seat; false when it no longer waits (taken at once elsewhere). */
    async activateInvitation(id: string, userId: string, now: number): Promise<boolean> {
      const updated = await db
        .updateTable("company_member")
        .set({ status: "active", user_id: userId, code_hash: null, activated_at: now })
        .where("id", "=", id)
        .where("status", "=", "invited")
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },

    /** A deleted account leaves its company; a company it pays for left without anyone goes with it. */
    async forgetAccount(userId: string): Promise<void> {
      await db.deleteFrom("company_member").where("user_id", "=", userId).execute();
      const emptied = db
        .selectFrom("company")
        .select("id")
        .where("billing_user_id", "=", userId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("company_member")
                .select("id")
                .whereRef("company_member.company_id", "=", "company.id"),
            ),
          ),
        );
      await db.deleteFrom("company").where("id", "in", emptied).execute();
    },
  };
}
