import "@mantine/core/styles/Table.css";
import { Anchor, Table, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../domain/dates.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { useFormatPhone } from "../../components/phone/phoneLibrary.ts";
import { useTypeLabel } from "./PersonCard.tsx";
import { fullName } from "./personDisplay.ts";

export interface PersonRowsProps {
  persons: readonly PersonListItem[];
  /** The view page of one person. */
  hrefOf: (person: PersonListItem) => string;
  /** Names the list for assistive tech (the section's title). */
  caption: string;
  /** Extended family keeps birthdays; service providers do not need them. */
  birthday: boolean;
}

/** Network circles and extended family: one row per person under a column-header row (spec). */
export function PersonRows({ persons, hrefOf, caption, birthday }: PersonRowsProps) {
  const { t, i18n } = useTranslation("network");
  const typeLabel = useTypeLabel();
  const formatPhone = useFormatPhone();
  return (
    <Table.ScrollContainer minWidth={birthday ? 480 : 320} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("columns.name")}</Table.Th>
            <Table.Th scope="col">{t("columns.type")}</Table.Th>
            <Table.Th scope="col">{t("columns.phone")}</Table.Th>
            {birthday && <Table.Th scope="col">{t("columns.birthday")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {persons.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Anchor component={Link} to={hrefOf(person)} fw={600}>
                  {fullName(person.mainDetails)}
                </Anchor>
              </Table.Td>
              <Table.Td>{typeLabel(person.type) ?? "-"}</Table.Td>
              <Table.Td>{formatPhone(person.contactDetails.phones[0])}</Table.Td>
              {birthday && (
                <Table.Td>{formatDate(person.mainDetails.birthday, i18n.language) ?? "-"}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
