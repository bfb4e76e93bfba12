import { Alert, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { ApiError } from "../../api/client.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
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
import { isReadOnlySource, useRecordSource } from "../records/recordSource.tsx";
import { useNetworkPlace } from "./networkSection.ts";
import { PersonDetails } from "./PersonDetails.tsx";
import { useDeletePerson, usePerson } from "./personData.ts";
import { fullName } from "./personDisplay.ts";
import { usePersonGroup } from "./usePersonGroup.ts";

/**
 * .../view/{id}: one person, read-only, with Edit and (except for the owner) Delete. On a file
 * shared with me: the same view without Edit, Delete or comments; with view rights, comments are
 * only read.
 */
export function PersonViewPage() {
  const { t } = useTranslation("network");
  const place = useNetworkPlace();
  const { id = "" } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const listPath = listPathOf(pathname);
  const readOnly = isReadOnlySource(useRecordSource());
  const canEdit = useCanEditFile() && !readOnly;
  const { group, missing } = usePersonGroup(place, id);
  const person = usePerson(group, id);
  const roles = useAccount().data?.roles ?? [];
  const canDelete = hasFullAccess(roles);
  const remove = useDeletePerson();
  const [confirming, setConfirming] = useState(false);
  const name = person.data ? fullName(person.data.mainDetails) : t("view.title");
  usePageTitle(name);

  const notFound = missing || (person.error instanceof ApiError && person.error.status === 404);

  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        navigate(listPath, { replace: true });
      },
    });

  return (
    <Stack gap="lg">
      <BackArrow to={listPath} />
      {person.data ? (
        <>
          <ViewHeader
            title={name}
            actions={
              !canEdit
                ? null
                : {
                    editTo: editPath(listPath, id),
                    editLabel: t("actions.edit"),
                    ...(person.data.group === "me"
                      ? {}
                      : {
                          delete: {
                            label: t("actions.delete"),
                            allowed: canDelete,
                            note: t("view.deleteNeedsSubscription"),
                            onClick: () => setConfirming(true),
                          },
                        }),
                  }
            }
          />
          <LastChanged changedBy={person.data.changedBy} updateTime={person.data.updateTime} />
          <PersonDetails person={person.data} />
          {!readOnly && (
            <>
              <CommentsPanel source={subjectComments("person", id)} canWrite={canEdit} />
              <DeleteRecordDialog
                opened={confirming}
                onConfirm={confirmDelete}
                onCancel={() => setConfirming(false)}
                pending={remove.isPending}
                error={remove.isError ? t("view.deleteFailed") : null}
              />
            </>
          )}
        </>
      ) : notFound ? (
        <>
          <Title order={1}>{t("view.notFoundTitle")}</Title>
          <Text>{t("view.notFound")}</Text>
        </>
      ) : person.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("view.loadFailed")}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
