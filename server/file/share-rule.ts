import type { Kysely } from "kysely";
import type { ShareScope } from "../../domain/schemas/share.ts";
import type { DataKeys } from "../crypto/data-keys.ts";
import type { DB } from "../db/schema.ts";

/** The readers a kind's sharing rule is built from, made once by whoever reads a scope. */
export type ScopeReadContext = { db: Kysely<DB>; dataKeys: DataKeys };

/** Which of a kind's rows a scope covers: every one, or these ids. */
export type CoveredRows = "all" | ReadonlySet<string>;

/** What the kinds a rule comes `after` decide, worked out only if the rule asks. */
export type CoveredBefore = {
  /** The ids of this kind that the rows covered by the kinds before name (a record's person). */
  named(): Promise<ReadonlySet<string>>;
  /** A kind's covered rows, of those named in `after`. */
  rows(kind: string): Promise<CoveredRows>;
};

/** A kind's answer: its covered rows, and what they name of other kinds (covered with them). */
export type KindCoverage = {
  rows: CoveredRows;
  names?: ReadonlyMap<string, ReadonlySet<string>>;
};

/**
 * Which rows of one kind a scope (the nominees' shape, also the collaborators') covers, as the
 * module owning the kind says: the one rule sharing's reads, the nominees' and collaborators'
 * searches and the nominee's binder go through (`scope-coverage.ts`).
 */
export type ShareRule = {
  /** The kinds whose covered rows may name this kind's, or that the rule reads: decided first. */
  after?: readonly string[];
  covers(ownerId: string, scope: ShareScope, before: CoveredBefore): Promise<KindCoverage>;
};
