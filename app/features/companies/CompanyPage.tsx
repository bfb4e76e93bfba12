import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROLES } from "../../../domain/roles.ts";
import { useAccount } from "../../session/account.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { CompanyAdminView } from "./CompanyAdminView.tsx";
import { CompanyForm } from "./CompanyForm.tsx";
import { ACTIVATE_PATH } from "./paths.ts";

/**
 * /b2b: a company admin runs their company here; anyone else may create one (and becomes its
 * first admin), or follow an invitation to activate a seat.
 */
export function CompanyPage() {
  const { t } = useTranslation(["company", "common"]);
  usePageTitle(t("common:screen.b2b"));
  const account = useAccount();
  if (account.data === undefined) return <PageLoader />;
  if (account.data.roles.includes(ROLES.companyAdmin)) return <CompanyAdminView />;
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
