import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Address } from "../../../domain/schemas/address.ts";
import { useCountryName } from "../country/countryOptions.ts";
import { LastChanged } from "../LastChanged.tsx";
import { regionOf } from "./addressDraft.ts";

/** The lines of an address as a reader writes them, each with its part's name, without empty parts. */
function addressLines(
  address: Address,
  countryName: (code: string | null) => string,
): { part: string; text: string }[] {
  const locality = [address.city, [regionOf(address), address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    { part: "line1", text: address.addressLine1 },
    { part: "line2", text: address.addressLine2 },
    { part: "intersection", text: address.mainIntersection },
    { part: "locality", text: locality },
    { part: "country", text: countryName(address.country) },
  ].filter((line): line is { part: string; text: string } => Boolean(line.text));
}

/** The picker's view mode: the chosen address read-only, with "Edit Address". */
export function AddressView({ address, onEdit }: { address: Address; onEdit?: () => void }) {
  const { t } = useTranslation("forms");
  const countryName = useCountryName();
  return (
    <Stack gap={4}>
      <Text fw={600}>{address.name}</Text>
      <LastChanged changedBy={address.changedBy} updateTime={address.updateTime} />
      {addressLines(address, countryName).map((line) => (
        <Text key={line.part} size="sm">
          {line.text}
        </Text>
      ))}
      {onEdit && (
        <Group mt="xs">
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
          >
            {t("address.edit")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
