import { Alert, Button, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * An invitation refused for want of seats: how many more are needed and, while a company plan
 * runs, the way to add them (the seat change, that number already filled in).
 */
export function SeatsShortage({
  missing,
  message,
  onAdd,
}: {
  missing: number;
  /** What was refused, worded by the caller (one invitation, or a whole file). */
  message: string;
  onAdd?: (missing: number) => void;
}) {
  const { t } = useTranslation("company");
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{message}</Text>
      {onAdd === undefined ? null : (
        <Button display="block" mt="sm" variant="default" onClick={() => onAdd(missing)}>
          {t("seatsChange.add", { count: missing })}
        </Button>
      )}
    </Alert>
  );
}
