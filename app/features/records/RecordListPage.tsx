import "@mantine/core/styles/Table.css";
import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { recordsApi } from "../../../domain/api/records.ts";
import { formatDate } from "../../../domain/dates.ts";
import { BREAKPOINTS_PX } from "../../../domain/limits.ts";
import { listColumns } from "../../../domain/sections/index.ts";
import { fieldLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { operationUrl } from "../../api/client.ts";
import { FieldDisplay } from "../../components/fields/FieldDisplay.tsx";
import { LinkedRow } from "../../components/LinkedRow.tsx";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { addPath, listPathOf, viewPath } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { DownloadButton } from "../exchange/DownloadButton.tsx";
import { categoryPage } from "./categoryPage.tsx";
import { RecordCards } from "./RecordCards.tsx";
import { categoryTitleKey } from "./recordPlace.ts";
import { isReadOnlySource, useRecordSource } from "./recordSource.tsx";
import { recordQueryKeys } from "./recordsApi.ts";

/**
 * /dashboard/{module}/{category}: the category's records with their declared list columns, as a
 * table, or on a phone as cards (RecordCards) that each open their record. On a
 * file shared with me: the same list, read-only (no Add); with view rights, without Add.
 */
export const RecordListPage = categoryPage(RecordList);

function RecordList({ category }: { category: CategoryDef }) {
  const { t, i18n } = useTranslation(["records", "sections", "exchange"]);
  const { pathname } = useLocation();
  const listPath = listPathOf(pathname);
  const source = useRecordSource();
  const readOnly = isReadOnlySource(source);
  const canEdit = useCanEditFile() && !readOnly;
  const title = t(categoryTitleKey(category));
  usePageTitle(title);
  const records = useQuery({
    queryKey: source.queryKey(recordQueryKeys.list(category.module, category.key)),
    queryFn: () => source.list(category.module, category.key),
  });
  const columns = listColumns(category);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.recordCards}px)`, false, {
    getInitialValueInEffect: false,
  });

  return (
    <Stack gap="lg">
      {readOnly ? (
        <BackArrow to={source.basePath} />
      ) : (
        <BackArrow to={`/dashboard/${category.module}`} label={t(moduleLabelKey(category.module))} />
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {!readOnly && (
          <Group gap="sm">
            <DownloadButton
              path={operationUrl(recordsApi.csv, {
                params: { module: category.module, category: category.key },
              })}
              fileName={`kinfile-${category.key}.csv`}
              label={t("exchange:csv.export")}
            />
            {canEdit && (
              <Button component={Link} to={addPath(listPath)}>
                {t("list.add")}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {records.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : !records.data ? (
        <PageLoader />
      ) : records.data.length === 0 ? (
        <Text>{canEdit ? t("list.empty") : t("list.emptyReadOnly")}</Text>
      ) : phone ? (
        <RecordCards
          category={category}
          items={records.data}
          listPath={listPath}
          label={t("list.cardsLabel", { category: title })}
        />
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.length === 0 && <Table.Th scope="col">{t("list.created")}</Table.Th>}
                {columns.map((field) => (
                  <Table.Th key={field.key} scope="col">
                    {t(fieldLabelKey(category.key, field.key))}
                  </Table.Th>
                ))}
                <Table.Th scope="col">
                  <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.map((item, index) => {
                const to = viewPath(listPath, item.id);
                return (
                  <LinkedRow
                    key={item.id}
                    to={to}
                    label={t("list.view")}
                    hiddenLabel={t("list.viewWhich", { position: index + 1 })}
                  >
                    {columns.length === 0 && (
                      <Table.Td>{formatDate(item.createTime, i18n.language)}</Table.Td>
                    )}
                    {columns.map((field) => (
                      <Table.Td key={field.key}>
                        <FieldDisplay
                          field={field}
                          label={t(fieldLabelKey(category.key, field.key))}
                          value={item.columns[field.key]}
                        />
                      </Table.Td>
                    ))}
                  </LinkedRow>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
