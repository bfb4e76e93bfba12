import { Group } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { personsApi } from "../../../domain/api/persons.ts";
import { isTypeOfGroup, type PersonGroup } from "../../../domain/catalog/relationships.ts";
import { operationUrl } from "../../api/client.ts";
import { DownloadButton } from "../exchange/DownloadButton.tsx";
import { VCARD_KINDS } from "../exchange/exchangeApi.ts";
import { VcardImportButton } from "../exchange/VcardImportButton.tsx";
import { personQueryKeys } from "./queries.ts";

/** Imported persons take the type "other", which the family-tree groups partner and child lack. */
const IMPORTED_TYPE = "other";

/**
 * A person group's exchanges: Import vCard (into this group, when it has the type "other"),
 * Export vCard (this group's persons) and Export CSV (the list as shown).
 */
export function NetworkExchangeActions({ group }: { group: PersonGroup }) {
  const { t } = useTranslation("exchange");
  const queryClient = useQueryClient();
  return (
    <Group gap="sm" align="flex-start">
      {isTypeOfGroup(group, IMPORTED_TYPE) && (
        <VcardImportButton
          kind="person"
          target={{ group, type: IMPORTED_TYPE }}
          onImported={() => queryClient.invalidateQueries({ queryKey: personQueryKeys.all })}
        />
      )}
      <DownloadButton
        path={operationUrl(personsApi.vcardExport, { query: { group } })}
        fileName={VCARD_KINDS.person.fileName}
        label={t("vcard.export")}
      />
      <DownloadButton
        path={operationUrl(personsApi.csv, { params: { group } })}
        fileName={`kinfile-${group}.csv`}
        label={t("csv.export")}
      />
    </Group>
  );
}
