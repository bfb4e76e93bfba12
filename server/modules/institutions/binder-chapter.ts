import type { BinderEntry, BinderRow, FileKindBinder } from "../../file/binder/part.ts";
import { phoneText } from "../../file/binder/values.ts";

/** The binder's institutions: a section of the places chapter, after the addresses. */
export const institutionBinder: FileKindBinder = {
  place: "closing",
  chapters: ({ snapshot, context }) => {
    const { t } = context;
    const entries = snapshot.institutions.map((institution): BinderEntry => {
      const rows: BinderRow[] = [
        { label: t("forms:company.website"), value: institution.website ?? "" },
        { label: t("network:field.phones"), value: institution.phones.map(phoneText).join("\n") },
        { label: t("network:field.emails"), value: institution.emails.join("\n") },
        {
          label: t("forms:company.address"),
          value: institution.address === null ? "" : (context.addressText(institution.address) ?? ""),
        },
      ];
      return { heading: institution.name, rows: rows.filter((row) => row.value !== ""), comments: [] };
    });
    return entries.length === 0
      ? []
      : [
          {
            key: "places",
            title: t("binder:chapter.places"),
            sections: [{ title: t("binder:section.institutions"), entries }],
          },
        ];
  },
};
