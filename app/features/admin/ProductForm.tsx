import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  currencyLabelKey,
  PAYMENT_CURRENCIES,
  type PaymentCurrency,
} from "../../../domain/catalog/currencies.ts";
import {
  type BillingMode,
  createProductBodySchema,
  PLAN_INTERVALS,
  type PlanInterval,
} from "../../../domain/schemas/subscription.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import type { FieldMessage } from "../../components/form/schemaErrors.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { showToast } from "../../shell/toast.ts";
import { adminProducts } from "./adminBillingApi.ts";
import { MinorUnitsInput } from "./numberInputs.tsx";

type ProductValues = {
  name: string;
  currency: PaymentCurrency;
  /** Minor units, typed in major units. */
  amount: number | null;
  interval: PlanInterval;
  isB2B: boolean;
  providerPriceId: string;
};

const FIELDS = new Set(["name", "currency", "amount", "interval", "isB2B", "providerPriceId"]);

const REQUIRED: FieldMessage = { key: "errors:fields.required", params: {} };

/**
 * A new product. With Stripe it names its Stripe price, which the server checks against the
 * currency, amount and interval; with billing off there is no price to name.
 */
export function ProductForm({ mode, onDone }: { mode: BillingMode; onDone: () => void }) {
  const { t } = useTranslation(["admin", "catalog"]);
  const stripe = mode === "stripe";
  const { form, showServerError } = useSchemaForm<ProductValues>({
    initialValues: {
      name: "",
      currency: "cad",
      amount: null,
      interval: "month",
      isB2B: false,
      providerPriceId: "",
    },
    schema: createProductBodySchema,
    // The schema leaves the price optional: it is the billing mode that requires it.
    extraMessages: (values): Record<string, FieldMessage> =>
      stripe && values.providerPriceId.trim() === "" ? { providerPriceId: REQUIRED } : {},
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = adminProducts.useCreate();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body = createProductBodySchema.parse({
      ...values,
      providerPriceId: stripe ? values.providerPriceId : null,
    });
    create.mutate(body, {
      onSuccess: (product) => {
        showToast(t("products.created", { name: product.name }));
        onDone();
      },
      onError: (error) => setFailure(showServerError(error, (path) => FIELDS.has(path))),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("products.fields.name")}
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("name")}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NativeSelect
            label={t("products.fields.currency")}
            required
            data={PAYMENT_CURRENCIES.map((currency) => ({
              value: currency,
              label: t(`catalog:${currencyLabelKey(currency)}`),
            }))}
            {...form.getInputProps("currency")}
          />
          <MinorUnitsInput
            label={t("products.fields.amount")}
            description={t("products.fields.amountHint")}
            required
            {...form.getInputProps("amount")}
            value={form.values.amount}
          />
          <NativeSelect
            label={t("products.fields.interval")}
            required
            data={PLAN_INTERVALS.map((interval) => ({ value: interval, label: t(`interval.${interval}`) }))}
            {...form.getInputProps("interval")}
          />
        </SimpleGrid>
        <Checkbox
          label={t("products.fields.isB2B")}
          description={t("products.fields.isB2BHint")}
          {...form.getInputProps("isB2B", { type: "checkbox" })}
        />
        {stripe ? (
          <TextInput
            label={t("products.fields.providerPriceId")}
            description={t("products.fields.providerPriceIdHint")}
            required
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps("providerPriceId")}
          />
        ) : null}
        <FormFooter
          failure={failure}
          onCancel={onDone}
          saving={create.isPending}
          cancelLabel={t("cancel")}
          saveLabel={t("products.create")}
        />
      </Stack>
    </form>
  );
}
