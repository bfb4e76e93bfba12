import { Code, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../domain/dates.ts";
import { EmailText } from "../../components/EmailText.tsx";
import { ListPagination } from "../../components/ListPagination.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { ScrollableTable } from "../../components/ScrollableTable.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { useAuditLog } from "./adminApi.ts";

const PAGE_SIZE = 50;

/** /admin/audit: every admin and company-admin action, newest first, filtered by action. Read only. */
export function AuditScreen() {
  const { t, i18n } = useTranslation("admin");
  const [action, setAction] = useState("");
  const [page, setPage] = useState(0);
  const [debounced] = useDebouncedValue(action.trim(), 300);
  const log = useAuditLog(debounced, page, PAGE_SIZE);
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
      <Loaded query={log} failure={t("audit.loadFailed")}>
        {(result) =>
          result.content.length === 0 ? (
            <Text>{t("audit.empty")}</Text>
          ) : (
            <Stack gap="sm">
              <ScrollableTable minWidth={760} label={t("audit.heading")}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t("audit.columns.when")}</Table.Th>
                      <Table.Th scope="col">{t("audit.columns.who")}</Table.Th>
                      <Table.Th scope="col">{t("audit.columns.action")}</Table.Th>
                      <Table.Th scope="col">{t("audit.columns.target")}</Table.Th>
                      <Table.Th scope="col">{t("audit.columns.from")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.content.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>{formatDateTime(entry.createdAt, currentLanguage(i18n))}</Table.Td>
                        <Table.Td>
                          {entry.actorEmail ? <EmailText email={entry.actorEmail} /> : entry.actorId}
                        </Table.Td>
                        <Table.Td>
                          <Code>{entry.action}</Code>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>
                          {entry.subjectKind}
                          {entry.subjectId ? ` ${entry.subjectId}` : ""}
                        </Table.Td>
                        <Table.Td>{entry.ip ?? "—"}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollableTable>
              <ListPagination
                page={page}
                totalPages={result.totalPages}
                onChange={setPage}
                label={t("audit.pages")}
              />
            </Stack>
          )
        }
      </Loaded>
    </AdminScreen>
  );
}
