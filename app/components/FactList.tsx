import { Text } from "@mantine/core";

/** One fact: its label and its value (null or empty: left out). */
export type Fact = readonly [label: string, value: string | null | undefined];

/**
 * Small facts in two columns, labels dimmed beside their values (a document's details, a share's
 * scope and rule); long values wrap anywhere, so the list fits a 375 px screen.
 */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl style={{ margin: 0, display: "grid", gridTemplateColumns: "max-content 1fr", gap: "2px 12px" }}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} style={{ display: "contents" }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
              {value}
            </Text>
          </div>
        ))}
    </dl>
  );
}
