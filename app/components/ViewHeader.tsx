import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
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

/**
 * A view page's heading with its Edit and Delete buttons, as the record and person views show it.
 * `actions` null is a read-only view (a nominee's): the heading alone.
 */
export function ViewHeader({ title, actions }: { title: string; actions: ViewHeaderActions | null }) {
  const noteId = useId();
  const deletion = actions?.delete;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1}>{title}</Title>
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
