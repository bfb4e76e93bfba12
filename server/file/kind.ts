import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { ShareScope } from "../../domain/schemas/share.ts";
import type { DataKeys } from "../crypto/data-keys.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { AccountDeletedHook } from "../modules/account/index.ts";
import type { SearchSource } from "../modules/search/index.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import type { FileKindBinder } from "./binder/part.ts";
import type { FileChanges } from "./changes.ts";
import type { KindPortability } from "./kind-portability.ts";
import type { ScopeReadContext, ShareRule } from "./share-rule.ts";

/** The shared dependencies a kind's steps are built from, made once by the composition root. */
export type KindContext = {
  blobs: BlobStore;
  /** The record lists' column cache, forgotten with an account. */
  listCache: { forget(ownerId: string): void };
};

/** A call to the owner's routes as a collaborator makes it, under `/api/files/:ownerId`. */
export type FileRouteCall = {
  method: string;
  /** The route's path after that prefix, its parameters unfilled: `/records/household/pets/:id`. */
  route: string;
  params: Readonly<Record<string, string | undefined>>;
};

/** What a kind's own routes are mounted with, for the owner and again for their collaborators. */
export type KindRouteContext = { database: Database; dataKeys: DataKeys; changes: FileChanges };

/**
 * Where a kind's routes are in the owner's file and which calls to them a scope opens to a
 * collaborator (a call the scope does not open answers 404); rows are the sharing rule's to decide.
 */
export type KindRoutes = {
  /** The first segments of their paths (`/records/...` is in "records"). */
  areas: readonly string[];
  opens(scope: ShareScope, call: FileRouteCall): boolean;
  /**
   * Mounts them when the file's shared readers are all they need; routes taking options of their
   * own are mounted by the composition root (server/composition/mounts/owner-file.ts).
   */
  mount?: (app: FastifyInstance, context: KindRouteContext) => Promise<void>;
};

/**
 * One kind of row an owner's file is made of, as the module that owns it describes it (its
 * `index.ts`): what the capabilities crossing the whole file need of it. A capability loops over
 * `FILE_KINDS` (kinds.ts) and uses the parts it knows; a kind leaves out what does not apply.
 */
export type FileKindDescriptor = {
  /** The kind's name, as the change bus and the export's subjects call it. */
  kind: string;
  /** The module owning its rows. */
  module: string;
  /** What search reads of it, through a database or a transaction. */
  search?: (db: Kysely<DB>, dataKeys: DataKeys) => SearchSource;
  /** Removes an account's rows of this kind, in the deletion's transaction. */
  forget: (context: KindContext) => AccountDeletedHook;

  // Export and import (server/modules/portability; the steps' types in kind-portability.ts).
  /** Its part of the export archive, and how an import restores it. */
  portability: KindPortability;
  /** What the emergency binder prints of it (binder/part.ts); a kind without it prints nothing. */
  binder?: FileKindBinder;
  /** Part of the Personal Network, which every account has; the rest is the full file's. */
  inPersonalNetwork?: true;
  /** Which of its rows a nominee's or collaborator's scope covers; left out, none ever is. */
  sharing?: (context: ScopeReadContext) => ShareRule;
  /** Its routes in the owner's file; without them a collaborator's scope opens none of its paths. */
  routes?: KindRoutes;
};
