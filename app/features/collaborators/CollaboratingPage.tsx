import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CollaboratingView } from "../../../domain/schemas/collaborator.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { showToast } from "../../shell/toast.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { CollaborationAccess, CollaborationStatus } from "./CollaborationDetails.tsx";
import { answerInvitation, collaboratorQueryKeys, useCollaborating } from "./collaboratorsApi.ts";

/**
 * /dashboard/shared-data/collaborating: the files the account helps with, and invitations to its
 * verified address, each accepted at once or declined after a confirmation.
 */
export function CollaboratingPage() {
  const { t } = useTranslation(["collaborators", "sharing", "sections"]);
  const title = t("collaborating.title");
  usePageTitle(title);
  const files = useCollaborating();
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<CollaboratingView | null>(null);
  const answer = useMutation({
    mutationFn: ({ file, reply }: { file: CollaboratingView; reply: "accept" | "decline" }) =>
      answerInvitation(file.id, reply),
    onSuccess: (_answer, { file, reply }) => {
      setDeclining(null);
      const name = file.owner.name;
      showToast(t(reply === "accept" ? "collaborating.accepted" : "collaborating.declined", { name }));
      void queryClient.invalidateQueries({ queryKey: collaboratorQueryKeys.all });
    },
    onError: () => showToast(t("collaborating.failed"), "error"),
  });

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to="/dashboard/shared-data" label={t("sections:module.shared-data")} />
      <Title order={1}>{title}</Title>
      <Text>{t("collaborating.intro")}</Text>
      {files.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("collaborating.loadFailed")}
        </Alert>
      ) : !files.data ? (
        <PageLoader />
      ) : files.data.length === 0 ? (
        <Text>{t("collaborating.empty")}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={title}>
          {files.data.map((file) => {
            const owner = { name: file.owner.name, email: file.owner.email };
            const invited = file.status === "invited";
            return (
              <Paper component="li" key={file.id} withBorder p="md" data-testid="collaborating">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Text fw={700} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                      {t(invited ? "collaborating.invitedBy" : "collaborating.helping", owner)}
                    </Text>
                    <CollaborationStatus status={file.status} />
                  </Group>
                  <CollaborationAccess rights={file.rights} scope={file.scope} />
                  {invited && (
                    <Group gap="sm">
                      <Button
                        size="sm"
                        loading={answer.isPending && answer.variables?.file.id === file.id}
                        onClick={() => answer.mutate({ file, reply: "accept" })}
                      >
                        {t("collaborating.accept")}
                      </Button>
                      <Button size="sm" variant="outline" color="red.8" onClick={() => setDeclining(file)}>
                        {t("collaborating.decline")}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={declining !== null}
        title={declining ? t("collaborating.declineTitle", { name: declining.owner.name }) : ""}
        confirmLabel={t("collaborating.yes")}
        cancelLabel={t("collaborating.no")}
        onConfirm={() => declining && answer.mutate({ file: declining, reply: "decline" })}
        onCancel={() => setDeclining(null)}
        pending={answer.isPending}
        destructive
      >
        <Text>{t("collaborating.declineBody", { name: declining?.owner.name ?? "" })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
