import { Anchor, Button, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDoorExit } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CompanyForReader } from "../../../domain/schemas/company.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { showToast } from "../../shell/toast.ts";
import { useLeaveCompany } from "./companyApi.ts";

type MemberCompany = Extract<CompanyForReader, { role: "member" }>;

/** A member's /b2b: the company whose seat they hold, how to reach its admins, and leaving it. */
export function CompanyMemberView({ company }: { company: MemberCompany }) {
  const { t } = useTranslation(["company", "forms"]);
  const leave = useLeaveCompany();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{company.name}</Title>
      <Text>{t("member.intro", { name: company.name })}</Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t("member.admins")}
        </Title>
        <List spacing="xs">
          {company.admins.map((admin) => (
            <List.Item key={admin.email} style={{ overflowWrap: "anywhere" }}>
              {`${admin.firstName} ${admin.lastName}`.trim()}{" "}
              <Anchor href={`mailto:${admin.email}`}>{admin.email}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      <div>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconDoorExit size={18} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          {t("member.leave")}
        </Button>
      </div>
      <ConfirmDialog
        opened={confirming}
        title={t("member.leaveTitle", { name: company.name })}
        confirmLabel={t("member.leaveConfirm")}
        cancelLabel={t("forms:form.cancel")}
        destructive
        pending={leave.isPending}
        error={leave.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        // The promise, not mutate's callbacks: once left, this view gives way before they would run.
        onConfirm={() =>
          leave.mutateAsync().then(
            () => showToast(t("member.left", { name: company.name })),
            () => undefined,
          )
        }
      >
        {t("member.leaveQuestion", { name: company.name })}
      </ConfirmDialog>
    </Stack>
  );
}
