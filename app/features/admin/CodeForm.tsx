import "@mantine/core/styles/SimpleGrid.css";
import { NativeSelect, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  currencyLabelKey,
  PAYMENT_CURRENCIES,
  type PaymentCurrency,
} from "../../../domain/catalog/currencies.ts";
import {
  type BillingCode,
  type BillingMode,
  CODE_KINDS,
  type CodeKind,
  createCodeBodySchema,
  MAX_CODES_AT_ONCE,
  MAX_PERIOD_DAYS,
} from "../../../domain/schemas/subscription.ts";
import { DateField } from "../../components/DateField.tsx";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { adminCodes } from "./adminBillingApi.ts";
import { MinorUnitsInput, WholeNumberInput } from "./numberInputs.tsx";

const DISCOUNT_TYPES = ["percent", "amount"] as const;

type CodeValues = {
  kind: CodeKind;
  /** A discount is either a percentage or an amount: the form shows one input at a time. */
  discountType: (typeof DISCOUNT_TYPES)[number];
  percentOff: number | null;
  /** Minor units, typed in major units. */
  amountOff: number | null;
  currency: PaymentCurrency;
  periodDays: number | null;
  expiresAt: number | null;
  maxUses: number | null;
  count: number | null;
};

const FIELDS = new Set([
  "kind",
  "percentOff",
  "amountOff",
  "currency",
  "periodDays",
  "expiresAt",
  "maxUses",
  "count",
]);

/** What is sent: the fields of the chosen kind only, so a value typed before switching is not. */
function codeBody(values: CodeValues) {
  const discount = values.kind === "discount";
  const byAmount = discount && values.discountType === "amount";
  return {
    kind: values.kind,
    percentOff: discount && !byAmount ? values.percentOff : null,
    amountOff: byAmount ? values.amountOff : null,
    currency: byAmount ? values.currency : null,
    periodDays: discount ? null : values.periodDays,
    expiresAt: values.expiresAt,
    // The server makes every unique subscription code single use.
    maxUses: values.kind === "subscription" ? null : values.maxUses,
    count: values.count,
  };
}

/** The API's own rules, applied to what would be sent (its fields keep the form's names). */
const codeFormSchema = z.preprocess((values) => codeBody(values as CodeValues), createCodeBodySchema);

export interface CodeFormProps {
  mode: BillingMode;
  onCreated: (codes: BillingCode[]) => void;
  onCancel: () => void;
}

/**
 * New codes, up to 500 at once: a discount off the next payment (Stripe only: with billing off
 * nothing is paid, and the server refuses it), or a free period from an eVoucher or a unique
 * subscription code.
 */
export function CodeForm({ mode, onCreated, onCancel }: CodeFormProps) {
  const { t } = useTranslation(["admin", "catalog"]);
  const kinds = mode === "stripe" ? CODE_KINDS : CODE_KINDS.filter((kind) => kind !== "discount");
  const { form, showServerError } = useSchemaForm<CodeValues>({
    initialValues: {
      kind: kinds[0] ?? "voucher",
      discountType: "percent",
      percentOff: null,
      amountOff: null,
      currency: "cad",
      periodDays: null,
      expiresAt: null,
      maxUses: null,
      count: 1,
    },
    schema: codeFormSchema,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = adminCodes.useCreate();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(createCodeBodySchema.parse(codeBody(values)), {
      onSuccess: onCreated,
      onError: (error) => setFailure(showServerError(error, (path) => FIELDS.has(path))),
    });
  });

  const { kind, discountType } = form.values;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t("codes.fields.kind")}
          required
          data={kinds.map((value) => ({ value, label: t(`codes.kindChoice.${value}`) }))}
          data-autofocus
          {...form.getInputProps("kind")}
        />
        {kind === "discount" ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NativeSelect
              label={t("codes.fields.discountType")}
              data={DISCOUNT_TYPES.map((value) => ({ value, label: t(`codes.discountType.${value}`) }))}
              {...form.getInputProps("discountType")}
              onChange={(event) => {
                form.setFieldValue("discountType", event.currentTarget.value as CodeValues["discountType"]);
                // A message of the other input (a percentage above 100) says nothing of this one.
                form.clearFieldError("percentOff");
                form.clearFieldError("amountOff");
              }}
            />
            {discountType === "percent" ? (
              <WholeNumberInput
                label={t("codes.fields.percentOff")}
                description={t("codes.fields.percentOffHint")}
                required
                {...form.getInputProps("percentOff")}
                value={form.values.percentOff}
              />
            ) : (
              <>
                <MinorUnitsInput
                  label={t("codes.fields.amountOff")}
                  required
                  {...form.getInputProps("amountOff")}
                  value={form.values.amountOff}
                  // The schema names percentOff when neither is given; here the amount is missing.
                  error={form.errors.amountOff ?? form.errors.percentOff}
                />
                <NativeSelect
                  label={t("codes.fields.currency")}
                  required
                  data={PAYMENT_CURRENCIES.map((currency) => ({
                    value: currency,
                    label: t(`catalog:${currencyLabelKey(currency)}`),
                  }))}
                  {...form.getInputProps("currency")}
                />
              </>
            )}
          </SimpleGrid>
        ) : (
          <WholeNumberInput
            label={t("codes.fields.periodDays")}
            description={t("codes.fields.periodDaysHint", { max: MAX_PERIOD_DAYS })}
            required
            {...form.getInputProps("periodDays")}
            value={form.values.periodDays}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateField
            label={t("codes.fields.expiresAt")}
            description={t("codes.fields.expiresAtHint")}
            {...form.getInputProps("expiresAt")}
            value={form.values.expiresAt}
          />
          {kind === "subscription" ? null : (
            <WholeNumberInput
              label={t("codes.fields.maxUses")}
              description={t("codes.fields.maxUsesHint")}
              {...form.getInputProps("maxUses")}
              value={form.values.maxUses}
            />
          )}
          <WholeNumberInput
            label={t("codes.fields.count")}
            description={t("codes.fields.countHint", { max: MAX_CODES_AT_ONCE })}
            required
            {...form.getInputProps("count")}
            value={form.values.count}
          />
        </SimpleGrid>
        <FormFooter
          failure={failure}
          onCancel={onCancel}
          saving={create.isPending}
          cancelLabel={t("cancel")}
          saveLabel={t("codes.create")}
        />
      </Stack>
    </form>
  );
}
