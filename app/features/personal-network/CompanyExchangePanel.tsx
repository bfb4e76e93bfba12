import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { addressesApi } from "../../../domain/api/addresses.ts";
import { institutionsApi } from "../../../domain/api/institutions.ts";
import { operationUrl } from "../../api/client.ts";
import { institutionQueryKeys } from "../../components/institution/institutionApi.ts";
import { DownloadButton } from "../exchange/DownloadButton.tsx";
import { VCARD_KINDS } from "../exchange/exchangeApi.ts";
import { VcardImportButton } from "../exchange/VcardImportButton.tsx";

/**
 * The companies and the address book have no list page of their own (they are picked in forms):
 * their imports and exports sit here, on the network's overview.
 */
export function CompanyExchangePanel() {
  const { t } = useTranslation("exchange");
  const queryClient = useQueryClient();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="company-exchange-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="company-exchange-title">
          {t("companies.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("companies.intro")}
        </Text>
        <Group gap="sm" align="flex-start">
          <VcardImportButton
            kind="institution"
            label={t("companies.importInstitutions")}
            onImported={() => queryClient.invalidateQueries({ queryKey: institutionQueryKeys.all })}
          />
          <DownloadButton
            path={VCARD_KINDS.institution.path}
            fileName={VCARD_KINDS.institution.fileName}
            label={t("companies.institutionsVcard")}
          />
          <DownloadButton
            path={operationUrl(institutionsApi.csv)}
            fileName="kinfile-institutions.csv"
            label={t("companies.institutionsCsv")}
          />
          <DownloadButton
            path={operationUrl(addressesApi.csv)}
            fileName="kinfile-addresses.csv"
            label={t("companies.addressesCsv")}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
