import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isPersonGroup, isTypeOfGroup, type PersonGroup } from "../../../domain/catalog/relationships.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import { type PersonInput, type PersonRecord, personInputSchema } from "../../../domain/schemas/person.ts";
import {
  type CardAddress,
  type PersonCard,
  type PersonVcardDecisions,
  type PersonVcardTarget,
  personCardSchema,
  type VcardDecisionsResult,
  type VcardImportResult,
} from "../../../domain/schemas/vcard.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import type { DB } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../errors/app-error.ts";
import type { FileChanges } from "../../file/changes.ts";
import { firstVersion } from "../../file/first-version.ts";
import { cardAddressOf, vcardAddressOf } from "../../vcard/address.ts";
import { emptyContact, type VcardContact } from "../../vcard/contact.ts";
import { checkCards, fillFromCard, type Identity, planImport, toldSaved } from "../../vcard/import-plan.ts";
import { cardIdentity, contactReach, writeVcardFile } from "../../vcard/mapping.ts";
import type { VcardWriter } from "../../vcard/routes.ts";
import { addressReader, cardAddresses, cardAddressFrom } from "../addresses/index.ts";
import { institutionReader } from "../institutions/index.ts";
import { personName, storedData, toColumns } from "./presenter.ts";
import { personReader } from "./reader.ts";
import { personRepository } from "./repository.ts";

/**
 * A person as a vCard: names, nickname, birthday, emails, phones with their types, home and mailing
 * addresses, notes, the company (advisors) and the photo. Never the social number: a vCard is a
 * file that travels.
 */
async function contactOf(
  person: PersonRecord,
  lookups: {
    address: (id: string) => Promise<Parameters<typeof vcardAddressOf>[0] | undefined>;
    company: (id: string) => Promise<string | undefined>;
  },
): Promise<VcardContact> {
  const { mainDetails } = person;
  const addresses = [];
  for (const [id, type] of [
    [person.homeAddress, "home"],
    [person.mailingAddress, null],
  ] as const) {
    const address = id === null ? undefined : await lookups.address(id);
    if (address !== undefined) addresses.push(vcardAddressOf(address, type));
  }
  return {
    ...emptyContact(
      "individual",
      personName({ first_name: mainDetails.firstName, last_name: mainDetails.lastName }),
    ),
    given: mainDetails.firstName,
    additional: mainDetails.middleName,
    family: mainDetails.lastName,
    nickname: mainDetails.nickname,
    birthday: mainDetails.birthday,
    ...contactReach(person.contactDetails),
    addresses,
    note: person.notes,
    org: person.companyName === null ? null : ((await lookups.company(person.companyName)) ?? null),
    photo: mainDetails.imageSrc,
    relationship: person.type,
  };
}

/**
 * What a card says of a person, before its schema checks it: FN when it has no given name; the home
 * address the ADR typed home (else the first untyped one), the mailing address an untyped one.
 */
function cardOf(contact: VcardContact): Record<string, unknown> {
  const home =
    contact.addresses.find((address) => address.type === "home") ??
    contact.addresses.find((address) => address.type === null);
  const mailing = contact.addresses.find((address) => address.type === null && address !== home);
  return {
    firstName: contact.given ?? (contact.family === null ? contact.formattedName : null),
    middleName: contact.additional,
    lastName: contact.family,
    nickname: contact.nickname,
    birthday: contact.birthday,
    emails: contact.emails,
    phones: contact.phones,
    notes: contact.note,
    homeAddress: cardAddressOf(home),
    mailingAddress: cardAddressOf(mailing),
    relationship: contact.relationship,
  };
}

const nameOf = (card: Pick<PersonCard, "firstName" | "lastName">) =>
  personName({ first_name: card.firstName, last_name: card.lastName });

const identityOf = (card: PersonCard): Identity => cardIdentity(nameOf(card), card);

/** What a saved person's card is made of: its record's fields a card carries. */
type CardSource = Pick<
  PersonRecord,
  "type" | "contactDetails" | "notes" | "homeAddress" | "mailingAddress"
> & {
  mainDetails: Pick<
    PersonRecord["mainDetails"],
    "firstName" | "middleName" | "lastName" | "nickname" | "birthday"
  >;
};

