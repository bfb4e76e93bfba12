import { Code, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../domain/dates.ts";
import { EmailText } from "../../components/EmailText.tsx";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable } from "./AdminTable.tsx";
import { type AuditRow, useAuditLog } from "./adminApi.ts";

const PAGE_SIZE = 50;

/** /admin/audit: every admin and company-admin action, newest first, filtered by action. Read only. */
export function AuditScreen() {
  const { t, i18n } = useTranslation("admin");
  const [action, setAction] = useState("");
  const [page, setPage] = useState(0);
  const [debounced] = useDebouncedValue(action.trim(), 300);
  const log = useAuditLog(debounced, page, PAGE_SIZE);
  const columns: TableColumn<AuditRow>[] = [
    {
      header: t("audit.columns.when"),
      cell: (entry) => formatDateTime(entry.createdAt, currentLanguage(i18n)),
    },
    {
      header: t("audit.columns.who"),
      cell: (entry) => (entry.actorEmail ? <EmailText email={entry.actorEmail} /> : entry.actorId),
    },
    { header: t("audit.columns.action"), cell: (entry) => <Code>{entry.action}</Code> },
    {
      header: t("audit.columns.target"),
      breakAnywhere: true,
      cell: (entry) => `${entry.subjectKind}${entry.subjectId ? ` ${entry.subjectId}` : ""}`,
    },
    { header: t("audit.columns.from"), cell: (entry) => entry.ip ?? "—" },
  ];
  return (
    <AdminScreen title={t("audit.heading")}>
      <Text size="sm">{t("audit.intro")}</Text>
      <TextInput
        label={t("audit.filter")}
        description={t("audit.filterHint")}
        leftSection={<IconFilter size={16} aria-hidden="true" />}
        value={action}
        onChange={(event) => {
          setAction(event.currentTarget.value);
          setPage(0);
        }}
        maw={360}
      />
      <AdminTable
        list="audit"
        query={log}
        columns={columns}
        rowKey={(entry) => entry.id}
        minWidth={760}
        paging={{ page, onChange: setPage }}
      />
    </AdminScreen>
  );
}
