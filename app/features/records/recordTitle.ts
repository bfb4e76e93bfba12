import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { type OptionListName, optionLabelKey } from "../../../domain/catalog/optionLists.ts";
import { formatDate } from "../../../domain/dates.ts";
import { referenceFields, titleFieldOf } from "../../../domain/sections/index.ts";
import type { CategoryDef, FieldDef } from "../../../domain/sections/types.ts";
import { useRecordSource } from "./recordSource.tsx";
import { type RecordListItem, recordQueryKeys } from "./recordsApi.ts";

/** A reference as a list answers it: `{ id, name }`. */
function nameOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null || !("name" in value)) return null;
  return typeof value.name === "string" && value.name !== "" ? value.name : null;
}

/** A title field's value as words: a name, an option's label, a reference's name, a date. */
function titleText(field: FieldDef, value: unknown, t: TFunction, language: string): string | null {
  if (Array.isArray(value)) {
    const names = value.map((item) =>
      typeof item === "string" ? titleText(field, item, t, language) : nameOf(item),
    );
    const shown = names.filter((name): name is string => name !== null);
    return shown.length > 0 ? shown.join(", ") : null;
  }
  if (typeof value === "number") return field.type === "date" ? formatDate(value, language) : String(value);
  if (typeof value !== "string") return nameOf(value);
  if (value === "") return null;
  if (
    (field.type === "select" || field.type === "multiselect") &&
    field.options &&
    field.options !== "country"
  ) {
    return t(optionLabelKey(field.options as Exclude<OptionListName, "country">, value), { ns: "catalog" });
  }
  return value;
}

/**
 * A record's name from its list row (the category's declared title field: "Gmail", "Everyday
 * chequing"), or null when that field is empty.
 */
export function recordTitle(
  category: CategoryDef,
  item: Pick<RecordListItem, "columns">,
  t: TFunction,
  language: string,
): string | null {
  const field = titleFieldOf(category);
  return titleText(field, item.columns[field.key], t, language);
}

/** `recordTitle` in the UI's language. */
export function useRecordTitle(): (
  category: CategoryDef,
  item: Pick<RecordListItem, "columns">,
) => string | null {
  const { t, i18n } = useTranslation("catalog");
  return (category, item) => recordTitle(category, item, t, i18n.language);
}

/**
 * One record's name on its own page: from its body, or, when a reference names it (a passport by
 * its holder), from its list row, where the server has named the reference already.
 */
export function useRecordName(
  category: CategoryDef,
  id: string,
  body: Readonly<Record<string, unknown>> | undefined,
): string | null {
  const title = useRecordTitle();
  const source = useRecordSource();
  const field = titleFieldOf(category);
  const byReference = referenceFields(category).includes(field);
  const list = useQuery({
    queryKey: source.queryKey(recordQueryKeys.list(category.module, category.key)),
    queryFn: () => source.list(category.module, category.key),
    enabled: byReference,
    staleTime: 60_000,
  });
  const item = byReference ? list.data?.find((row) => row.id === id) : body && { columns: { ...body } };
  return item ? title(category, item) : null;
}
