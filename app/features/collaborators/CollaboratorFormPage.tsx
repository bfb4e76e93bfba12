import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { CollaboratorForm } from "./CollaboratorForm.tsx";
import { useCollaborators } from "./collaboratorsApi.ts";
import { COLLABORATORS_PATH } from "./paths.ts";

/** collaborators/invite and collaborators/edit/{id}: saving or cancelling returns to the list. */
export function CollaboratorFormPage() {
  const { t } = useTranslation(["collaborators", "sharing"]);
  const { id } = useParams();
  const navigate = useNavigate();
  const title = id ? t("form.editTitle") : t("form.inviteTitle");
  usePageTitle(title);
  const account = useAccount().data;
  const restricted = account !== undefined && !hasFullAccess(account.roles);
  const collaborators = useCollaborators(id !== undefined && !restricted);
  const collaborator = collaborators.data?.find((item) => item.id === id);
  const back = () => navigate(COLLABORATORS_PATH);

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={COLLABORATORS_PATH} label={t("list.title")} />
      <Title order={1}>{title}</Title>
      {restricted ? (
        <Text>{t("list.needsSubscription")}</Text>
      ) : id === undefined ? (
        <CollaboratorForm onSaved={back} onCancel={back} />
      ) : collaborators.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("form.loadFailed")}
        </Alert>
      ) : !collaborators.data ? (
        <PageLoader />
      ) : collaborator === undefined ? (
        <Text>{t("form.notFound")}</Text>
      ) : (
        <CollaboratorForm collaborator={collaborator} onSaved={back} onCancel={back} />
      )}
    </Stack>
  );
}
