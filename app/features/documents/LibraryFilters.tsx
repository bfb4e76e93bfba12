import { Group, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { DocumentItem } from "./api.ts";
import { assignedModuleKey } from "./format.ts";
import { FILE_FORMATS, LIBRARY_SORTS, type LibraryQuery, type LibrarySort } from "./libraryView.ts";

/** The library's search by name, its module and file-type filters and its order; they wrap on a phone. */
export function LibraryFilters({
  documents,
  query,
  onChange,
}: {
  documents: readonly DocumentItem[];
  query: LibraryQuery;
  onChange: (query: LibraryQuery) => void;
}) {
  const { t } = useTranslation(["documents", "sections"]);
  const modules = [...new Set(documents.flatMap((document) => document.assignedModule ?? []))];
  const any = { value: "", label: t("library.any") };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t("library.search")}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query.search}
        onChange={(event) => onChange({ ...query, search: event.currentTarget.value })}
        style={{ flex: "1 1 14rem" }}
      />
      <NativeSelect
        label={t("library.module")}
        value={query.module}
        onChange={(event) => onChange({ ...query, module: event.currentTarget.value })}
        data={[
          any,
          ...modules.map((module) => {
            const key = assignedModuleKey(module);
            return { value: module, label: key ? t(key) : module };
          }),
        ]}
        style={{ flex: "1 1 10rem" }}
      />
      <NativeSelect
        label={t("library.kind")}
        value={query.kind}
        onChange={(event) => onChange({ ...query, kind: event.currentTarget.value })}
        data={[any, ...FILE_FORMATS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))]}
        style={{ flex: "1 1 8rem" }}
      />
      <NativeSelect
        label={t("library.sort")}
        value={query.sort}
        onChange={(event) => onChange({ ...query, sort: event.currentTarget.value as LibrarySort })}
        data={LIBRARY_SORTS.map((sort) => ({ value: sort, label: t(`library.sortBy.${sort}`) }))}
        style={{ flex: "1 1 10rem" }}
      />
    </Group>
  );
}
