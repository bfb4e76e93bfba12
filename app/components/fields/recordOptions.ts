import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { categoryDef, isCategoryKey, listColumns } from "../../../domain/sections/index.ts";
import { categoryLabelKey } from "../../../domain/sections/labels.ts";
import { useRecordSource } from "../../features/records/recordSource.tsx";
import { type RecordListItem, recordQueryKeys } from "../../features/records/recordsApi.ts";

/** A record's name in a picker: its first text column, else its category and position. */
function recordName(item: RecordListItem, categoryLabel: string, position: number): string {
  const first = Object.values(item.columns).find((value) => typeof value === "string" && value !== "");
  return typeof first === "string" ? first : `${categoryLabel} ${position}`;
}

/** The records of these categories (the user's, or on a shared file's view the shared ones), as options. */
export function useRecordOptions(categories: readonly string[]): { value: string; label: string }[] {
  const { t } = useTranslation("sections");
  const source = useRecordSource();
  const keys = categories.filter(isCategoryKey);
  const lists = useQueries({
    queries: keys.map((key) => {
      const module = categoryDef(key).module;
      return {
        queryKey: source.queryKey(recordQueryKeys.list(module, key)),
        queryFn: () => source.list(module, key),
        staleTime: 30_000,
      };
    }),
  });
  return keys.flatMap((key, index) => {
    const label = t(categoryLabelKey(key));
    const named = listColumns(key).length > 0;
    return (lists[index]?.data ?? []).map((item, position) => ({
      value: item.id,
      label: named ? recordName(item, label, position + 1) : `${label} ${position + 1}`,
    }));
  });
}
