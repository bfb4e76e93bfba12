import { Alert, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { MASK } from "../../../domain/secrets.ts";
import { hasOtherOption, isFieldVisible, otherFieldKey } from "../../../domain/sections/fields.ts";
import { isCopyable } from "../../../domain/sections/index.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { ApiError } from "../../api/client.ts";
import { CopyValueButton } from "../../components/CopyValueButton.tsx";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { FieldDisplay, isFilledValue } from "../../components/fields/FieldDisplay.tsx";
import { LastChanged } from "../../components/LastChanged.tsx";
import { ViewHeader } from "../../components/ViewHeader.tsx";
import { useAccount } from "../../session/account.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editPath, listPathOf } from "../../shell/recordPaths.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { subjectComments } from "../comments/api.ts";
import { CommentsPanel } from "../comments/CommentsPanel.tsx";
import { categoryPage } from "./categoryPage.tsx";
import { DeadlineBadge } from "./DeadlineBadge.tsx";
import { RecordNotFound } from "./RecordNotFound.tsx";
import { recordTitleKey } from "./recordPlace.ts";
import { isReadOnlySource, useRecordSource } from "./recordSource.tsx";
import { useRecordName } from "./recordTitle.ts";
import { useDeleteRecord, useRecord } from "./useRecord.ts";

/**
 * .../{category}/view/{id}: the record by its name, its category above it, every filled field
 * read-only (usernames, secrets and addresses with a copy button), with Edit and Delete. On a file
 * shared with me: the same view without Edit, Delete or comments, secrets read through the shared route;
 * with view rights, without Edit or Delete, comments only read.
 */
export const RecordViewPage = categoryPage(RecordView);

function RecordView({ category }: { category: CategoryDef }) {
  const { t } = useTranslation(["records", "sections"]);
  const { id = "" } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const listPath = listPathOf(pathname);
  const source = useRecordSource();
  const readOnly = isReadOnlySource(source);
  const canEdit = useCanEditFile() && !readOnly;
  const record = useRecord(category, id);
  const account = useAccount().data;
  const canDelete = hasFullAccess(account?.roles ?? []);
  const remove = useDeleteRecord(category);
  const [confirming, setConfirming] = useState(false);
  const kind = t(recordTitleKey(category));
  const body = record.data?.body ?? {};
  const title = useRecordName(category, id, record.data?.body) ?? kind;
  usePageTitle(title);
  const notFound = record.error instanceof ApiError && record.error.status === 404;

  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        navigate(listPath, { replace: true });
      },
    });

  const shown = category.fields.filter(
    (field) => isFieldVisible(field, body) && isFilledValue(body[field.key]),
  );

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={listPath} />
      {record.data ? (
        <>
          <ViewHeader
            title={title}
            context={kind}
            status={<DeadlineBadge category={category} values={body} />}
            actions={
              !canEdit
                ? null
                : {
                    editTo: editPath(listPath, id),
                    editLabel: t("view.edit"),
                    delete: {
                      label: t("view.delete"),
                      allowed: canDelete,
                      note: t("view.deleteNeedsSubscription"),
                      onClick: () => setConfirming(true),
                    },
                  }
            }
          />
          <LastChanged changedBy={record.data.changedBy} updateTime={record.data.updateTime} />
          {shown.length === 0 ? (
            <Text>{t("view.empty")}</Text>
          ) : (
            <dl
              style={{
                margin: 0,
                display: "grid",
                gridTemplateColumns: "minmax(0, 1fr)",
                gap: "var(--mantine-spacing-md)",
              }}
            >
              {shown.map((field) => {
                const label = t(fieldLabelKey(category.key, field.key));
                const value = body[field.key];
                const display = (
                  <FieldDisplay
                    field={field}
                    label={label}
                    value={value}
                    otherText={hasOtherOption(field) ? body[otherFieldKey(field)] : undefined}
                    reveal={() => source.reveal(category.module, category.key, id, field.key)}
                    place={{ module: category.module, category: category.key, recordId: id }}
                  />
                );
                return (
                  <div key={field.key}>
                    <Text component="dt" fw={700} size="sm">
                      {label}
                    </Text>
                    <dd style={{ margin: 0 }}>
                      {isCopyable(field) ? (
                        <Group gap="xs" wrap="nowrap" align="center">
                          <div style={{ minWidth: 0 }}>{display}</div>
                          <CopyValueButton
                            label={label}
                            value={async () =>
                              field.type === "secret" && value === MASK
                                ? source.reveal(category.module, category.key, id, field.key, "copy")
                                : String(value)
                            }
                          />
                        </Group>
                      ) : (
                        display
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          )}
          {!readOnly && (
            <>
              <DeleteRecordDialog
                opened={confirming}
                onConfirm={confirmDelete}
                onCancel={() => setConfirming(false)}
                pending={remove.isPending}
                error={remove.isError ? t("view.deleteFailed") : null}
              />
              <CommentsPanel source={subjectComments("record", id)} canWrite={canEdit} />
            </>
          )}
        </>
      ) : notFound ? (
        <RecordNotFound />
      ) : record.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("view.loadFailed")}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
