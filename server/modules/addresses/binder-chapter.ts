import { withoutHeading } from "../../file/binder/names.ts";
import type { BinderEntry, FileKindBinder } from "../../file/binder/part.ts";
import { addressText } from "../../file/binder/values.ts";

/** The binder's addresses: a section of the places chapter, after the records. */
export const addressBinder: FileKindBinder = {
  place: "closing",
  chapters: ({ snapshot, context }) => {
    const { t, language } = context;
    const entries = snapshot.addresses.map(
      (address): BinderEntry =>
        withoutHeading(
          {
            heading: address.name ?? addressText(address, language).split("\n")[0] ?? "",
            rows: [
              { label: t("forms:address.nickname"), value: address.name ?? "" },
              { label: t("binder:address"), value: addressText(address, language) },
            ].filter((row) => row.value !== ""),
            comments: [],
          },
          [],
        ),
    );
    return entries.length === 0
      ? []
      : [
          {
            key: "places",
            title: t("binder:chapter.places"),
            sections: [{ title: t("binder:section.addresses"), entries }],
          },
        ];
  },
};
