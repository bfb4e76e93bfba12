import { NumberInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PRODUCTS_COUNT } from "../../../domain/limits.ts";
import { errorMessage, fieldError } from "../../api/errorMessages.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { showToast } from "../../shell/toast.ts";
import { useChangeSeats } from "./companyApi.ts";

/**
 * The seats the company plan pays for: more are invoiced at once for the rest of the period,
 * fewer are credited on the next invoice; never fewer than members and invitations hold.
 */
export function SeatsForm({ initial, used, onDone }: { initial: number; used: number; onDone: () => void }) {
  const { t } = useTranslation("company");
  const change = useChangeSeats();
  const [seats, setSeats] = useState<number | string>(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typeof seats !== "number") return;
    change.mutate(seats, {
      onSuccess: (company) => {
        showToast(t("seatsChange.done", { count: company.seats.bought ?? seats }));
        onDone();
      },
    });
  };
  const seatsError = fieldError(t, change.error, "seats");
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("seatsChange.intro", { count: used })}</Text>
        <NumberInput
          label={t("seatsChange.label")}
          required
          min={Math.max(used, 1)}
          max={MAX_PRODUCTS_COUNT}
          allowDecimal={false}
          allowNegative={false}
          value={seats}
          onChange={setSeats}
          error={seatsError}
          maw={200}
          data-autofocus
        />
        <FormFooter
          failure={change.error && seatsError === undefined ? errorMessage(t, change.error) : null}
          onCancel={onDone}
          saving={change.isPending}
          cancelLabel={t("invite.cancel")}
          saveLabel={t("seatsChange.submit")}
        />
      </Stack>
    </form>
  );
}
