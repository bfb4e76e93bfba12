import type { BodyOf, QueryOf } from "../../../domain/api/contract.ts";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import { personsApi } from "../../../domain/api/persons.ts";
import type {
  InstitutionCard,
  PersonCard,
  VcardDecisionsResult,
  VcardImportResult,
} from "../../../domain/schemas/vcard.ts";
import { callApi, operationUrl } from "../../api/client.ts";

/** The kinds of record that travel as vCards, with the address of each one's export. */
export const VCARD_KINDS = {
  person: { path: operationUrl(personsApi.vcardExport), fileName: "kinfile-persons.vcf" },
  institution: { path: operationUrl(institutionsApi.vcardExport), fileName: "kinfile-institutions.vcf" },
} as const;
export type VcardKind = keyof typeof VCARD_KINDS;

/** Where imported persons go: a group and a relationship type of it. */
export type VcardTarget = { group: string; type: string };

/** Either kind's card, as the import answers it and the merge dialog shows it. */
export type AnyCard = PersonCard | InstitutionCard;

export type Decision = {
  card: AnyCard;
  action: "merge" | "create" | "skip";
  targetId: string | null;
  overwrite: boolean;
};

/** Imports a .vcf; `target` says where imported persons go. */
export function importVcard(
  kind: VcardKind,
  file: File,
  target?: VcardTarget,
): Promise<VcardImportResult<AnyCard>> {
  const form = new FormData();
  form.append("file", file);
  if (kind === "institution") return callApi(institutionsApi.vcardImport, { form });
  // The group and type come from the catalog lists the server's schema checks them against.
  const query = target as QueryOf<typeof personsApi.vcardImport> | undefined;
  return callApi(personsApi.vcardImport, { form, ...(query === undefined ? {} : { query }) });
}

/** The owner's merge, create or skip of each likely duplicate. */
export function applyDecisions(
  kind: VcardKind,
  body: { decisions: Decision[]; group?: string; type?: string },
): Promise<VcardDecisionsResult> {
  // The cards are those the import answered, each of the kind's own shape.
  if (kind === "institution") {
    return callApi(institutionsApi.vcardDecide, { body: body as BodyOf<typeof institutionsApi.vcardDecide> });
  }
  return callApi(personsApi.vcardDecide, { body: body as BodyOf<typeof personsApi.vcardDecide> });
}
