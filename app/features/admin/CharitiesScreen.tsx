import { Alert, Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminCharity, createCharityBodySchema } from "../../../domain/schemas/subscription.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable, useArchiveColumns } from "./AdminTable.tsx";
import { adminCharities, type CreateCharityBody } from "./adminBillingApi.ts";

/**
 * /admin/charities: the organizations subscribers may give part of their subscription to, each with
 * how many accounts chose it.
 */
export function CharitiesScreen() {
  const { t } = useTranslation("admin");
  const charities = adminCharities.useList();
  return (
    <AdminScreen title={t("charities.heading")}>
      <CharityForm />
      <CharityTable query={charities} />
    </AdminScreen>
  );
}

/** One name is all a charity has: the form sits above the list rather than in a dialog. */
function CharityForm() {
  const { t } = useTranslation("admin");
  const { form, showServerError } = useSchemaForm<CreateCharityBody>({
    initialValues: { fullName: "" },
    schema: createCharityBodySchema,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = adminCharities.useCreate();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(createCharityBodySchema.parse(values), {
      onSuccess: (charity) => {
        showToast(t("charities.created", { name: charity.fullName }));
        form.reset();
      },
      onError: (error) => setFailure(showServerError(error, (path) => path === "fullName")),
    });
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t("charities.new")}
          </Title>
          <TextInput
            label={t("charities.fields.fullName")}
            required
            autoComplete="off"
            maw={480}
            {...form.getInputProps("fullName")}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t("charities.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function CharityTable({ query }: { query: UseQueryResult<AdminCharity[]> }) {
  const { t } = useTranslation("admin");
  const archive = adminCharities.useArchive();
  const archiving = useArchiveColumns<AdminCharity>(
    "charities",
    (charity) => charity.fullName,
    (charity) => archive.mutateAsync(charity.companyId),
  );
  const columns: TableColumn<AdminCharity>[] = [
    { header: t("charities.columns.fullName"), breakAnywhere: true, cell: (charity) => charity.fullName },
    {
      header: t("charities.columns.chosenBy"),
      cell: (charity) => t("charities.chosenCount", { count: charity.chosenBy }),
    },
    archiving.status,
    archiving.archive,
  ];
  return (
    <AdminTable
      list="charities"
      query={query}
      columns={columns}
      rowKey={(charity) => charity.companyId}
      minWidth={320}
    />
  );
}
