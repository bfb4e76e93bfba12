import { Alert, Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { CompanyAdminView } from "./CompanyAdminView.tsx";
import { CompanyForm } from "./CompanyForm.tsx";
import { CompanyMemberView } from "./CompanyMemberView.tsx";
import { useCompany, useInvitations } from "./companyApi.ts";
import { PendingInvitations } from "./PendingInvitations.tsx";
import { ACTIVATE_PATH } from "./paths.ts";

/**
 * /b2b: a company admin runs their company here, a member sees it and may leave it; anyone else
 * may accept an invitation waiting for their address, or else create a company (and become its
 * first admin) or follow an invitation's link to activate a seat.
 */
export function CompanyPage() {
  const { t } = useTranslation(["company", "common"]);
  usePageTitle(t("common:screen.b2b"));
  const company = useCompany();
  const invitations = useInvitations();
  if (company.isPending || invitations.isPending) return <PageLoader />;
  // Not a member answers 404 (also once a member has left); anything else is a failure to say.
  if (company.isError && !(company.error instanceof ApiError && company.error.status === 404)) {
    return (
      <Alert color="red" role="alert">
        {t("members.loadFailed")}
      </Alert>
    );
  }
  if (!company.isError && company.data.role === "admin") return <CompanyAdminView company={company.data} />;
  if (!company.isError && company.data.role === "member") return <CompanyMemberView company={company.data} />;
  // Someone invited is offered the invitation, not a company of their own.
  if (invitations.data !== undefined && invitations.data.length > 0) {
    return (
      <Stack maw={720}>
        <PendingInvitations invitations={invitations.data} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t("create.heading")}</Title>
      <Text>{t("create.intro")}</Text>
      <Paper withBorder p="lg">
        <CompanyForm />
      </Paper>
      <Text size="sm">
        {t("create.invited")}{" "}
        <Anchor component={Link} to={ACTIVATE_PATH}>
          {t("create.activateLink")}
        </Anchor>
      </Text>
    </Stack>
  );
}
