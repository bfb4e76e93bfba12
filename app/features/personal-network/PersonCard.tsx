import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isRelationshipType, relationshipTypeLabelKey } from "../../../domain/catalog/relationships.ts";
import { formatDate } from "../../../domain/dates.ts";
import type { PersonListItem } from "../../../domain/schemas/person.ts";
import { PersonAvatar } from "./PersonAvatar.tsx";
import classes from "./PersonCard.module.css";
import { fullName } from "./personDisplay.ts";

export interface PersonCardProps {
  person: PersonListItem;
  /** The person's view page. */
  href: string;
  /** Spec: advisor cards show no avatar. */
  avatar: boolean;
}

/** The relationship type's label, or nothing for the owner's record or an unknown type. */
export function useTypeLabel(): (type: string | null) => string | null {
  const { t } = useTranslation("catalog");
  return (type) => (isRelationshipType(type) ? t(relationshipTypeLabelKey(type)) : null);
}

/** Spec: first name, last name, birthday (DD MMM, YYYY) and an 81 px avatar. */
export function PersonCard({ person, href, avatar }: PersonCardProps) {
  const { t, i18n } = useTranslation("network");
  const typeLabel = useTypeLabel()(person.type);
  const name = fullName(person.mainDetails);
  const birthday = formatDate(person.mainDetails.birthday, i18n.language);
  return (
    <Paper withBorder p="md" className={classes.card}>
      <Group wrap="nowrap" gap="md" align="center">
        {avatar && <PersonAvatar name={person.mainDetails} imageSrc={person.mainDetails.imageSrc} />}
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={href} fw={700} size="lg" className={classes.link} lineClamp={2}>
            {name}
          </Anchor>
          {typeLabel && (
            <Text size="sm" c="dimmed">
              {typeLabel}
            </Text>
          )}
          {birthday && <Text size="sm">{t("card.birthday", { date: birthday })}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}
