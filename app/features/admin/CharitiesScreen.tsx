import "@mantine/core/styles/Table.css";
import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminCharity, createCharityBodySchema } from "../../../domain/schemas/subscription.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { Loaded } from "../../components/Loaded.tsx";
import { showToast } from "../../shell/toast.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { ArchiveAction } from "./ArchiveAction.tsx";
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
      <Loaded query={charities} failure={t("charities.loadFailed")}>
        {(items) =>
          items.length === 0 ? <Text>{t("charities.empty")}</Text> : <CharityTable items={items} />
        }
      </Loaded>
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

function CharityTable({ items }: { items: AdminCharity[] }) {
  const { t } = useTranslation("admin");
  const archive = adminCharities.useArchive();
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("charities.columns.fullName")}</Table.Th>
            <Table.Th scope="col">{t("charities.columns.chosenBy")}</Table.Th>
            <Table.Th scope="col">{t("status.heading")}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t("actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((charity) => (
            <Table.Tr key={charity.companyId}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{charity.fullName}</Table.Td>
              <Table.Td>{t("charities.chosenCount", { count: charity.chosenBy })}</Table.Td>
              <Table.Td>{charity.archived ? t("status.archived") : t("status.active")}</Table.Td>
              <Table.Td>
                {charity.archived ? null : (
                  <ArchiveAction
                    name={charity.fullName}
                    title={t("charities.archive.title")}
                    question={t("charities.archive.question", { name: charity.fullName })}
                    done={t("charities.archive.done", { name: charity.fullName })}
                    archive={() => archive.mutateAsync(charity.companyId)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
