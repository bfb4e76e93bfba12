import type { FileSnapshotRecord } from "../../../domain/schemas/file-export.ts";
import type { AssignedType } from "../../../domain/sections/assignedTypes.ts";
import { isFieldVisible } from "../../../domain/sections/fields.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { categoryLabelKey, fieldLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { RECORD_MODULES } from "../../../domain/sections/modules.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { recordHeading, recordHeadingParts, withoutHeading } from "../../file/binder/names.ts";
import type { BinderComment, BinderEntry, BinderRow, FileKindBinder } from "../../file/binder/part.ts";
import { type ValueContext, valueText } from "../../file/binder/values.ts";

/**
 * The binder's records: a chapter per record module, each category with records, each record's
 * filled fields in form order (a field hidden by `visibleWhen` left out). A module without
 * records gives an empty chapter, which only that module's own binder prints.
 */
export const recordBinder: FileKindBinder = {
  place: "body",
  chapters: ({ snapshot, context, commentsOf }) =>
    RECORD_MODULES.map((module) => ({
      key: module,
      title: context.t(moduleLabelKey(module)),
      sections: categoriesOf(module).flatMap((category) => {
        const entries = snapshot.records
          .filter((record) => record.category === category.key)
          .map((record) => recordEntry(category, record, context, commentsOf(record.id)));
        return entries.length === 0
          ? []
          : [{ title: context.t(categoryLabelKey(category.key as AssignedType)), entries }];
      }),
    })),
};

function recordEntry(
  category: CategoryDef,
  record: FileSnapshotRecord,
  context: ValueContext,
  comments: readonly BinderComment[],
): BinderEntry {
  const rows: BinderRow[] = [];
  for (const field of category.fields) {
    if (!isFieldVisible(field, record.body)) continue;
    const value = valueText(field, record.body, context);
    if (value !== "") rows.push({ label: context.t(fieldLabelKey(category.key, field.key)), value });
  }
  return withoutHeading(
    { heading: recordHeading(record, context), rows, comments },
    recordHeadingParts(record, context),
  );
}
