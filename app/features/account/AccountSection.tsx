import { Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

export interface AccountSectionProps {
  title: string;
  description?: ReactNode;
  /** The danger zone is outlined in red. */
  danger?: boolean;
  children: ReactNode;
}

/** One block of My Account: a region named by its heading, so it can be reached by landmark. */
export function AccountSection({ title, description, danger = false, children }: AccountSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p={{ base: "md", sm: "xl" }}
      style={danger ? { borderColor: "var(--mantine-color-error)" } : undefined}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
