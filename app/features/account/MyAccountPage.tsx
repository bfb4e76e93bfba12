import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { hasFullAccess } from "../../../domain/roles.ts";
import { formError } from "../../api/errorMessages.ts";
import { useAccount } from "../../session/account.ts";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BinderSection } from "../binder/BinderSection.tsx";
import { ActivitySection } from "./ActivitySection.tsx";
import { DeleteAccountSection } from "./DeleteAccountSection.tsx";
import { PasskeysSection } from "./PasskeysSection.tsx";
import { PasswordSection } from "./PasswordSection.tsx";
import { PreferencesSection } from "./PreferencesSection.tsx";
import { ProfileSection } from "./ProfileSection.tsx";
import { SessionsSection } from "./SessionsSection.tsx";
import { TwoFactorSection } from "./TwoFactorSection.tsx";
import { YourDataSection } from "./YourDataSection.tsx";

/** /dashboard/manage-account: the profile, every way of signing in, preferences, and deletion. */
export function MyAccountPage() {
  const { t } = useTranslation("account");
  const account = useAccount();
  usePageTitle(t("title"));

  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed" mt={4}>
          {t("intro")}
        </Text>
      </div>
      {account.isPending ? (
        <PageLoader />
      ) : account.isError ? (
        <Alert color="red" variant="light" role="alert">
          {formError(t, account.error)}
        </Alert>
      ) : (
        <>
          <ProfileSection account={account.data} />
          <PasswordSection account={account.data} />
          <TwoFactorSection account={account.data} />
          <PasskeysSection />
          <SessionsSection />
          <ActivitySection />
          <PreferencesSection />
          <YourDataSection />
          {hasFullAccess(account.data.roles) && <BinderSection />}
          <DeleteAccountSection account={account.data} />
        </>
      )}
    </Stack>
  );
}
