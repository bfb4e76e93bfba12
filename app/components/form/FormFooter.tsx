import { Alert, Button, Group } from "@mantine/core";

export interface FormFooterProps {
  /** The last refusal not shown beside an input, or null. */
  failure: string | null;
  onCancel: () => void;
  /** The save is running: the Save button shows it. */
  saving: boolean;
  cancelLabel: string;
  saveLabel: string;
}

/** The end of an add or edit form: what the server refused, then Cancel and Save (the submit). */
export function FormFooter({ failure, onCancel, saving, cancelLabel, saveLabel }: FormFooterProps) {
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={saving}>
          {saveLabel}
        </Button>
      </Group>
    </>
  );
}
