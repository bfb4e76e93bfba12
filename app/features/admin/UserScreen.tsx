import "@mantine/core/styles/Badge.css";
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import type { AdminUser } from "../../../domain/schemas/admin.ts";
import { formError } from "../../api/errorMessages.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import { useAccount } from "../../session/account.ts";
import { showToast } from "../../shell/toast.ts";
import { accountComments } from "../comments/api.ts";
import { CommentsPanel } from "../comments/CommentsPanel.tsx";
import { AdminScreen } from "./AdminScreen.tsx";
import { type UserAction, useAdminUser, useUserAction } from "./adminApi.ts";
import { adminPath } from "./paths.ts";
import { UserBilling } from "./UserBilling.tsx";
import { USER_STATUS_COLOR } from "./UsersScreen.tsx";
import { useAdminFormats } from "./useAdminFormats.ts";

/** The actions an account offers an admin, by its state; none on the admin's own account. */
function actionsFor(user: AdminUser, self: boolean): UserAction[] {
  if (self) return [];
  return [
    user.status === "disabled" ? "enable" : "disable",
    ...(user.status === "unverified" ? (["resendVerification"] as const) : []),
    user.roles.includes("admin") ? "removeAdmin" : "grantAdmin",
    "delete",
  ];
}

/**
 * /admin/users/{id}: an account's facts and billing facts, the admin actions on it, and the admins'
 * comments.
 */
export function UserScreen() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const user = useAdminUser(id);
  return (
    <AdminScreen title={user.data?.email ?? t("users.detail")}>
      <Anchor component={Link} to={adminPath("users")} size="sm">
        {t("users.back")}
      </Anchor>
      <Loaded query={user} failure={t("users.loadFailed")}>
        {(data) => (
          <Stack gap="lg">
            <UserFacts user={data} />
            <UserBilling user={data} />
            <UserActions user={data} />
            <CommentsPanel source={accountComments(data.id)} />
          </Stack>
        )}
      </Loaded>
    </AdminScreen>
  );
}

function UserFacts({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const facts: [string, string][] = [
    [t("users.columns.name"), user.name],
    [t("users.columns.roles"), user.roles.map((role) => t(`users.roles.${role}`)).join(", ") || "—"],
    [t("users.columns.twoFactor"), user.twoFactor ? t("yes") : t("no")],
    [t("users.columns.createdAt"), formats.date(user.createdAt)],
    [t("users.columns.lastSignInAt"), user.lastSignInAt === null ? "—" : formats.date(user.lastSignInAt)],
  ];
  return (
    <Paper withBorder p="md">
      <Badge color={USER_STATUS_COLOR[user.status]} variant="light" mb="sm">
        {t(`users.status.${user.status}`)}
      </Badge>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const self = useAccount().data?.id === user.id;
  const act = useUserAction(user.id);
  const navigate = useNavigate();
  const [pending, setPending] = useState<UserAction | null>(null);
  const actions = actionsFor(user, self);
  if (actions.length === 0) return <Text size="sm">{t("users.self")}</Text>;
  const close = () => {
    setPending(null);
    act.reset();
  };
  return (
    <>
      <Group gap="sm">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === "delete" ? "outline" : "default"}
            color={action === "delete" ? "red" : undefined}
            onClick={() => setPending(action)}
          >
            {t(`users.actions.${action}`)}
          </Button>
        ))}
      </Group>
      {pending !== null ? (
        <ConfirmDialog
          opened
          title={t(`users.actions.${pending}`)}
          confirmLabel={t("yes")}
          cancelLabel={t("cancel")}
          destructive={pending === "delete" || pending === "disable"}
          pending={act.isPending}
          error={formError(t, act.error)}
          onCancel={close}
          onConfirm={() =>
            act.mutate(pending, {
              onSuccess: () => {
                showToast(t(`users.done.${pending}`, { email: user.email }));
                close();
                if (pending === "delete") void navigate(adminPath("users"));
              },
            })
          }
        >
          {t(`users.confirm.${pending}`, { email: user.email })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
