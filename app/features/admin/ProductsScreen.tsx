import { Button, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminProduct } from "../../../domain/schemas/subscription.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { Loaded } from "../../components/Loaded.tsx";
import type { TableColumn } from "../../components/PagedTable.tsx";
import { useBillingSettings } from "../../session/billingSettings.ts";
import { AdminScreen } from "./AdminScreen.tsx";
import { AdminTable, useArchiveColumns } from "./AdminTable.tsx";
import { adminProducts } from "./adminBillingApi.ts";
import { ProductForm } from "./ProductForm.tsx";
import { useAdminFormats } from "./useAdminFormats.ts";

/** /admin/products: the plans on sale and archived, and a new one. */
export function ProductsScreen() {
  const { t } = useTranslation("admin");
  const products = adminProducts.useList();
  // Read with the list, so the form opens at once knowing whether a Stripe price is needed.
  const settings = useBillingSettings();
  const [creating, setCreating] = useState(false);
  const close = () => setCreating(false);

  return (
    <AdminScreen
      title={t("products.heading")}
      action={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t("products.new")}
        </Button>
      }
    >
      <ProductTable query={products} />
      <FormDialog opened={creating} title={t("products.new")} onClose={close}>
        <Loaded query={settings} failure={t("settingsFailed")}>
          {({ mode }) => <ProductForm mode={mode} onDone={close} />}
        </Loaded>
      </FormDialog>
    </AdminScreen>
  );
}

function ProductTable({ query }: { query: UseQueryResult<AdminProduct[]> }) {
  const { t } = useTranslation("admin");
  const formats = useAdminFormats();
  const archive = adminProducts.useArchive();
  const archiving = useArchiveColumns<AdminProduct>(
    "products",
    (product) => product.name,
    (product) => archive.mutateAsync(product.id),
  );
  const columns: TableColumn<AdminProduct>[] = [
    { header: t("products.columns.name"), cell: (product) => product.name },
    { header: t("products.columns.currency"), cell: (product) => product.currency.toUpperCase() },
    {
      header: t("products.columns.amount"),
      alignEnd: true,
      cell: (product) => formats.amount(product.amount),
    },
    { header: t("products.columns.interval"), cell: (product) => t(`interval.${product.interval}`) },
    { header: t("products.columns.isB2B"), cell: (product) => (product.isB2B ? t("yes") : t("no")) },
    {
      header: t("products.columns.providerPriceId"),
      breakAnywhere: true,
      cell: (product) => (
        <Text component="span" ff="monospace" inherit>
          {product.integrationData.providerProductId ?? "—"}
        </Text>
      ),
    },
    archiving.status,
    archiving.archive,
  ];
  return (
    <AdminTable
      list="products"
      query={query}
      columns={columns}
      rowKey={(product) => product.id}
      minWidth={820}
    />
  );
}
