import { Group, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router";
import { KinfileLogo } from "./KinfileLogo.tsx";

/** Logo and name, linking home. Not a heading: each page has its own h1. */
export function ProductName({ to, label }: { to: string; label: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={label}>
      <Group gap="xs" wrap="nowrap">
        <KinfileLogo />
        <Text fw={700} fz="lg" aria-hidden="true">
          Kinfile
        </Text>
      </Group>
    </UnstyledButton>
  );
}
