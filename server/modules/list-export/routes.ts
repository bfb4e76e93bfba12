import type { FastifyInstance } from "fastify";
import { addressesApi } from "../../../domain/api/addresses.ts";
import { addressesTypes } from "../../../domain/api/addresses.types.ts";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import { institutionsTypes } from "../../../domain/api/institutions.types.ts";
import { personsApi } from "../../../domain/api/persons.ts";
import { personsTypes } from "../../../domain/api/persons.types.ts";
import { recordsApi } from "../../../domain/api/records.ts";
import { recordsTypes } from "../../../domain/api/records.types.ts";
import { countryName } from "../../../domain/catalog/countries.ts";
import { isRelationshipType, relationshipTypeLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatPhone } from "../../../domain/schemas/phone.ts";
import { categoriesOf, listColumns } from "../../../domain/sections/index.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import { actorOf } from "../../auth/ownership.ts";
import type { DataKeys } from "../../crypto/data-keys.ts";
import { sendCsv } from "../../csv/csv-file.ts";
import type { Database } from "../../db/database.ts";
import { registerOperation } from "../../http/operations.ts";
import type { LocaleStore } from "../../i18n/locale-store.ts";
import { requestLanguage } from "../../i18n/request-language.ts";
import { addressReader } from "../addresses/index.ts";
import { institutionReader } from "../institutions/index.ts";
import { personReader } from "../persons/index.ts";
import type { ListCache } from "../records/index.ts";
import { recordReader } from "../records/index.ts";
import { dateCell, recordCell } from "./cells.ts";

/**
 * Every list as a CSV download, read through the owning modules' public faces with the access of
 * the list's own route: each record category (`/api/records/{module}/{category}/csv`, its declared
 * list columns), a person group (`/api/pn/person/{group}/csv`, the columns of the app's rows),
 * the addresses (`/api/address/csv`) and the institutions (`/api/institutions/csv`). Headers are
 * the lists' own labels in the reader's language.
 */
export async function listExportRoutes(
  app: FastifyInstance,
  options: { database: Database; dataKeys: DataKeys; listCache: ListCache; locales: LocaleStore },
): Promise<void> {
  const { db } = options.database;
  const records = recordReader({ db, dataKeys: options.dataKeys, listCache: options.listCache });
  const persons = personReader(db, options.dataKeys);
  const addresses = addressReader(db);
  const institutions = institutionReader(db);

  for (const module of RECORD_MODULES) {
    for (const category of categoriesOf(module)) {
      // A static route per category, as the list's own: an unknown category has none (404), and
      // ".../csv" is never taken for a record id.
      registerOperation(
        app,
        recordsApi.csv,
        recordsTypes.csv,
        async (request, reply) => {
          const language = requestLanguage(request);
          const t = (key: string) => options.locales.translate(language, key);
          const columns = listColumns(category);
          const items = await records.listOf(actorOf(request).userId, category);
          const header =
            columns.length === 0
              ? [t("records:list.created")]
              : columns.map((field) => t(fieldLabelKey(category.key, field.key)));
          const rows = items.map((item) =>
            columns.length === 0
              ? [dateCell(item.createTime, language)]
              : columns.map((field) => recordCell(field, item.columns[field.key], language, t)),
          );
          return sendCsv(reply, category.key, header, rows);
        },
        { fixed: { module, category: category.key } },
      );
    }
  }

  registerOperation(app, personsApi.csv, personsTypes.csv, async (request, reply) => {
    const language = requestLanguage(request);
    const t = (key: string) => options.locales.translate(language, key);
    const { group } = request.params;
    const withBirthday = group === "relative";
    const list = await persons.listGroup(actorOf(request).userId, group);
    const header = [t("network:columns.name"), t("network:columns.type"), t("network:columns.phone")];
    if (withBirthday) header.push(t("network:columns.birthday"));
    const rows = list.map((person) => {
      const { mainDetails } = person;
      const row = [
        [mainDetails.firstName, mainDetails.lastName].filter(Boolean).join(" "),
        person.type !== null && isRelationshipType(person.type)
          ? t(`catalog:${relationshipTypeLabelKey(person.type)}`)
          : "",
        person.contactDetails.phones[0] ? formatPhone(person.contactDetails.phones[0]) : "",
      ];
      if (withBirthday) row.push(dateCell(mainDetails.birthday, language));
      return row;
    });
    return sendCsv(reply, group, header, rows);
  });

  registerOperation(app, addressesApi.csv, addressesTypes.csv, async (request, reply) => {
    const language = requestLanguage(request);
    const t = (key: string) => options.locales.translate(language, `forms:address.${key}`);
    const fields = ["nickname", "addressLine1", "addressLine2", "city", "state", "zip", "country"] as const;
    const rows = (await addresses.listAll(actorOf(request).userId)).map((address) => [
      address.name,
      address.addressLine1 ?? "",
      address.addressLine2 ?? "",
      address.city ?? "",
      address.province ?? address.state ?? address.county ?? "",
      address.zip ?? "",
      address.country === null ? "" : (countryName(address.country, language) ?? address.country),
    ]);
    return sendCsv(reply, "addresses", fields.map(t), rows);
  });

  registerOperation(app, institutionsApi.csv, institutionsTypes.csv, async (request, reply) => {
    const language = requestLanguage(request);
    const t = (key: string) => options.locales.translate(language, key);
    const ownerId = actorOf(request).userId;
    const list = await institutions.listAll(ownerId);
    const header = [
      t("forms:company.name"),
      t("forms:company.website"),
      t("network:field.phones"),
      t("network:field.emails"),
      t("forms:company.address"),
    ];
    const rows = [];
    for (const institution of list) {
      const address =
        institution.address === null ? undefined : await addresses.read(ownerId, institution.address);
      rows.push([
        institution.name,
        institution.website ?? "",
        institution.phones.map(formatPhone).join("; "),
        institution.emails.join("; "),
        address?.name ?? "",
      ]);
    }
    return sendCsv(reply, "institutions", header, rows);
  });
}