/** The card fields of a saved person, as a card would carry them (its addresses looked up). */
function cardFromRecord(
  person: CardSource,
  addressOf: (id: string | null) => Address | undefined,
): PersonCard {
  const { mainDetails } = person;
  return {
    firstName: mainDetails.firstName,
    middleName: mainDetails.middleName,
    lastName: mainDetails.lastName,
    nickname: mainDetails.nickname,
    birthday: mainDetails.birthday,
    emails: person.contactDetails.emails,
    phones: person.contactDetails.phones,
    notes: person.notes,
    homeAddress: cardAddressFrom(addressOf(person.homeAddress)),
    mailingAddress: cardAddressFrom(addressOf(person.mailingAddress)),
    relationship: person.type,
  };
}

/** A person to save, and the card's addresses to save for it (null: none to add). */
type Planned = { input: PersonInput; home: CardAddress; mailing: CardAddress };

/**
 * A person record of a card, in the import's group, of the card's own relationship type when that
 * group has it (else the import's), checked by the person's own schema.
 */
function inputOf(card: PersonCard, target: PersonVcardTarget, base?: PersonRecord): PersonInput {
  const { group } = target;
  const cardType =
    isPersonGroup(group) && isTypeOfGroup(group, card.relationship) ? card.relationship : target.type;
  const result = personInputSchema.safeParse({
    ...base,
    id: base?.id ?? null,
    group: base?.group ?? target.group,
    type: base === undefined ? cardType : base.type,
    contactDetails: { emails: card.emails, phones: card.phones },
    mainDetails: {
      ...base?.mainDetails,
      firstName: card.firstName,
      middleName: card.middleName,
      lastName: card.lastName,
      nickname: card.nickname,
      birthday: card.birthday,
      // Neither is a card's: left out, the stored ones stay.
      imageSrc: undefined,
      socialNumber: undefined,
    },
    notes: card.notes,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError("validation_failed", {
      fields: { [issue?.path.join(".") || "type"]: issue?.message ?? "invalid" },
    });
  }
  return result.data;
}

/**
 * The persons' vCard export and import. The import checks every card with the person's rules,
 * creates the new ones in the chosen group in one transaction and answers the cards that look like
 * persons the owner has (same name, or an email or phone in common); the owner's decisions then
 * merge (filling empty fields, or overwriting when asked), create or skip them, in one transaction.
 */
export function personVcards(
  db: Kysely<DB>,
  dataKeys: DataKeys,
  /** Where the persons and the addresses cards bring are published. */
  changes: FileChanges,
) {
  const persons = personRepository(db);
  const reader = personReader(db, dataKeys);
  const addresses = addressReader(db);
  const institutions = institutionReader(db);
  const cardAddressBook = cardAddresses(db, changes);

  async function addressBook(ownerId: string) {
    const book = await addresses.listAll(ownerId);
    const byId = new Map(book.map((address) => [address.id, address]));
    return { book, of: (id: string | null) => (id === null ? undefined : byId.get(id)) };
  }

  async function known(ownerId: string) {
    const { of } = await addressBook(ownerId);
    return (await persons.identities(ownerId)).map((row) => {
      const data = storedData(row);
      const card = cardFromRecord(
        {
          mainDetails: {
            ...data.mainDetails,
            firstName: row.first_name,
            lastName: row.last_name,
            birthday: row.birthday,
          },
          contactDetails: data.contactDetails,
          notes: data.notes,
          homeAddress: row.home_address_id,
          mailingAddress: row.mailing_address_id,
          type: row.type,
        },
        of,
      );
      return { id: row.id, name: personName(row), identity: identityOf(card), card };
    });
  }

  /** The planned persons with the ids of their new addresses, and those addresses' rows. */
  async function withNewAddresses(writer: VcardWriter, planned: readonly Planned[]) {
    const { ids, rows } = await cardAddressBook.plan(
      writer,
      planned.flatMap(({ input, home, mailing }) => {
        const name = nameOf(input.mainDetails);
        return [
          { name, address: home },
          { name, address: mailing },
        ];
      }),
    );
    const inputs = planned.map(({ input }, index) => ({
      ...input,
      homeAddress: ids[2 * index] ?? input.homeAddress,
      mailingAddress: ids[2 * index + 1] ?? input.mailingAddress,
    }));
    return { inputs, rows };
  }

  async function insertAll(
    trx: Kysely<DB>,
    { ownerId, changedBy }: VcardWriter,
    inputs: readonly PersonInput[],
  ) {
    const now = Date.now();
    const rows = inputs.map((input) => ({
      ...toColumns(input),
      social_number_enc: null,
      photo_enc: null,
      photo_thumb_enc: null,
      id: randomUUID(),
      ...firstVersion(ownerId, changedBy, now),
    }));
    await personRepository(trx).insertMany(rows);
    return rows.map((row, index) => ({
      id: row.id,
      name: nameOf((inputs[index] as PersonInput).mainDetails),
    }));
  }

  /** A transaction of the import's writes; two imports racing for one nickname: a 409, nothing saved. */
  async function inTransaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    try {
      return await changes.transaction(db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", { cause: error });
      throw error;
    }
  }

  return {
    /** All the owner's persons, one group's, or the one named (404 when it is not theirs). */
    async export(
      ownerId: string,
      { id, group }: { id?: string | undefined; group?: PersonGroup | undefined },
    ): Promise<string> {
      const options = { revealSocialNumber: false };
      const list =
        id === undefined
          ? (await reader.listAll(ownerId, options)).filter(
              (person) => group === undefined || person.group === group,
            )
          : [await reader.read(ownerId, id, options)];
      const lookups = {
        address: (addressId: string) => addresses.read(ownerId, addressId),
        company: async (companyId: string) => (await institutions.read(ownerId, companyId))?.name,
      };
      const contacts = [];
      for (const person of list) {
        if (person === undefined) throw new AppError("not_found");
        contacts.push(await contactOf(person, lookups));
      }
      return writeVcardFile(contacts);
    },

    async import(
      writer: VcardWriter,
      contacts: readonly VcardContact[],
      target: PersonVcardTarget,
    ): Promise<VcardImportResult<PersonCard>> {
      const { ownerId } = writer;
      const cards = checkCards(personCardSchema, contacts.map(cardOf));
      // The group and type are checked once, before any card is saved.
      const inputs = new Map(cards.map((card) => [card, inputOf(card, target)]));
      const { fresh, duplicates } = planImport(cards, await known(ownerId), identityOf);
      const planned = await withNewAddresses(
        writer,
        fresh.map((card) => ({
          input: inputs.get(card) as PersonInput,
          home: card.homeAddress,
          mailing: card.mailingAddress,
        })),
      );
      return inTransaction(async (trx) => {
        await cardAddressBook.insert(trx, planned.rows);
        const created = await insertAll(trx, writer, planned.inputs);
        return toldSaved(trx, changes, "person", ownerId, { created, duplicates });
      });
    },

    async decide(writer: VcardWriter, body: PersonVcardDecisions): Promise<VcardDecisionsResult> {
      const { ownerId, changedBy } = writer;
      const { of } = await addressBook(ownerId);
      const creates: Planned[] = body.decisions
        .filter((decision) => decision.action === "create")
        .map((decision) => ({
          input: inputOf(decision.card, body),
          home: decision.card.homeAddress,
          mailing: decision.card.mailingAddress,
        }));
      const merges: (Planned & { id: string })[] = [];
      for (const decision of body.decisions) {
        if (decision.action !== "merge") continue;
        const person = await reader.read(ownerId, decision.targetId as string, { revealSocialNumber: false });
        if (person === undefined) throw new AppError("not_found");
        const { card, overwrite } = decision;
        const filled = fillFromCard(cardFromRecord(person, of), card, overwrite);
        // An address of the card is added where the person has none, or replaces it when asked.
        const added = (address: CardAddress, current: string | null) =>
          address !== null && (overwrite || current === null) ? address : null;
        merges.push({
          id: person.id,
          input: inputOf(filled, body, person),
          home: added(card.homeAddress, person.homeAddress),
          mailing: added(card.mailingAddress, person.mailingAddress),
        });
      }
      const planned = await withNewAddresses(writer, [...creates, ...merges]);
      return inTransaction(async (trx) => {
        await cardAddressBook.insert(trx, planned.rows);
        const created = await insertAll(trx, writer, planned.inputs.slice(0, creates.length));
        const repository = personRepository(trx);
        const merged = [];
        for (const [index, { id }] of merges.entries()) {
          const input = planned.inputs[creates.length + index] as PersonInput;
          const changed = { ...toColumns(input), updated_at: Date.now(), updated_by: changedBy };
          if (!(await repository.update(ownerId, id, changed))) {
            throw new AppError("not_found");
          }
          merged.push({ id, name: nameOf(input.mainDetails) });
        }
        return toldSaved(trx, changes, "person", ownerId, { created, merged });
      });
    },
  };
}
