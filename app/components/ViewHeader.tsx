import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";

export type ViewHeaderActions = {
  editTo: string;
  editLabel: string;
  /** Absent for what can never be deleted (the "me" contact). */
  delete?: {
    label: string;
    /** False without a subscription (spec section 6): the button is disabled and `note` says why. */
    allowed: boolean;
    note: string;
    onClick: () => void;
  };
};

export interface ViewHeaderProps {
  title: string;
  actions: ViewHeaderActions | null;
  /** What the thing is, shown small above its name ("Password" above "Gmail"). */
  context?: string;
  /** Shown under the name: a record's expiry badge. */
  status?: ReactNode;
}

/**
 * A view page's heading with its Edit and Delete buttons, as the record and person views show it.
 * `actions` null is a read-only view (a nominee's): the heading alone.
 */
export function ViewHeader({ title, actions, context, status }: ViewHeaderProps) {
  const noteId = useId();
  const deletion = actions?.delete;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          {context && (
            <Text size="sm" fw={600} c="dimmed">
              {context}
            </Text>
          )}
          <Title order={1} style={{ overflowWrap: "break-word" }}>
            {title}
          </Title>
          {status}
        </Stack>
        {actions && (
          <Group gap="sm">
            <Button
              component={Link}
              to={actions.editTo}
              leftSection={<IconPencil size={18} aria-hidden="true" />}
            >
              {actions.editLabel}
            </Button>
            {deletion && (
              <Button
                color="red"
                variant="outline"
                leftSection={<IconTrash size={18} aria-hidden="true" />}
                disabled={!deletion.allowed}
                aria-describedby={deletion.allowed ? undefined : noteId}
                onClick={deletion.onClick}
              >
                {deletion.label}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {deletion && !deletion.allowed && (
        <Text id={noteId} size="sm" c="dimmed">
          {deletion.note}
        </Text>
      )}
    </Stack>
  );
}
