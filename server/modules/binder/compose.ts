import type { Kysely } from "kysely";
import type { Language } from "../../../domain/catalog/languages.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { FileSnapshot, FileSnapshotRecord } from "../../../domain/schemas/file-export.ts";
import { isAssignedType } from "../../../domain/sections/assignedTypes.ts";
import { categoryLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import type { RecordModule } from "../../../domain/sections/modules.ts";
import type { DB } from "../../db/schema.ts";
import { personName, recordHeading } from "../../file/binder/names.ts";
import type { BinderPartChapter, FileKindBinder } from "../../file/binder/part.ts";
import { addressText, type ValueContext } from "../../file/binder/values.ts";
import { FILE_KINDS } from "../../file/kinds.ts";
import type { SnapshotSubject } from "../../file/subject.ts";
import type { BinderAttachment, BinderBook, BinderChapter, BinderComment } from "./book.ts";
import { firstHoursOf } from "./first-hours.ts";

/**
 * The binder's contents from a snapshot of the owner's file (server/modules/portability), every
 * label from the declarations and the catalogue in the reader's language: the personal network
 * with its family tree, each record module's categories, the addresses and institutions, and the
 * list of attached documents. What the snapshot holds is what is printed (a nominee's snapshot
 * holds only what the grant shows). Each kind of the file prints its own chapters (its
 * descriptor's `binder` part, server/file/kinds.ts): in the kinds' order within their place.
 */

/** Which binder: the whole file, one module's, what a nominee may see, or a collaborator's scope. */
export type BinderKind =
  | { kind: "whole" }
  | { kind: "module"; module: "personal-network" | RecordModule }
  | { kind: "nominee" }
  | { kind: "collaborator" };

export type ComposeInput = {
  snapshot: FileSnapshot;
  binder: BinderKind;
  /** Whose file it is, as the cover names them. */
  ownerName: string;
  language: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  /** The attached documents the binder lists, with their appended pages (see append.ts). */
  attachments: readonly BinderAttachment[];
  /** Whose file, for a kind that reads rows of its own; `include` as the snapshot was read. */
  ownerId: string;
  db: Kysely<DB>;
  include: (subject: SnapshotSubject) => boolean;
};

const PLACES: readonly FileKindBinder["place"][] = ["opening", "body", "closing"];

/**
 * The kinds' chapters, by place then in the kinds' order, chapters of one key printed as one. A
 * module's binder keeps that module's chapter (even empty); the others leave empty ones out.
 */
async function chaptersOf(input: ComposeInput, parts: Parameters<FileKindBinder["chapters"]>[0]) {
  const byKey = new Map<string, BinderPartChapter>();
  for (const place of PLACES) {
    for (const kind of FILE_KINDS) {
      if (kind.binder?.place !== place) continue;
      for (const chapter of await kind.binder.chapters(parts)) {
        const same = byKey.get(chapter.key);
        byKey.set(
          chapter.key,
          same === undefined ? chapter : { ...same, sections: [...same.sections, ...chapter.sections] },
        );
      }
    }
  }
  const { binder } = input;
  return [...byKey.values()].flatMap(({ key, ...chapter }): BinderChapter[] => {
    if (binder.kind === "module") return key === binder.module ? [chapter] : [];
    return chapter.sections.length > 0 || chapter.tree !== undefined ? [chapter] : [];
  });
}

/** The documents a binder lists: a module's binder lists its module's documents and its records'. */
export function documentsOf(snapshot: FileSnapshot, binder: BinderKind): FileSnapshot["documents"] {
  if (binder.kind !== "module") return snapshot.documents;
  const records = new Set(recordsOf(snapshot, binder).map((record) => record.id));
  const module: string = binder.module;
  return snapshot.documents.filter(
    (document) =>
      document.module === module ||
      document.assignedModule === module ||
      (document.assignedDocument !== null && records.has(document.assignedDocument)),
  );
}

function recordsOf(snapshot: FileSnapshot, binder: BinderKind): readonly FileSnapshotRecord[] {
  return binder.kind === "module"
    ? snapshot.records.filter((record) => record.module === binder.module)
    : snapshot.records;
}

/** Where a document is filed, in words: its category (or person group) label, else its module's. */
export function filedUnder(
  document: Pick<FileSnapshot["documents"][number], "type" | "module" | "assignedType">,
  t: ComposeInput["t"],
): string {
  const type = document.assignedType ?? document.type;
  if (isAssignedType(type)) return t(categoryLabelKey(type));
  return t(moduleLabelKey(document.module as RecordModule));
}

export async function composeBook(input: ComposeInput): Promise<BinderBook> {
  const { snapshot, binder, t, language } = input;
  const persons = new Map(snapshot.persons.map((person) => [person.id, person]));
  const addresses = new Map(snapshot.addresses.map((address) => [address.id, address]));
  const institutions = new Map(snapshot.institutions.map((institution) => [institution.id, institution]));
  const records = new Map(snapshot.records.map((record) => [record.id, record]));
  const documents = new Map(snapshot.documents.map((document) => [document.id, document]));
  const comments = new Map<string, BinderComment[]>();
  for (const comment of snapshot.comments) {
    const list = comments.get(comment.subjectId) ?? [];
    list.push({
      author: input.ownerName,
      time: formatDate(comment.createTime, language) ?? "",
      text: comment.notes,
    });
    comments.set(comment.subjectId, list);
  }

  const context: ValueContext = {
    language,
    t,
    personName: (id) => {
      const person = persons.get(id);
      return person === undefined ? undefined : personName(person);
    },
    addressText: (id) => {
      const address = addresses.get(id);
      return address === undefined ? undefined : addressText(address, language);
    },
    institutionName: (id) => institutions.get(id)?.name,
    recordName: (id) => {
      const record = records.get(id);
      return record === undefined ? undefined : recordHeading(record, context);
    },
    documentName: (id) => {
      const document = documents.get(id);
      return document === undefined ? undefined : (document.fileName ?? document.description ?? undefined);
    },
  };
  const commentsOf = (id: string) => comments.get(id) ?? [];

  const chapters = await chaptersOf(input, {
    snapshot,
    include: input.include,
    db: input.db,
    ownerId: input.ownerId,
    context,
    commentsOf,
  });

  const scopeLine =
    binder.kind === "whole"
      ? t("binder:cover.whole", { name: input.ownerName })
      : binder.kind === "module"
        ? t("binder:cover.module", { module: t(moduleLabelKey(binder.module)), name: input.ownerName })
        : t(`binder:cover.${binder.kind}`, { name: input.ownerName });
  return {
    language,
    title: `${t("binder:title")} · ${input.ownerName}`,
    cover: {
      product: t("binder:cover.product"),
      heading: t("binder:title"),
      owner: input.ownerName,
      scope: scopeLine,
      madeOn: t("binder:cover.madeOn", { date: formatDate(snapshot.exportedAt, language) }),
      about: t("binder:cover.about"),
      notice: t(snapshot.secrets ? "binder:cover.withSecrets" : "binder:cover.withoutSecrets"),
    },
    ...(binder.kind === "module"
      ? {}
      : { firstHours: firstHoursOf({ snapshot, context, withNominees: binder.kind === "whole" }) }),
    words: {
      contents: t("binder:contents"),
      attachments: t("binder:attachments.title"),
      attachmentsNone: t("binder:attachments.none"),
      pageOf: (page, total) => t("binder:pageOf", { page, total }),
      appendedAt: (page) => t("binder:attachments.appendedAt", { page }),
      notAppended: t("binder:attachments.listed"),
      empty: t("binder:empty"),
      comments: t("binder:comments"),
    },
    chapters,
    attachments: input.attachments,
  };
}
