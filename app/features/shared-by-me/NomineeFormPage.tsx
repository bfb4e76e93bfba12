import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { ApiError } from "../../api/client.ts";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { useFormExits } from "../../shell/unsaved/useFormExits.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { NomineeForm } from "./NomineeForm.tsx";
import { NomineeNotFound } from "./NomineeNotFound.tsx";
import { useNominee } from "./useNominee.ts";

/**
 * shared-by-me/add and shared-by-me/edit/{id}. After a save, the spec's rule: from add to the new
 * nominee's view, from edit to the view. Cancel goes back where the form was opened from.
 */
export function NomineeFormPage() {
  const { t } = useTranslation("sharing");
  const { id } = useParams();
  const exits = useFormExits(id);
  const nominee = useNominee(id, true);
  const title = id ? t("form.editTitle") : t("form.addTitle");
  usePageTitle(title);
  const notFound = nominee.error instanceof ApiError && nominee.error.status === 404;
  const account = useAccount().data;
  // Spec section 6: without subscriber or b2b there is no file to share (the API refuses too).
  const restricted = account !== undefined && !hasFullAccess(account.roles);

  return (
    <Stack gap="lg" maw={960}>
      <BackArrow to={exits.backTo} />
      {notFound ? (
        <NomineeNotFound />
      ) : (
        <>
          <Title order={1}>{title}</Title>
          {restricted ? (
            <Text>{t("landing.byMe.needsSubscription")}</Text>
          ) : nominee.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t("view.loadFailed")}
            </Alert>
          ) : id === undefined || nominee.data ? (
            <NomineeForm nominee={nominee.data} onSaved={exits.onSaved} onCancel={exits.onCancel} />
          ) : (
            <PageLoader />
          )}
        </>
      )}
    </Stack>
  );
}
