import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { RecordListItem, RecordView, SecretPurpose } from "../../../domain/schemas/record.ts";
import { referenceFields, reminderFields, secretFields } from "../../../domain/sections/index.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import type { Actor } from "../../auth/access.ts";
import { changedByOf } from "../../auth/changed-by.ts";
import { actingUserOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB, RecordTable } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { editConflict } from "../../http/versions.ts";
import { recordActivity } from "../activity/index.ts";
import { deleteCommentsOf } from "../comments/index.ts";
import { keepStoredSecrets, reminderDate } from "./body.ts";
import type { ListCache } from "./list-cache.ts";
import { bodyAad, openRecordBody, recordReader } from "./reader.ts";
import { checkReferences } from "./references.ts";
import { recordRepository } from "./repository.ts";

/** The answered shapes are declared once, in domain/, for the server and the app. */
export type { RecordListItem, RecordView };

export function createRecordService(options: {
  db: Kysely<DB>;
  dataKeys: DataKeys;
  /** Where every save and delete is published, in its transaction (reminders, documents' links, search). */
  changes: FileChanges;
  /** The app's cache of list columns (list-cache.ts), given each body a save stores. */
  listCache: ListCache;
}) {
  const { db, dataKeys } = options;
  const { changes } = options;
  const reader = recordReader(options);
  const open = (row: RecordTable) => openRecordBody(dataKeys, row);

  function seal(ownerId: string, id: string, category: CategoryDef, body: RecordBody): Promise<Buffer> {
    return dataKeys.encryptFor(ownerId, JSON.stringify(body), bodyAad(id, category.key));
  }

  async function findOwn(actor: Actor, category: CategoryDef, id: string): Promise<RecordTable> {
    return reader.find(actor.userId, category, id);
  }

  return {
    /**
     * POST: a new record of the category (the body already validated by its schema), in the owner's
     * file, saved by `changedBy` (the signed-in account, the owner unless said); answers the id.
     */
    async create(
      actor: Actor,
      category: CategoryDef,
      body: RecordBody,
      changedBy: string = actor.userId,
    ): Promise<string> {
      await checkReferences(db, dataKeys, actor.userId, referenceFields(category), body, null);
      const id = randomUUID();
      const now = Date.now();
      // Sealed before the transaction: no key lookup waits on the database it holds.
      const bodyEnc = await seal(actor.userId, id, category, body);
      await changes.transaction(db, async (trx) => {
        await recordRepository(trx).insert({
          id,
          module: category.module,
          category: category.key,
          body_enc: bodyEnc,
          reminder_date: reminderDate(body, reminderFields(category)),
          ...firstVersion(actor.userId, changedBy, now),
        });
        await changes.publish(trx, {
          kind: "record",
          operation: "saved",
          ownerId: actor.userId,
          id,
          category,
          body,
        });
      });
      options.listCache.keepSaved({ ownerId: actor.userId, id, category }, bodyEnc, body);
      return id;
    },

    async list(actor: Actor, category: CategoryDef): Promise<RecordListItem[]> {
      return reader.listOf(actor.userId, category);
    },

    /**
     * GET one: secrets masked, except those named in `reveal`, each of which (when it holds a value)
     * writes one entry to the owner's activity log, a reveal or a copy, before the answer leaves.
     */
    async get(
      actor: Actor,
      category: CategoryDef,
      id: string,
      reveal: readonly string[],
      purpose: SecretPurpose = "reveal",
    ): Promise<RecordView> {
      const { view, revealed, changedById } = await reader.readOf(actor.userId, category, id, reveal);
      await recordActivity(
        db,
        revealed.map((field) => ({
          ownerId: actor.userId,
          actorId: actingUserOf(actor),
          kind: purpose,
          subjectKind: "record",
          subjectId: view.id,
          category: view.category,
          field,
        })),
      );
      return { ...view, changedBy: await changedByOf(db, changedById, actor) };
    },

    /**
     * PUT, before validation: the request body with the secrets it left out or sent back masked set
     * to the stored ones (404 when the record is not the caller's).
     */
    async withStoredSecrets(
      actor: Actor,
      category: CategoryDef,
      id: string,
      incoming: unknown,
    ): Promise<unknown> {
      const secrets = secretFields(category);
      if (secrets.length === 0) {
        await findOwn(actor, category, id);
        return incoming;
      }
      return keepStoredSecrets(incoming, await open(await findOwn(actor, category, id)), secrets);
    },

    /**
     * PUT: replaces the whole body (validated, stored secrets already merged in), saved by
     * `changedBy` (the owner unless said); answers the new version. With `expectedVersion`, only while the record is still
     * that version: otherwise 409 edit_conflict with the stored record and the fields sent.
     */
    async update(
      actor: Actor,
      category: CategoryDef,
      id: string,
      body: RecordBody,
      save: { expectedVersion?: number | null; changedBy?: string } = {},
    ): Promise<number> {
      // The route read the record once already (withStoredSecrets); the update itself is
      // conditional on owner, category and version, so another account's id changes nothing.
      await checkReferences(db, dataKeys, actor.userId, referenceFields(category), body, id);
      const bodyEnc = await seal(actor.userId, id, category, body);
      const version = await changes.transaction(db, async (trx) => {
        const updated = await recordRepository(trx).update(
          actor.userId,
          category.key,
          id,
          save.expectedVersion ?? null,
          {
            body_enc: bodyEnc,
            reminder_date: reminderDate(body, reminderFields(category)),
            updated_at: Date.now(),
            updated_by: save.changedBy ?? actor.userId,
          },
        );
        if (updated === null) return null;
        await changes.publish(trx, {
          kind: "record",
          operation: "saved",
          ownerId: actor.userId,
          id,
          category,
          body,
        });
        return updated;
      });
      if (version !== null) {
        options.listCache.keepSaved({ ownerId: actor.userId, id, category }, bodyEnc, body);
        return version;
      }
      // Nothing written: the record is gone (404) or another save came first (409).
      const { view, changedById } = await reader.readOf(actor.userId, category, id, []);
      throw editConflict(
        { saved: { ...view, changedBy: await changedByOf(db, changedById, actor) }, version: view.version },
        body,
        secretFields(category).map((field) => field.key),
      );
    },

    /** DELETE: the record and its comments (the routes' access rule is the full file, deleting included). */
    async remove(actor: Actor, category: CategoryDef, id: string): Promise<void> {
      await findOwn(actor, category, id);
      await changes.transaction(db, async (trx) => {
        await deleteCommentsOf(trx, actor.userId, "record", id);
        await recordRepository(trx).delete(actor.userId, id);
        await changes.publish(trx, {
          kind: "record",
          operation: "deleted",
          ownerId: actor.userId,
          id,
          category,
        });
      });
      options.listCache.forget(actor.userId, id);
    },

    /** category -> number of the caller's records, every category of the module, zeros included. */
    async count(actor: Actor, module: RecordModule): Promise<Record<string, number>> {
      return reader.countOf(actor.userId, module);
    },
  };
}
