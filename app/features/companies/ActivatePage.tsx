import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { activateBodySchema } from "../../../domain/schemas/company.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import { PERSONAL_NETWORK_PATH } from "../../session/homeRoute.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { useActivate } from "./companyApi.ts";

/**
 * The spec's activation statuses, spelt as the spec spells them: the page marks its outcome with
 * one (data-status) and says it in words.
 */
const ACTIVATION_STATUS = {
  subscription: "susbciption activated",
  discount: "discount activated",
  failed: "activate false",
} as const;

/**
 * /b2b/activate?code=...: the link in a company's invitation. Signed in (an invitee without an
 * account registers first and comes back here), the code is checked and the seat activated.
 */
export function ActivatePage() {
  const { t } = useTranslation(["company", "errors"]);
  usePageTitle(t("activate.heading"));
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get("code") ?? "");
  const [codeError, setCodeError] = useState<string | null>(null);
  const activate = useActivate();
  const outcome = activate.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = activateBodySchema.safeParse({ code });
    if (!checked.success) {
      setCodeError(t("errors:fields.required"));
      return;
    }
    setCodeError(null);
    activate.mutate(checked.data.code);
  };

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t("activate.heading")}</Title>
      <Text>{t("activate.intro")}</Text>
      {outcome?.status === true ? (
        <Alert color="green" role="status" data-status={ACTIVATION_STATUS.subscription}>
          <Stack gap="sm">
            <Text>{t("activate.success")}</Text>
            <Button component={Link} to={PERSONAL_NETWORK_PATH} w="fit-content">
              {t("activate.open")}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder p="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {outcome?.status === false ? (
                <Alert color="red" role="alert" data-status={ACTIVATION_STATUS.failed}>
                  {t("activate.failure")}
                </Alert>
              ) : null}
              {activate.isError ? (
                <Alert color="red" role="alert">
                  {errorMessage(t, activate.error)}
                </Alert>
              ) : null}
              <TextInput
                label={t("activate.code")}
                required
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  // A new code starts afresh: the last outcome is cleared (the spec's reset).
                  if (activate.data !== undefined || activate.isError) activate.reset();
                }}
                error={codeError}
                autoComplete="one-time-code"
                spellCheck={false}
                maxLength={64}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={activate.isPending}>
                  {t("activate.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
