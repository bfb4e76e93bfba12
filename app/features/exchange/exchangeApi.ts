import type {
  InstitutionCard,
  PersonCard,
  VcardDecisionsResult,
  VcardImportResult,
} from "../../../domain/schemas/vcard.ts";
import { apiFetch } from "../../api/client.ts";

/** The kinds of record that travel as vCards, with the server's base path of each. */
export const VCARD_KINDS = {
  person: { path: "/api/pn/person/vcard", fileName: "kinfile-persons.vcf" },
  institution: { path: "/api/institutions/vcard", fileName: "kinfile-institutions.vcf" },
} as const;
export type VcardKind = keyof typeof VCARD_KINDS;

/** Either kind's card, as the import answers it and the merge dialog shows it. */
export type AnyCard = PersonCard | InstitutionCard;

export type Decision = {
  card: AnyCard;
  action: "merge" | "create" | "skip";
  targetId: string | null;
  overwrite: boolean;
};

/** POST .../vcard with the file as multipart `file`; `query` says where imported persons go. */
export function importVcard(kind: VcardKind, file: File, query = ""): Promise<VcardImportResult<AnyCard>> {
  const form = new FormData();
  form.append("file", file);
  return apiFetch(`${VCARD_KINDS[kind].path}${query}`, { method: "POST", body: form });
}

/** POST .../vcard/decisions: the owner's merge, create or skip of each likely duplicate. */
export function applyDecisions(
  kind: VcardKind,
  body: { decisions: Decision[]; group?: string; type?: string },
): Promise<VcardDecisionsResult> {
  return apiFetch(`${VCARD_KINDS[kind].path}/decisions`, { method: "POST", body: JSON.stringify(body) });
}
