import type { Kysely } from "kysely";
import type { FileSnapshot } from "../../../domain/schemas/file-export.ts";
import type { DB } from "../../db/schema.ts";
import type { SnapshotSubject } from "../subject.ts";
import type { ValueContext } from "./values.ts";

/**
 * What a kind of the owner's file prints in the emergency binder (server/modules/binder): the
 * words of its chapters, every value already text. Each kind's module supplies its part through
 * its descriptor (server/file/kind.ts); the binder lays the chapters out without naming the kinds.
 */

/** One line of a record or a person: a catalogue label and its value as text. */
export type BinderRow = { label: string; value: string };

/** A comment as it is printed under its subject. */
export type BinderComment = { author: string; time: string; text: string };

/** One record, person, address or institution. */
export type BinderEntry = { heading: string; rows: readonly BinderRow[]; comments: readonly BinderComment[] };

/** One category (or the persons, addresses, institutions): a line of the contents and a bookmark. */
export type BinderSection = { title: string; entries: readonly BinderEntry[] };

/** The immediate family tree: generations from the eldest, each a row of boxes. */
export type BinderTree = {
  title: string;
  generations: readonly { label: string; persons: readonly { name: string; relation: string }[] }[];
};

/** One module (or the personal network): a page of its own, a bookmark with its sections below. */
export type BinderChapter = { title: string; tree?: BinderTree; sections: readonly BinderSection[] };

/** What a kind's part is given: the file as read for this binder, and the words to print it with. */
export type BinderPartInput = {
  /** The owner's file as this binder reads it (a nominee's or a collaborator's filtered). */
  snapshot: FileSnapshot;
  /** What of the file this binder may print, for a kind whose rows the snapshot does not hold. */
  include: (subject: SnapshotSubject) => boolean;
  db: Kysely<DB>;
  ownerId: string;
  context: ValueContext;
  /** The comments printed under a person or a record. */
  commentsOf: (subjectId: string) => readonly BinderComment[];
};

/**
 * A chapter as a kind gives it: `key` names the module a module's binder asks for (chapters of the
 * same key, such as the addresses' and the institutions' places, are printed as one).
 */
export type BinderPartChapter = BinderChapter & { key: string };

export type FileKindBinder = {
  /** Where its chapters go: the network opens the file, the places close it, the rest between. */
  place: "opening" | "body" | "closing";
  chapters: (input: BinderPartInput) => Promise<readonly BinderPartChapter[]> | readonly BinderPartChapter[];
};
