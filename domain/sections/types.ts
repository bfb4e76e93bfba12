/**
 * The declaration of a record category (CATALOG.md section 3). One declaration per category drives
 * storage, API validation, forms, list columns, the nominee view, reminders and exports.
 */
import type { PersonGroup } from "../catalog/relationships.ts";
import type { RecordModule } from "./modules.ts";

/** About fifteen field types; the UI draws every field from its type (CATALOG.md section 0). */
export type FieldType =
  | "text"
  | "longtext"
  | "date"
  | "money"
  | "number"
  | "select"
  | "multiselect"
  | "boolean"
  | "url"
  | "email"
  | "phone"
  | "personRef"
  | "personRefs"
  | "addressRef"
  | "institutionRef"
  | "recordRef"
  | "secret"
  | "documents";

export type FieldDef = {
  key: string;
  type: FieldType;
  required: boolean;
  /** Position among the list columns (1-4), when the field is one. */
  listColumn?: number;
  /** select / multiselect: the option list's name in CATALOG.md section 4 ("country", "province", "currency", ...). */
  options?: string;
  /** personRef(s) filtered to these groups. */
  personGroups?: readonly PersonGroup[];
  /** recordRef: the categories it may point to. */
  recordCategories?: readonly string[];
  /** `date R`: watched by the reminder engine. */
  reminder?: boolean;
  /** `date R` lead times in days when they differ from the category's (see reminders.ts). */
  reminderLeadDays?: readonly number[];
  /** date: "month" for a date entered as MM/YY and stored as the last day of that month (card expiry). */
  datePrecision?: "month";
  /** select: the option a new record starts with. */
  defaultOption?: string;
  /** Shown, and kept on save, only while another field of the record holds one of these options. */
  visibleWhen?: FieldCondition;
  /**
   * What the field tells a family in the first hours (the binder's first page): a person to call
   * first, or where the original of a key document is kept.
   */
  firstHours?: FirstHoursRole;
  /** text: offered to copy in one click (a username); secrets, web addresses and emails always are. */
  copy?: true;
  /** secret: a password, which the form offers to generate. */
  generate?: true;
};

export type FirstHoursRole = "callFirst" | "whereKept";

export type FieldCondition = {
  /** A select field of the same category. */
  field: string;
  values: readonly string[];
};

/** A rule about several fields of one record (CATALOG.md notes under a table's first header cell). */
export type CategoryRule =
  /** At least one of these fields must be filled (caregiver: a person or an agency). */
  | { kind: "atLeastOne"; fields: readonly string[] }
  /**
   * At least one file must be attached. The spec's add flow saves the record before it uploads the
   * file, so the form and the upload flow check it, not the record schema.
   */
  | { kind: "fileRequired" }
  /** When both are filled, the category field names a category of the module field's module. */
  | { kind: "categoryInModule"; moduleField: string; categoryField: string };

export type CategoryDef = {
  /** The assignedType key (e.g. "passport"). */
  key: string;
  module: RecordModule;
  /** Fields in form order, ending with the common `notes` and `documents`. */
  fields: readonly FieldDef[];
  /** The field that names one record ("Gmail", "Everyday chequing"): its page's title, its card's. */
  titleField: string;
  /** Reminder lead times in days for its `date R` fields (CATALOG.md section 0). */
  reminderLeadDays?: readonly number[];
  rules?: readonly CategoryRule[];
  /** A document the family looks for first (a will, a power of attorney, funeral wishes). */
  keyDocument?: boolean;
};
