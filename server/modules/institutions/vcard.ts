import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Address } from "../../../domain/schemas/address.ts";
import type { Institution } from "../../../domain/schemas/institution.ts";
import {
  type InstitutionCard,
  type InstitutionVcardDecisions,
  institutionCardSchema,
  type VcardDecisionsResult,
  type VcardImportResult,
} from "../../../domain/schemas/vcard.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { cardAddressOf, vcardAddressOf } from "../../vcard/address.ts";
import { emptyContact, type VcardContact } from "../../vcard/contact.ts";
import { checkCards, fillFromCard, type Identity, planImport, toldSaved } from "../../vcard/import-plan.ts";
import { cardIdentity, contactReach, writeVcardFile } from "../../vcard/mapping.ts";
import type { VcardWriter } from "../../vcard/routes.ts";
import { addressReader, cardAddresses, cardAddressFrom } from "../addresses/index.ts";
import { toColumns, toInstitution } from "./presenter.ts";
import { institutionRepository } from "./repository.ts";

/** An institution as a vCard: KIND org, its name as FN and ORG, phones, emails, website, address. */
function contactOf(institution: Institution, address: Address | undefined): VcardContact {
  return {
    ...emptyContact("org", institution.name),
    org: institution.name,
    url: institution.website,
    ...contactReach(institution),
    addresses: address === undefined ? [] : [vcardAddressOf(address, "work")],
  };
}

/** What a card says of an institution, before its schema checks it (ORG first, else FN). */
function cardOf(contact: VcardContact): Record<string, unknown> {
  return {
    name: contact.org ?? contact.formattedName,
    website: contact.url,
    emails: contact.emails,
    phones: contact.phones,
    address: cardAddressOf(
      contact.addresses.find((address) => address.type === "work") ?? contact.addresses[0],
    ),
  };
}

/** An institution's card fields, with its address as a card carries it. */
function cardFrom(institution: Institution, address: Address | undefined): InstitutionCard {
  return {
    name: institution.name,
    website: institution.website,
    phones: institution.phones,
    emails: institution.emails,
    address: cardAddressFrom(address),
  };
}

const identityOf = (card: InstitutionCard): Identity => cardIdentity(card.name, card);

/**
 * The institutions' vCard export and import (KIND:org cards). The import creates what is new in one
 * transaction and answers the cards that look like institutions the owner has; the owner's
 * decisions then merge, create or skip them, also in one transaction.
 */
export function institutionVcards(
  db: Kysely<DB>,
  /** Where the institutions and the addresses cards bring are published. */
  changes: FileChanges,
) {
  const institutions = institutionRepository(db);
  const addresses = addressReader(db);
  const cardAddressBook = cardAddresses(db, changes);

  async function known(ownerId: string) {
    const book = new Map((await addresses.listAll(ownerId)).map((address) => [address.id, address]));
    return (await institutions.list(ownerId)).map((row) => {
      const institution = toInstitution(row);
      const card = cardFrom(
        institution,
        institution.address === null ? undefined : book.get(institution.address),
      );
      return { id: institution.id, name: institution.name, identity: identityOf(card), card };
    });
  }

  /** The new institutions, each with the id of its new address (or none). */
  async function insertAll(
    trx: Kysely<DB>,
    { ownerId, changedBy }: VcardWriter,
    entries: readonly { card: InstitutionCard; addressId: string | null }[],
  ) {
    const repository = institutionRepository(trx);
    const created = [];
    for (const { card, addressId } of entries) {
      const now = Date.now();
      const id = randomUUID();
      await repository.insert({
        ...toColumns({ ...card, id: null, address: addressId }),
        id,
        ...firstVersion(ownerId, changedBy, now),
      });
      created.push({ id, name: card.name });
    }
    return created;
  }

  return {
    /** All the owner's institutions, or the one named (404 when it is not theirs). */
    async export(ownerId: string, { id }: { id?: string | undefined }): Promise<string> {
      const rows =
        id === undefined ? await institutions.list(ownerId) : [await institutions.find(ownerId, id)];
      const contacts = [];
      for (const row of rows) {
        if (row === undefined) throw new AppError("not_found");
        const institution = toInstitution(row);
        const address =
          institution.address === null ? undefined : await addresses.read(ownerId, institution.address);
        contacts.push(contactOf(institution, address));
      }
      return writeVcardFile(contacts);
    },

    async import(
      writer: VcardWriter,
      contacts: readonly VcardContact[],
    ): Promise<VcardImportResult<InstitutionCard>> {
      const { ownerId } = writer;
      const cards = checkCards(institutionCardSchema, contacts.map(cardOf));
      const { fresh, duplicates } = planImport(cards, await known(ownerId), identityOf);
      const { ids, rows } = await cardAddressBook.plan(
        writer,
        fresh.map((card) => ({ name: card.name, address: card.address })),
      );
      return changes.transaction(db, async (trx) => {
        await cardAddressBook.insert(trx, rows);
        const created = await insertAll(
          trx,
          writer,
          fresh.map((card, index) => ({ card, addressId: ids[index] ?? null })),
        );
        return toldSaved(trx, changes, "institution", ownerId, { created, duplicates });
      });
    },

    async decide(writer: VcardWriter, body: InstitutionVcardDecisions): Promise<VcardDecisionsResult> {
      const { ownerId, changedBy } = writer;
      const targets = new Map(
        await Promise.all(
          body.decisions
            .filter((decision) => decision.action === "merge")
            .map(async (decision) => {
              const row = await institutions.find(ownerId, decision.targetId as string);
              if (row === undefined) throw new AppError("not_found");
              return [row.id, toInstitution(row)] as const;
            }),
        ),
      );
      const creates = body.decisions.filter((decision) => decision.action === "create");
      const merges = body.decisions.filter((decision) => decision.action === "merge");
      // A card's address is added where the institution has none, or replaces it when asked.
      const { ids, rows } = await cardAddressBook.plan(writer, [
        ...creates.map(({ card }) => ({ name: card.name, address: card.address })),
        ...merges.map(({ card, overwrite, targetId }) => ({
          name: card.name,
          address: overwrite || targets.get(targetId as string)?.address === null ? card.address : null,
        })),
      ]);
      return changes.transaction(db, async (trx) => {
        await cardAddressBook.insert(trx, rows);
        const repository = institutionRepository(trx);
        const created = await insertAll(
          trx,
          writer,
          creates.map(({ card }, index) => ({ card, addressId: ids[index] ?? null })),
        );
        const merged = [];
        for (const [index, decision] of merges.entries()) {
          const target = targets.get(decision.targetId as string) as Institution;
          const filled = fillFromCard(cardFrom(target, undefined), decision.card, decision.overwrite);
          const address = ids[creates.length + index] ?? target.address;
          const updated = await repository.update(ownerId, target.id, {
            ...toColumns({ ...filled, id: target.id, address }),
            updated_at: Date.now(),
            updated_by: changedBy,
          });
          if (updated === undefined) throw new AppError("not_found");
          targets.set(target.id, toInstitution(updated));
          merged.push({ id: target.id, name: filled.name });
        }
        return toldSaved(trx, changes, "institution", ownerId, { created, merged });
      });
    },
  };
}
