import "@mantine/core/styles/Badge.css";
import { Alert, Anchor, Badge, Button, FileInput, Group, Stack, Table, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { InviteCsvAnswer, InviteResult } from "../../../domain/schemas/company.ts";
import { errorMessage, fieldError } from "../../api/errorMessages.ts";
import { ScrollableTable } from "../../components/ScrollableTable.tsx";
import { INVITE_TEMPLATE_URL, useInviteCsv } from "./companyApi.ts";
import { SeatsShortage } from "./SeatsShortage.tsx";

const RESULT_COLOR: Record<InviteResult, string> = {
  invited: "green",
  member: "gray",
  duplicate: "gray",
  invalid: "red",
};

/**
 * Invites from a CSV file: the template to fill in, the upload, then every row's outcome. When
 * the file needs more seats than are free, nobody is invited, the answer says how many, and
 * `onNeedSeats` (the seat change) is offered when the company can add some.
 */
export function CsvInvite({
  onDone,
  onNeedSeats,
}: {
  onDone: () => void;
  onNeedSeats?: (missing: number) => void;
}) {
  const { t } = useTranslation("company");
  const upload = useInviteCsv();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<InviteCsvAnswer | null>(null);

  const send = () => {
    if (file === null) return;
    setFileError(null);
    upload.mutate(file, {
      onSuccess: setAnswer,
      onError: (error) => setFileError(fieldError(t, error, "file") ?? errorMessage(t, error)),
    });
  };

  if (answer !== null) {
    const invited = answer.rows.filter((row) => row.result === "invited").length;
    return (
      <Stack gap="md">
        {answer.seatsMissing > 0 ? (
          <SeatsShortage
            missing={answer.seatsMissing}
            message={t("csv.missing", { count: answer.seatsMissing })}
            {...(onNeedSeats === undefined ? {} : { onAdd: onNeedSeats })}
          />
        ) : (
          <Alert color="green" role="status">
            {t("csv.summary", { count: invited })}
          </Alert>
        )}
        <ScrollableTable minWidth={420} label={t("csv.title")}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("csv.columns.row")}</Table.Th>
                <Table.Th>{t("csv.columns.email")}</Table.Th>
                <Table.Th>{t("csv.columns.result")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rows.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge color={RESULT_COLOR[row.result]} variant="light">
                      {t(`csv.results.${row.result}`)}
                    </Badge>
                    {row.reason ? (
                      <Text size="sm" mt={4}>
                        {row.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollableTable>
        <Group justify="flex-end">
          <Button onClick={onDone}>{t("csv.close")}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t("csv.intro")}</Text>
      <Anchor href={INVITE_TEMPLATE_URL} download size="sm">
        <Group gap={6} component="span">
          <IconDownload size={16} aria-hidden="true" />
          {t("csv.template")}
        </Group>
      </Anchor>
      <FileInput
        label={t("fields.file")}
        accept=".csv,text/csv"
        required
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setFileError(null);
        }}
        error={fileError}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t("invite.cancel")}
        </Button>
        <Button onClick={send} disabled={file === null} loading={upload.isPending}>
          {t("csv.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
