import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";

export interface LinkCard {
  key: string;
  to: string;
  title: string;
  /** A second line (a count), dimmed. */
  detail: string;
}

/**
 * A grid of cards, each a link to a list (a module's categories, the sections of a shared
 * network), drawn as cards in every theme: the page's text colour, a border that takes the
 * theme's colour on hover, a focus ring. A list, named for assistive technologies by `label`.
 */
export function LinkCards({ cards, label }: { cards: readonly LinkCard[]; label?: string }) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {cards.map((card) => (
        <li key={card.key}>
          <Card component={Link} to={card.to} withBorder padding="md" h="100%" className="card-link">
            <Text fw={700}>{card.title}</Text>
            <Text size="sm" c="dimmed">
              {card.detail}
            </Text>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}
