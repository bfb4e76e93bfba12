import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { OWN_GROUP } from "../../../domain/catalog/relationships.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { personInputSchema } from "../../../domain/schemas/person.ts";
import type { DB } from "../../db/schema.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { toColumns } from "./presenter.ts";
import { personRepository } from "./repository.ts";

/** "Ada King Lovelace" -> first name "Ada", last name "King Lovelace"; an empty name -> the email's local part. */
function namesFromAccount(name: string, email: string): { firstName: string; lastName: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const firstName = (words[0] ?? email.split("@", 1)[0] ?? "").slice(0, LIMITS.textMax) || "Me";
  const lastName = words.slice(1).join(" ").slice(0, LIMITS.textMax) || null;
  return { firstName, lastName };
}

/**
 * The account's own "me" record, created from the account's name when it has none: at sign-up
 * (better-auth's user.create hook) and, for accounts older than this module, on the first GET.
 * Answers the new person's id (undefined when the account had one); the save is published on `changes`.
 */
export async function ensureOwnPerson(
  db: Kysely<DB>,
  userId: string,
  changes: FileChanges,
): Promise<string | undefined> {
  const persons = personRepository(db);
  if ((await persons.findOwn(userId)) !== undefined) return undefined;
  const user = await db
    .selectFrom("user")
    .select(["name", "email"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const input = personInputSchema.parse({
    group: OWN_GROUP,
    mainDetails: namesFromAccount(user.name, user.email),
  });
  const now = Date.now();
  const id = randomUUID();
  await changes.transaction(db, async (trx) => {
    await personRepository(trx).insertOwnIfMissing({
      id,
      ...toColumns(input),
      social_number_enc: null,
      photo_enc: null,
      photo_thumb_enc: null,
      ...firstVersion(userId, userId, now),
    });
    await changes.publish(trx, { kind: "person", operation: "saved", ownerId: userId, id });
  });
  return id;
}
