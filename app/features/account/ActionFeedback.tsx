import { Alert, Group, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";

export interface ActionFeedbackProps {
  /** What just worked, said politely. */
  success?: string | null;
  /** What failed, said at once (role="alert"). */
  error?: string | null;
}

/**
 * The outcome of an action, next to it. The status region is always present, so a screen reader
 * hears the message that appears in it; the error is an alert.
 */
export function ActionFeedback({ success, error }: ActionFeedbackProps) {
  return (
    <>
      <div role="status">
        {success ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden="true" />
            <Text>{success}</Text>
          </Group>
        ) : null}
      </div>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
