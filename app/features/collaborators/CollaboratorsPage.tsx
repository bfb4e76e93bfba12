import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import type { CollaboratorView } from "../../../domain/schemas/collaborator.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { showToast } from "../../shell/toast.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { CollaborationAccess, CollaborationStatus } from "./CollaborationDetails.tsx";
import { CollaboratorActivity } from "./CollaboratorActivity.tsx";
import { collaboratorQueryKeys, endCollaborator, useCollaborators } from "./collaboratorsApi.ts";
import { COLLABORATORS_PATH } from "./paths.ts";

const nameOf = (collaborator: CollaboratorView) => `${collaborator.firstName} ${collaborator.lastName}`;

/** /dashboard/shared-data/collaborators: who helps keep the file, with what, and their access ended on request. */
export function CollaboratorsPage() {
  const { t } = useTranslation(["collaborators", "sharing", "sections"]);
  const title = t("list.title");
  usePageTitle(title);
  const canInvite = hasFullAccess(useAccount().data?.roles ?? []);
  const collaborators = useCollaborators(canInvite);
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<CollaboratorView | null>(null);
  const end = useMutation({
    mutationFn: (collaborator: CollaboratorView) => endCollaborator(collaborator.id),
    onSuccess: (_answer, collaborator) => {
      setEnding(null);
      showToast(t("actions.ended", { name: nameOf(collaborator) }));
      void queryClient.invalidateQueries({ queryKey: collaboratorQueryKeys.all });
    },
  });

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to="/dashboard/shared-data" label={t("sections:module.shared-data")} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {canInvite && (
          <Button component={Link} to={`${COLLABORATORS_PATH}/invite`} data-testid="collaborator-invite">
            {t("list.invite")}
          </Button>
        )}
      </Group>
      <Text>{t("list.intro")}</Text>
      {!canInvite ? (
        <Text>{t("list.needsSubscription")}</Text>
      ) : collaborators.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      ) : !collaborators.data ? (
        <PageLoader />
      ) : collaborators.data.length === 0 ? (
        <Text>{t("list.empty")}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={title}>
          {collaborators.data.map((collaborator) => (
            <Paper component="li" key={collaborator.id} withBorder p="md" data-testid="collaborator">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700}>{nameOf(collaborator)}</Text>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {collaborator.email}
                    </Text>
                  </div>
                  <CollaborationStatus status={collaborator.status} />
                </Group>
                <CollaborationAccess rights={collaborator.rights} scope={collaborator.scope} />
                <Group gap="sm">
                  <Button
                    component={Link}
                    to={`${COLLABORATORS_PATH}/edit/${collaborator.id}`}
                    variant="outline"
                    size="sm"
                    aria-label={t("actions.edit", { name: nameOf(collaborator) })}
                  >
                    {t("actions.editShort")}
                  </Button>
                  <Button
                    variant="outline"
                    color="red.8"
                    size="sm"
                    onClick={() => setEnding(collaborator)}
                    aria-label={t("actions.end", { name: nameOf(collaborator) })}
                  >
                    {t("actions.endShort")}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {canInvite && <CollaboratorActivity />}
      <ConfirmDialog
        opened={ending !== null}
        title={ending ? t("actions.endTitle", { name: nameOf(ending) }) : ""}
        confirmLabel={t("actions.yes")}
        cancelLabel={t("actions.no")}
        onConfirm={() => ending && end.mutate(ending)}
        onCancel={() => {
          setEnding(null);
          end.reset();
        }}
        pending={end.isPending}
        destructive
        error={end.isError ? t("actions.failed") : null}
      >
        <Text>{t("actions.endBody")}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
